import { isUtf8 } from "node:buffer";
import type { Dirent, Stats } from "node:fs";
import { lstatSync, readFileSync, readlinkSync } from "node:fs";
import { open, readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { AdriftError } from "../core/errors.js";
import type { Problem } from "../core/events/parse.js";
import { writeFileAtomically } from "./atomic-file.js";
import { stateDir } from "./local-state.js";

/** A file's size, times and inode: any write to it changes one of them. */
export function statIdentity(s: Pick<Stats, "size" | "mtimeMs" | "ctimeMs" | "ino">): string {
  return `${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.ino}`;
}

/** Suffix that makes a file part of the log. */
export const LOG_SUFFIX = ".events.ndjson";

/** The directory that holds the log and config, relative to the repository root. */
const DECISIONS = ".decisions";

/**
 * The directories whose `*.events.ndjson` files make the log: `.decisions/` and the log dir.
 * Refuses either when it is reached through a symbolic link (see `assertNoLinkOnTheWay`).
 */
export function logDirsOf(root: string, logDir: string): string[] {
  assertNoLinkOnTheWay(root, DECISIONS);
  assertNoLinkOnTheWay(root, logDir);
  return logDirsRelative(logDir).map((dir) => path.join(root, dir));
}

/** A configured log dir as a plain repo-relative path: `/`-separated, no `./`, no trailing `/`. */
export function normalizeLogDir(logDir: string): string {
  return path.posix.normalize(logDir.replaceAll("\\", "/")).replace(/\/+$/, "");
}

/** `logDirsOf`, repo-relative (`/`-separated): `.decisions`, and the log dir when outside it. */
export function logDirsRelative(logDir: string): string[] {
  const dir = normalizeLogDir(logDir);
  const inside = dir === DECISIONS || dir.startsWith(`${DECISIONS}/`);
  return inside ? [DECISIONS] : [DECISIONS, dir];
}

/**
 * The most a log file may hold to be read (1 GiB): adrift's own files close at 1 MiB, and a
 * file this large is something else put there. Reading it whole would fail inside node (over
 * 2 GiB) or exhaust memory.
 */
export const MAX_LOG_FILE_BYTES = 1024 * 1024 * 1024;

/** Refuses (`corrupt_log`) a log file of `size` bytes over MAX_LOG_FILE_BYTES, naming it. */
export function assertLogFileSize(name: string, size: number): void {
  if (size <= MAX_LOG_FILE_BYTES) return;
  const n = (value: number) => value.toLocaleString("en-US");
  throw new AdriftError(
    "corrupt_log",
    `${name} holds ${n(size)} bytes, over the ${n(MAX_LOG_FILE_BYTES)} bytes a log file may hold (adrift closes its own at 1 MiB); move the file out of the log directory`,
    { file: name, size, limit: MAX_LOG_FILE_BYTES },
  );
}

/**
 * Refuses a repo-relative directory when one of its parts below `root` is a symbolic link. The
 * log is read and written only in real directories of the work tree: through a link, the files
 * would live where git does not track them (git keeps the link, not what it points to), and a
 * reader that does not follow links would find nothing where the writer wrote. Parts that do not
 * exist yet are fine (the writer creates real directories).
 */
export function assertNoLinkOnTheWay(root: string, relative: string): void {
  let current = root;
  for (const segment of relative.split(/[\\/]/)) {
    if (segment === "" || segment === ".") continue;
    current = path.join(current, segment);
    const stat = lstatSync(current, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isSymbolicLink())
      throw linkRefused(
        root,
        current,
        current === path.join(root, relative) ? "file or directory" : "directory",
      );
  }
}

function linkRefused(
  root: string | undefined,
  link: string,
  what: "directory" | "file" | "file or directory",
): AdriftError {
  const name = root ? path.relative(root, link).split(path.sep).join("/") : link;
  let target = "";
  try {
    target = ` (to ${readlinkSync(link)})`;
  } catch {
    // gone meanwhile
  }
  return new AdriftError(
    "validation_failed",
    `${name} is a symbolic link${target}: adrift reads and writes only real files and directories of the work tree, which git tracks (a link leads outside it); replace the link with the ${what} it points to`,
    { path: name },
  );
}

/** Every log file below `dirs` (absolute paths, each once), sorted for deterministic reads. */
export async function listLogFiles(dirs: string | readonly string[]): Promise<string[]> {
  const found = new Set<string>();
  const walk = async (current: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && entry.name.endsWith(LOG_SUFFIX)) found.add(full);
      // A linked log file is refused, never skipped as if it were not there. Linked folders are
      // not followed: adrift never writes into one (the log dir's own path is checked).
      else if (entry.isSymbolicLink() && entry.name.endsWith(LOG_SUFFIX))
        throw linkRefused(undefined, full, "file");
    }
  };
  for (const dir of typeof dirs === "string" ? [dirs] : dirs) await walk(dir);
  return [...found].sort();
}

/**
 * A log file's stamp: its path (relative to the root), size and a digest of its contents — the
 * id git gives those contents as a blob, so a file can be told committed as it is at a revision.
 */
export type LogFileStamp = [file: string, size: number, digest: string];

/** Digests already computed, by file: its stat identity when they were, and the digest. */
type DigestMemo = { version: 2; files: Record<string, [identity: string, digest: string]> };

const DIGESTS = "log-digests.json";

/** The digests this process took or trusted, by absolute file: at which stat identity. */
const digestsSeen = new Map<string, [identity: string, digest: string]>();

/**
 * The digest `logFileStamps` gave `file` when the file had this stat identity (read from an open
 * handle): a reader holding the same file need not hash it again. Undefined when unknown.
 */
export function digestAtIdentity(file: string, identity: string): string | undefined {
  const seen = digestsSeen.get(file);
  return seen?.[0] === identity ? seen[1] : undefined;
}

/**
 * Each log file (relative to `root`) with its size and a digest of its contents: the key of the
 * caches derived from the log. Keyed by contents, not mtimes, so a `.git/adrift` restored into a
 * fresh clone (a CI cache) still matches. A file is read and hashed only when its stat identity
 * (size, mtime, ctime, inode) differs from the one its digest was computed at, remembered in
 * `<git dir>/adrift/log-digests.json`: on the hook path, as cheap as a stat.
 */
export async function logFileStamps(
  dirs: readonly string[],
  root: string,
  gitDir: string,
): Promise<LogFileStamp[]> {
  const files = await listLogFiles(dirs);
  const memoFile = path.join(stateDir(gitDir), DIGESTS);
  let memo: DigestMemo = { version: 2, files: {} };
  try {
    const read = JSON.parse(readFileSync(memoFile, "utf8")) as DigestMemo;
    if (read.version === 2 && typeof read.files === "object") memo = read;
  } catch {
    // none yet, or unreadable: digests are computed again
  }
  let changed = false;
  const stamps = await Promise.all(
    files.map(async (file): Promise<LogFileStamp> => {
      const name = path.relative(root, file);
      const s = await stat(file);
      const identity = statIdentity(s);
      const known = memo.files[name];
      if (known && known[0] === identity) {
        digestsSeen.set(file, [identity, known[1]]);
        return [name, s.size, known[1]];
      }
      // Read after the stat: a file written meanwhile has another identity next time.
      assertLogFileSize(name, s.size);
      const bytes = await readFile(file);
      const { createHash } = await import("node:crypto");
      const digest = createHash("sha1")
        .update(`blob ${bytes.length}\0`)
        .update(bytes)
        .digest("hex");
      memo.files[name] = [identity, digest];
      if (bytes.length === s.size) digestsSeen.set(file, [identity, digest]);
      changed = true;
      return [name, bytes.length, digest];
    }),
  );
  const seen = new Set(stamps.map(([name]) => name));
  for (const name of Object.keys(memo.files))
    if (!seen.has(name)) {
      delete memo.files[name];
      changed = true;
    }
  if (changed) writeMemo(memoFile, memo);
  return stamps;
}

/** Bytes read at a time when a log file's growth is checked: no buffer the size of the log. */
const GROWTH_CHUNK = 1 << 20;

/**
 * The growth the last stamp pairs were checked for in this process (see `logGrowth`): a few, so
 * a long-running process (`site serve`, `watch`, the MCP server) does not keep every append.
 */
const growthChecked = new Map<string, Promise<Buffer | undefined>>();
const GROWTH_KEPT = 8;

/**
 * The bytes a log file (absolute) gained since it was as `then` names it, now that it is as
 * `now` names it: when its first `then` bytes are still those (their git blob id), they end a
 * line, and all the bytes are what `now` names; undefined otherwise (edited, rewritten, torn,
 * or changed while read). Checked once per process for a pair of stamps: the state's fold and
 * the marks set aside both ask. Read a chunk at a time, hashed as read: a rebuild after one new
 * record does not hold a second copy of a large log.
 */
export function logGrowth(
  file: string,
  then: Pick<LogFileStamp, 1 | 2>,
  now: Pick<LogFileStamp, 1 | 2>,
): Promise<Buffer | undefined> {
  const asked = `${file}\0${then[1]}\0${then[2]}\0${now[1]}\0${now[2]}`;
  let checked = growthChecked.get(asked);
  if (!checked) {
    checked = readGrowth(file, then[1], then[2], now[1], now[2]).catch(() => undefined);
    growthChecked.set(asked, checked);
    for (const old of growthChecked.keys()) {
      if (growthChecked.size <= GROWTH_KEPT) break;
      growthChecked.delete(old);
    }
  }
  return checked;
}

async function readGrowth(
  file: string,
  from: number,
  fromDigest: string,
  size: number,
  digest: string,
): Promise<Buffer | undefined> {
  if (from >= size) return undefined;
  const { createHash } = await import("node:crypto");
  const handle = await open(file, "r");
  try {
    // The whole file is hashed too unless this process took its digest at the identity it has,
    // before the read and still after it (a write meanwhile changes it: see below).
    const identity = statIdentity(await handle.stat());
    const known = digestAtIdentity(file, identity) === digest;
    const whole = known ? undefined : createHash("sha1").update(`blob ${size}\0`);
    const prefix = from > 0 ? createHash("sha1").update(`blob ${from}\0`) : undefined;
    const tail = Buffer.allocUnsafe(size - from);
    const chunk = Buffer.allocUnsafe(Math.min(GROWTH_CHUNK, from));
    let at = 0;
    let lastOfPrefix = 0x0a;
    while (at < from) {
      const want = Math.min(chunk.length, from - at);
      const { bytesRead } = await handle.read(chunk, 0, want, at);
      if (bytesRead !== want) return undefined;
      const read = chunk.subarray(0, want);
      prefix?.update(read);
      whole?.update(read);
      at += want;
      if (at === from) lastOfPrefix = read[want - 1]!;
    }
    const { bytesRead } = await handle.read(tail, 0, tail.length, from);
    if (bytesRead !== tail.length) return undefined;
    if (known && statIdentity(await handle.stat()) !== identity) return undefined;
    whole?.update(tail);
    // A last line left torn then would be continued by the append: not an append of lines.
    if (lastOfPrefix !== 0x0a) return undefined;
    if (prefix && prefix.digest("hex") !== fromDigest) return undefined;
    if (whole && whole.digest("hex") !== digest) return undefined;
    return tail;
  } finally {
    await handle.close();
  }
}

function writeMemo(file: string, memo: DigestMemo): void {
  try {
    writeFileAtomically(file, JSON.stringify(memo), { mkdir: true });
  } catch {
    // derived state only: the digests are computed again next time
  }
}

/** The key of the caches derived from the log: the log dir and each file's stamp. */
export async function logCacheKey(root: string, logDir: string, gitDir: string): Promise<string> {
  return logKeyOf(logDir, await logFileStamps(logDirsOf(root, logDir), root, gitDir));
}

/** That key from stamps already taken. */
export function logKeyOf(logDir: string, stamps: readonly LogFileStamp[]): string {
  return JSON.stringify([logDir, stamps]);
}

/** The stamps a key was made of. */
export function stampsOfKey(key: string): LogFileStamp[] {
  return (JSON.parse(key) as [string, LogFileStamp[]])[1];
}

/** Splits a buffer into line texts (CRLF accepted), reporting lines that are not UTF-8. */
export function splitLines(
  buffer: Buffer,
  file: string,
  problems: Problem[],
): (string | undefined)[] {
  if (isUtf8(buffer)) {
    const texts: (string | undefined)[] = buffer.toString("utf8").split("\n");
    if (texts.at(-1) === "") texts.pop();
    for (let i = 0; i < texts.length; i++) {
      const t = texts[i]!;
      if (t.endsWith("\r")) texts[i] = t.slice(0, -1);
    }
    return texts;
  }
  const texts: (string | undefined)[] = [];
  let start = 0;
  while (start < buffer.length) {
    let end = buffer.indexOf(0x0a, start);
    if (end < 0) end = buffer.length;
    let slice = buffer.subarray(start, end);
    if (slice.at(-1) === 0x0d) slice = slice.subarray(0, -1);
    if (isUtf8(slice)) texts.push(slice.toString("utf8"));
    else {
      texts.push(undefined);
      problems.push({
        file,
        line: texts.length,
        severity: "error",
        code: "invalid_utf8",
        message: "the line is not valid UTF-8 (skipped; fix or remove the bytes)",
      });
    }
    start = end + 1;
  }
  return texts;
}
