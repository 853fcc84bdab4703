import { readFileSync } from "node:fs";
import path from "node:path";
import * as git from "isomorphic-git";
import type { EmbeddedRepo } from "./embedded-revision.js";
import type { LineOrigin } from "./types.js";

/** The line texts of a file's bytes (CRLF read as LF). */
function linesOf(bytes: Uint8Array): string[] {
  const lines = Buffer.from(bytes)
    .toString("utf8")
    .split("\n")
    .map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/**
 * `git blame` for the embedded adapter, for files that only grow (the log): the commit that
 * added a line of `file` (as it is in the work tree) is the one among HEAD's ancestors whose
 * version of the file has the line and whose parents' versions do not — at a merge, the side
 * that had it is followed. Lines HEAD's version does not have are not committed (undefined).
 * A missing parent (a shallow clone) counts as a version without the file, as git's blame does.
 */
export async function embeddedLineOrigins(
  repo: EmbeddedRepo,
  file: string,
  head: string | undefined,
): Promise<(LineOrigin | undefined)[]> {
  let current: string[];
  try {
    current = linesOf(readFileSync(path.join(repo.dir, file)));
  } catch {
    return [];
  }
  if (!head) return current.map(() => undefined);
  const versions = new Map<string, Promise<Set<string>>>();
  const linesAt = (oid: string) => {
    let version = versions.get(oid);
    if (!version) {
      version = git
        .readBlob({ ...repo, oid, filepath: file })
        .then(({ blob }) => new Set(linesOf(blob)))
        .catch(() => new Set<string>());
      versions.set(oid, version);
    }
    return version;
  };
  const headLines = await linesAt(head);
  const pending = new Set(current.filter((text) => headLines.has(text)));
  const origins = new Map<string, LineOrigin>();
  const queue = [head];
  const seen = new Set<string>();
  while (queue.length > 0 && pending.size > 0) {
    const oid = queue.shift()!;
    if (seen.has(oid)) continue;
    seen.add(oid);
    const commit = await git.readCommit({ ...repo, oid }).catch(() => undefined);
    if (!commit) continue;
    const here = await linesAt(oid);
    const parents = await Promise.all(
      commit.commit.parent.map(async (parent) => ({ parent, lines: await linesAt(parent) })),
    );
    for (const text of [...pending])
      if (here.has(text) && parents.every(({ lines }) => !lines.has(text))) {
        origins.set(text, {
          commit: oid,
          author_email: commit.commit.author.email,
          committer_email: commit.commit.committer.email,
        });
        pending.delete(text);
      }
    // Only into a parent that still has a line whose origin is not found: the others cannot add it.
    for (const { parent, lines } of parents)
      if ([...pending].some((text) => lines.has(text))) queue.push(parent);
  }
  return current.map((text) => origins.get(text));
}
