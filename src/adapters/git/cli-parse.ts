import type { CommitInfo, FileChange, LineOrigin, TreeEntry } from "./types.js";

/** How `git log` lists each commit's changes for `parseLog`: renames found, blob ids in full. */
export const LOG_CHANGES = ["-z", "-M", "--raw", "--no-abbrev"] as const;

/**
 * The `git log --format` that `parseLog` reads: fields separated by NUL, commits by \x01; the
 * changes follow as `LOG_CHANGES` lists them.
 */
export const LOG_FORMAT =
  "%x01%m%H%x00%P%x00%an%x00%ae%x00%ct%x00%s%x00%(trailers:key=Adrift-Workline,valueonly,separator=%x1f)";

/** Parses `--name-status -z` tokens (starting at `i`) into changes; returns the changes. */
export function parseNameStatus(tokens: readonly string[], start = 0): FileChange[] {
  const changes: FileChange[] = [];
  let i = start;
  while (i < tokens.length) {
    const token = tokens[i]!;
    const code = token.charCodeAt(0) === 10 ? token.slice(1) : token; // a newline may lead
    if (code === "") {
      i++;
      continue;
    }
    const merged = combined(code);
    if (merged) {
      changes.push({ status: merged, path: tokens[i + 1]! });
      i += 2;
      continue;
    }
    const letter = code[0]!;
    if (letter === "R" || letter === "C") {
      const from = tokens[i + 1]!;
      const to = tokens[i + 2]!;
      const similarity = Number(code.slice(1)) || 0;
      if (letter === "R") changes.push({ status: "R", path: to, old_path: from, similarity });
      else changes.push({ status: "A", path: to });
      i += 3;
      continue;
    }
    const file = tokens[i + 1]!;
    const status = letter === "A" || letter === "D" || letter === "T" ? letter : "M";
    changes.push({ status, path: file });
    i += 2;
  }
  return changes;
}

/**
 * A merge's status in a combined diff (`git log -c`): a letter per parent ("MM", "AM", "RM"), and
 * one path, the merge's. Next to a parent it was renamed from, the path was not there: added. The
 * letter all parents share when it is an addition or a deletion (the merge's own), else `M` (the
 * file was there next to some parent) — as the embedded adapter compares trees path by path.
 * Undefined for a one-parent status ("M", "R100").
 */
function combined(code: string): "A" | "D" | "M" | undefined {
  if (code.length < 2 || code.charCodeAt(1) < 65) return undefined;
  const added = (c: string) => (c === "R" || c === "C" ? "A" : c);
  const first = added(code[0]!);
  for (let k = 1; k < code.length; k++) if (added(code[k]!) !== first) return "M";
  return first === "A" || first === "D" ? first : "M";
}

/** The offset just past the `n`th space of `token` from `from`; -1 when it has fewer. */
function afterSpaces(token: string, from: number, n: number): number {
  let at = from;
  for (let k = 0; k < n && at >= 0; k++) {
    const space = token.indexOf(" ", at);
    at = space < 0 ? -1 : space + 1;
  }
  return at;
}

/** Where the field of `token` starting at `from` ends (the next space, or the end). */
function fieldEnd(token: string, from: number): number {
  const space = token.indexOf(" ", from);
  return space < 0 ? token.length : space;
}

/**
 * The blob id of raw diff output starting at `from` in `token`: undefined for git's all-zero
 * "no file" (and for no field). Read in place: splitting each line into its fields cost more
 * than the rest of its parse, on a log that lists two ids per change.
 */
function blobAt(token: string, from: number): string | undefined {
  if (from < 0) return undefined;
  const end = fieldEnd(token, from);
  let k = from;
  while (k < end && token.charCodeAt(k) === 48) k++;
  return k === end && end > from ? undefined : token.slice(from, end);
}

/**
 * A change with its contents: `blob` what it left, `was` what it found (an addition found none).
 * Built whole, each property present only when known: a property added later costs an object of
 * its own, and a log holds tens of thousands of changes.
 */
function withContents(
  status: FileChange["status"],
  path: string,
  blob: string | undefined,
  found: string | undefined,
): FileChange {
  const was = status === "A" ? undefined : found;
  if (blob !== undefined)
    return was !== undefined ? { status, path, blob, was } : { status, path, blob };
  return was !== undefined ? { status, path, was } : { status, path };
}

/** A rename (`similarity` percent alike) with its contents, as `withContents`. */
function renameWithContents(
  path: string,
  old_path: string,
  similarity: number,
  blob: string | undefined,
  was: string | undefined,
): FileChange {
  const change: FileChange = { status: "R", path, old_path, similarity };
  if (blob !== undefined) change.blob = blob;
  if (was !== undefined) change.was = was;
  return change;
}

/**
 * Parses `--raw -z --no-abbrev` tokens (starting at `start`) into changes, with the blob ids a
 * change found and left: `:mode mode oid oid status` and its path (two for a rename or copy); a
 * merge's combined form (`git log -c`) `::mode… oid… statuses` and one path, its `was` the first
 * parent's blob at that path (none where the first parent had it under another name). An
 * unmerged entry (`U`, all-zero ids) says no contents.
 */
export function parseRawChanges(tokens: readonly string[], start = 0): FileChange[] {
  const changes: FileChange[] = [];
  let i = start;
  while (i < tokens.length) {
    let token = tokens[i]!;
    if (token.charCodeAt(0) === 10) token = token.slice(1); // a newline may lead
    if (token.charCodeAt(0) !== 58) {
      i++; // not a change (an empty token between commits)
      continue;
    }
    let parents = 0;
    while (token.charCodeAt(parents) === 58) parents++;
    // After the colons: a mode per parent and the commit's, a blob id each, then the status.
    const wasFrom = afterSpaces(token, parents, parents + 1);
    const blobFrom = afterSpaces(token, wasFrom, parents);
    const codeFrom = afterSpaces(token, blobFrom, 1);
    const code = codeFrom < 0 ? "" : token.slice(codeFrom, fieldEnd(token, codeFrom));
    const was = blobAt(token, wasFrom);
    const blob = blobAt(token, blobFrom);
    if (parents > 1) {
      // Renamed or copied from the first parent: git shows the source's blob, but at this path
      // the first parent held no file (as the embedded adapter, comparing path by path, says).
      const here = code[0] === "R" || code[0] === "C" ? undefined : was;
      changes.push(withContents(combined(code) ?? "M", tokens[i + 1]!, blob, here));
      i += 2;
      continue;
    }
    const letter = code[0]!;
    if (letter === "R" || letter === "C") {
      const from = tokens[i + 1]!;
      const to = tokens[i + 2]!;
      const similarity = Number(code.slice(1)) || 0;
      if (letter === "R") changes.push(renameWithContents(to, from, similarity, blob, was));
      else changes.push(withContents("A", to, blob, was));
      i += 3;
      continue;
    }
    const status = letter === "A" || letter === "D" || letter === "T" ? letter : "M";
    changes.push(
      letter === "U"
        ? { status, path: tokens[i + 1]! }
        : withContents(status, tokens[i + 1]!, blob, was),
    );
    i += 2;
  }
  return changes;
}

/** Parses one commit of `git log -z --raw --format=LOG_FORMAT` (the text after its \x01). */
function parseCommit(chunk: string): CommitInfo {
  const tokens = chunk.split("\0");
  const [marked, parents, author, email, time, subject, trailers] = tokens;
  const commit: CommitInfo = {
    hash: marked!.slice(1),
    parents: parents ? parents.split(" ") : [],
    author: author ?? "",
    author_email: email ?? "",
    time: Number(time) || 0,
    subject: subject ?? "",
    worklines: trailers
      ? trailers
          .split("\x1f")
          .map((t) => t.trim())
          .filter(Boolean)
      : [],
    changes: parseRawChanges(tokens, 7),
  };
  if (marked!.startsWith("-")) commit.boundary = true;
  return commit;
}

/** Parses the output of `git log -z --raw --no-abbrev --format=LOG_FORMAT`. */
export function parseLog(text: string): CommitInfo[] {
  const commits: CommitInfo[] = [];
  for (const chunk of text.split("\x01")) if (chunk.length > 0) commits.push(parseCommit(chunk));
  return commits;
}

/**
 * Parses that output as it arrives: each commit is complete once the next one starts. The
 * pieces of an unfinished commit are kept apart and joined once it is complete: one commit
 * changing thousands of files arrives in many pieces, and joining and searching the whole of it
 * again at each piece cost time quadratic in its size.
 */
export class LogStreamParser {
  private pending: string[] = [];
  /** The commits completed by `text`. */
  push(text: string): CommitInfo[] {
    const last = text.lastIndexOf("\x01");
    if (last < 0) {
      this.pending.push(text);
      return [];
    }
    this.pending.push(text.slice(0, last));
    const done = this.pending.join("");
    this.pending = [text.slice(last)];
    return parseLog(done);
  }
  /** The last commit, at the end of the output. */
  end(): CommitInfo[] {
    const rest = this.pending.join("");
    this.pending = [];
    return parseLog(rest);
  }
}

/** Parses `git ls-tree -r -z` output. */
export function parseLsTree(text: string): TreeEntry[] {
  const entries: TreeEntry[] = [];
  for (const line of text.split("\0")) {
    if (!line) continue;
    const tab = line.indexOf("\t");
    const [, type, oid] = line.slice(0, tab).split(" ");
    if (type !== "blob" && type !== "tree") continue; // submodules (commit) are not files
    entries.push({ path: line.slice(tab + 1), oid: oid!, type });
  }
  return entries;
}

/**
 * Parses `git blame --line-porcelain`: per line of the file, the commit that added it and the
 * emails of its author and committer; undefined for a line not committed yet (git's all-zero id).
 */
export function parseBlameOrigins(text: string): (LineOrigin | undefined)[] {
  const origins: (LineOrigin | undefined)[] = [];
  let commit = "";
  let author = "";
  let committer = "";
  for (const line of text.split("\n")) {
    if (line.startsWith("\t")) {
      origins.push(
        /^0+$/.test(commit)
          ? undefined
          : { commit, author_email: author, committer_email: committer },
      );
      commit = "";
    } else if (commit === "" && /^[0-9a-f]{40,64} /.test(line))
      commit = line.slice(0, line.indexOf(" "));
    else if (line.startsWith("author-mail ")) author = line.slice(12).replace(/^<|>$/g, "");
    else if (line.startsWith("committer-mail ")) committer = line.slice(15).replace(/^<|>$/g, "");
  }
  return origins;
}
