// Stale marks that do not apply at HEAD. A mark the watcher or `stale --record` writes on a
// branch goes into that branch's log file; left uncommitted, the file stays in the work tree
// across `git checkout`, and on another branch the mark would claim a commit that branch's
// history never had. So a mark is set aside — kept in the log, applied by no reader — while it
// is uncommitted (not in HEAD's version of its file) and every commit it names is here and
// none is reachable from HEAD. Committed marks always apply: they are the log every clone reads.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { writeFileAtomically } from "../../adapters/atomic-file.js";
import { stateDir } from "../../adapters/local-state.js";
import {
  type LogFileStamp,
  logDirsOf,
  logFileStamps,
  logGrowth,
  logKeyOf,
  stampsOfKey,
} from "../../adapters/log-files.js";
import type { AppContext } from "../dependencies.js";

/** A mark set aside: its event, the record it marks, its log file (repo-relative) and commits. */
export type SetAsideMark = { id: string; decision_id: string; file: string; commits: string[] };

const MEMO = "set-aside-marks.json";
/** What the log's marks are at HEAD: those set aside, and how many uncommitted ones apply. */
type MarkState = { marks: SetAsideMark[]; applied_uncommitted: number };
type Memo = { version: 2; key: string; head: string } & MarkState;

const MARK = Buffer.from('"decision_marked_stale"');
const COMMIT = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/** The log files' stamps (their contents' git blob ids among them). */
function stampsOf(ctx: AppContext): Promise<LogFileStamp[]> {
  const { root, gitDir } = ctx.git.location;
  return logFileStamps(logDirsOf(root, ctx.config.log_dir), root, gitDir);
}

/**
 * The key of the caches derived from the log: the log's stamps, and the marks set aside at HEAD
 * when there are any (they change what the log folds to).
 */
export async function logKeyWithMarks(ctx: AppContext, stamps?: LogFileStamp[]): Promise<string> {
  const taken = stamps ?? (await stampsOf(ctx));
  const ids = (await setAsideMarks(ctx, taken)).map((m) => m.id).sort();
  const key = logKeyOf(ctx.config.log_dir, taken);
  return ids.length === 0 ? key : `${key.slice(0, -1)},${JSON.stringify(ids)}]`;
}

/** The marks set aside at HEAD for the log as it is now (see the top of this file). */
export async function setAsideMarksNow(ctx: AppContext): Promise<SetAsideMark[]> {
  return setAsideMarks(ctx, await stampsOf(ctx));
}

/** The ids of the marks set aside at HEAD (see the top of this file). */
export async function setAsideMarkIds(ctx: AppContext): Promise<Set<string>> {
  return new Set((await setAsideMarks(ctx, await stampsOf(ctx))).map((m) => m.id));
}

/**
 * The marks set aside at HEAD, for the log as `stamps` describe it. Remembered under the git dir
 * for the log and HEAD it was worked out for: a commit or a write asks again, with one git call
 * for HEAD's versions of the log files and more only for files that hold uncommitted marks.
 */
export async function setAsideMarks(
  ctx: AppContext,
  stamps: LogFileStamp[],
): Promise<SetAsideMark[]> {
  return (await markState(ctx, stamps)).marks;
}

/**
 * True when uncommitted marks apply at HEAD: a checkout or a reset could set them aside, so
 * whatever was derived from their being applied (the hook gate) holds for this HEAD only.
 */
export async function appliesUncommittedMarks(ctx: AppContext): Promise<boolean> {
  return (await markState(ctx, await stampsOf(ctx))).applied_uncommitted > 0;
}

async function markState(ctx: AppContext, stamps: LogFileStamp[]): Promise<MarkState> {
  const { git } = ctx;
  const head = (await git.resolveRevision("HEAD")) ?? "";
  const key = logKeyOf(ctx.config.log_dir, stamps);
  const memoFile = path.join(stateDir(git.location.gitDir), MEMO);
  let memo: Memo | undefined;
  try {
    memo = JSON.parse(await readFile(memoFile, "utf8")) as Memo;
    if (memo.version === 2 && memo.key === key && memo.head === head) return memo;
  } catch {
    // none yet, or unreadable: worked out again
  }
  const state =
    (memo?.version === 2 && memo.head === head && (await grownWithoutMarks(ctx, memo, stamps))
      ? { marks: memo.marks, applied_uncommitted: memo.applied_uncommitted }
      : undefined) ?? (await findSetAside(ctx, stamps, head));
  try {
    writeFileAtomically(memoFile, JSON.stringify({ version: 2, key, head, ...state }), {
      mkdir: true,
    });
  } catch {
    // derived state only
  }
  return state;
}

/**
 * Carries the remembered mark state across this process's own append of `count` marks to `file`
 * (repo-relative), made from a report at `head`: each names only commits HEAD reaches (where
 * the report found them) or none, so each applies here — what is set aside stays the same and
 * the uncommitted marks that apply grow by `count`. Only when the memo was worked out for the
 * log as it was just before (`before`) at that HEAD, and the file grew by exactly the append
 * (`appended` bytes) with nothing else changed; otherwise the next read works it out again.
 * Saves reading HEAD's version of the file and the file itself (two git calls) on every
 * marking commit.
 */
export async function carryMarkState(
  ctx: AppContext,
  before: readonly LogFileStamp[],
  after: readonly LogFileStamp[],
  append: { file: string; appended: number; head: string; count: number },
): Promise<void> {
  const { git } = ctx;
  const memoFile = path.join(stateDir(git.location.gitDir), MEMO);
  const head = (await git.resolveRevision("HEAD")) ?? "";
  if (!head || head !== append.head) return;
  const size = (stamps: readonly LogFileStamp[]) =>
    stamps.find(([f]) => f === append.file)?.[1] ?? 0;
  const others = (stamps: readonly LogFileStamp[]) =>
    JSON.stringify(stamps.filter(([f]) => f !== append.file));
  if (size(after) !== size(before) + append.appended || others(before) !== others(after)) return;
  let memo: Memo;
  try {
    memo = JSON.parse(await readFile(memoFile, "utf8")) as Memo;
  } catch {
    return;
  }
  if (memo.version !== 2 || memo.key !== logKeyOf(ctx.config.log_dir, before) || memo.head !== head)
    return;
  const carried: Memo = {
    ...memo,
    key: logKeyOf(ctx.config.log_dir, after),
    applied_uncommitted: memo.applied_uncommitted + append.count,
  };
  try {
    writeFileAtomically(memoFile, JSON.stringify(carried), { mkdir: true });
  } catch {
    // derived state only
  }
}

/**
 * True when the log is as the memo's key names it but for lines appended to its files, none of
 * them a mark: its marks are then those the memo holds. A line beyond HEAD's version stays
 * beyond it, and one within stays within (HEAD is the same), so each mark is as uncommitted as
 * it was and names the same commits.
 */
async function grownWithoutMarks(
  ctx: AppContext,
  memo: Memo,
  stamps: readonly LogFileStamp[],
): Promise<boolean> {
  let then: Map<string, LogFileStamp>;
  try {
    then = new Map(stampsOfKey(memo.key).map((s) => [s[0], s]));
  } catch {
    return false;
  }
  if (then.size !== stamps.length || memo.key !== logKeyOf(ctx.config.log_dir, [...then.values()]))
    return false;
  for (const stamp of stamps) {
    const old = then.get(stamp[0]);
    if (!old) return false;
    if (old[1] === stamp[1] && old[2] === stamp[2]) continue;
    const added = await logGrowth(path.join(ctx.git.location.root, stamp[0]), old, stamp);
    if (!added || added.indexOf(MARK) >= 0) return false;
  }
  return true;
}

/** A mark written after HEAD's version of its file: its event id, record and commits. */
type Uncommitted = { id: string; decision_id: string; file: string; commits: string[] };

async function findSetAside(
  ctx: AppContext,
  stamps: LogFileStamp[],
  head: string,
): Promise<MarkState> {
  const { git } = ctx;
  const files = stamps.map(([file]) => file.split(path.sep).join("/"));
  const atHead = head ? await git.objectIds(head, files) : new Map<string, string>();
  const uncommitted: Uncommitted[] = [];
  for (const [i, [file, , digest]] of stamps.entries()) {
    const name = files[i]!;
    const committed = atHead.get(name);
    if (committed === digest) continue; // the whole file is HEAD's
    const bytes = await readFile(path.join(git.location.root, file)).catch(() => undefined);
    if (!bytes || bytes.indexOf(MARK) < 0) continue;
    const before = committed ? await git.readFileAt(head, name) : undefined;
    const lines = uncommittedLines(bytes, before);
    for (const text of lines) {
      if (!text.includes('"decision_marked_stale"')) continue;
      const mark = markOf(text, name);
      if (mark) uncommitted.push(mark);
    }
  }
  const named = uncommitted.filter((m) => m.commits.length > 0);
  if (named.length === 0) return { marks: [], applied_uncommitted: uncommitted.length };
  const all = [...new Set(named.flatMap((m) => m.commits))];
  const present = await git.presentCommits(all);
  const reached = head ? await git.reachedFrom(head, [...present]) : new Set<string>();
  const marks = named.filter(
    (m) => m.commits.every((c) => present.has(c)) && !m.commits.some((c) => reached.has(c)),
  );
  return { marks, applied_uncommitted: uncommitted.length - marks.length };
}

/** The lines of `bytes` that HEAD's version (`before`) of the file does not hold. */
function uncommittedLines(bytes: Buffer, before: Buffer | undefined): string[] {
  const split = (b: Buffer) =>
    b
      .toString("utf8")
      .split("\n")
      .map((l) => l.replace(/\r$/, ""));
  // An append-only log: HEAD's version is where the file starts, and the rest is new.
  if (!before) return split(bytes);
  if (bytes.subarray(0, before.length).equals(before)) return split(bytes.subarray(before.length));
  const known = new Set(split(before));
  return split(bytes).filter((line) => !known.has(line));
}

/** A `decision_marked_stale` line's id, record and commits, or undefined when it is not one. */
function markOf(text: string, file: string): Uncommitted | undefined {
  try {
    const event = JSON.parse(text) as {
      id?: unknown;
      type?: unknown;
      data?: { decision_id?: unknown; commits?: unknown };
    };
    if (event.type !== "decision_marked_stale" || typeof event.id !== "string") return undefined;
    const commits = Array.isArray(event.data?.commits) ? event.data.commits : [];
    return {
      id: event.id,
      decision_id: String(event.data?.decision_id ?? ""),
      file,
      commits: commits
        .map((c) => (typeof c === "object" && c ? (c as { hash?: unknown }).hash : c))
        .filter((h): h is string => typeof h === "string" && COMMIT.test(h)),
    };
  } catch {
    return undefined;
  }
}
