// Marks the pre-commit hook wrote for a commit that then did not happen (an empty message, a
// commit-msg hook that refused it). They sit in the working log, staged; if the change they were
// for is then unstaged, the next commit would carry marks nothing in it justifies.
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { writeFileAtomically } from "../../adapters/atomic-file.js";
import { stateDir, withMarksLock } from "../../adapters/local-state.js";
import type { AppContext } from "../dependencies.js";

/**
 * What a pre-commit that wrote marks leaves behind: HEAD then, the file, the records marked;
 * `merge` when a pre-merge-commit wrote them (post-merge puts them into the merge commit).
 */
type Pending = { version: 1; head: string; file: string; records: string[]; merge?: true };

/**
 * The note's file under the git dir. The post-commit hook empties it in shell (a builtin, where
 * `rm` would start a process): empty means no note.
 */
export const PENDING_MARKS_FILE = "pending-marks.json";

const pendingFile = (gitDir: string) => path.join(stateDir(gitDir), PENDING_MARKS_FILE);

/** Remembers the marks a pre-commit just wrote to `file` (repo-relative) at `head`. */
export function rememberPendingMarks(
  ctx: AppContext,
  head: string,
  file: string,
  records: readonly string[],
  merge = false,
): void {
  const target = pendingFile(ctx.git.location.gitDir);
  const pending: Pending = {
    version: 1,
    head,
    file,
    records: [...records],
    ...(merge ? { merge: true as const } : {}),
  };
  try {
    writeFileAtomically(target, JSON.stringify(pending));
  } catch {
    // only costs the clean-up below
  }
}

function readPending(gitDir: string): Pending | undefined {
  try {
    const pending = JSON.parse(readFileSync(pendingFile(gitDir), "utf8")) as Pending;
    return pending.version === 1 && Array.isArray(pending.records) ? pending : undefined;
  } catch {
    return undefined;
  }
}

/** True for a `decision_marked_stale` line of the staged change marking one of `records`. */
function stagedMarkOf(line: string, records: ReadonlySet<string>): boolean {
  if (!line.includes('"decision_marked_stale"')) return false;
  try {
    const event = JSON.parse(line) as {
      type?: string;
      data?: { decision_id?: string; staged?: boolean };
    };
    return (
      event.type === "decision_marked_stale" &&
      event.data?.staged === true &&
      records.has(event.data.decision_id ?? "")
    );
  } catch {
    return false;
  }
}

/**
 * Before a pre-commit marks anything: when the previous pre-commit's marks were written at the
 * HEAD that is still HEAD, their commit did not happen. Those lines (still not in HEAD's version of
 * the file) are taken out of the log and the file staged again; the marks are then made afresh
 * from the change staged now. Returns the records whose marks were withdrawn (with the file).
 * When HEAD moved, the commit happened (or history moved on): nothing to withdraw.
 */
export async function withdrawPendingMarks(
  ctx: AppContext,
): Promise<{ records: string[]; file?: string }> {
  const gitDir = ctx.git.location.gitDir;
  const pending = readPending(gitDir);
  if (!pending) return { records: [] };
  const forget = () => rmSync(pendingFile(gitDir), { force: true });
  const head = await ctx.git.resolveRevision("HEAD");
  if (head !== pending.head) {
    forget();
    return { records: [] };
  }
  return withMarksLock(gitDir, async () => {
    const absolute = path.join(ctx.git.location.root, pending.file);
    let text: string;
    try {
      text = readFileSync(absolute, "utf8");
    } catch {
      forget();
      return { records: [] };
    }
    const committed = new Set(
      ((await ctx.git.readFileAt(head, pending.file))?.toString("utf8") ?? "").split("\n"),
    );
    const records = new Set(pending.records);
    const withdrawn: string[] = [];
    const kept = text.split("\n").filter((line) => {
      if (committed.has(line) || !stagedMarkOf(line, records)) return true;
      withdrawn.push((JSON.parse(line) as { data: { decision_id: string } }).data.decision_id);
      return false;
    });
    if (withdrawn.length > 0) {
      writeFileAtomically(absolute, kept.join("\n"));
      await ctx.git.stageFiles([pending.file]);
    }
    forget();
    return withdrawn.length > 0 ? { records: withdrawn, file: pending.file } : { records: [] };
  });
}

/**
 * post-merge: when the merge's pre-merge-commit wrote marks (at the HEAD that is now the merge's
 * first parent), makes the merge commit again with the log file they went to, so the merge
 * carries them (git wrote the merge's tree before that hook ran). Returns what happened, for the
 * hook to say; undefined when no marks were waiting for this merge.
 */
export async function carryMergeMarks(
  ctx: AppContext,
): Promise<{ file: string; records: string[]; commit?: string } | undefined> {
  const gitDir = ctx.git.location.gitDir;
  const pending = readPending(gitDir);
  if (!pending?.merge) return undefined;
  const head = await ctx.git.resolveRevision("HEAD");
  const first = await ctx.git.resolveRevision("HEAD^1");
  const second = await ctx.git.resolveRevision("HEAD^2");
  if (!head || head === pending.head || first !== pending.head || !second) return undefined;
  const { file, records } = pending;
  const commit = await withMarksLock(gitDir, () =>
    ctx.git.carryIntoHead(head, [file], "adrift: the merge carries its stale marks"),
  );
  // The index the merge left holds the marks staged: now they are HEAD's, it is clean.
  if (commit) await ctx.git.stageFiles([file]);
  rmSync(pendingFile(gitDir), { force: true });
  return { file, records, ...(commit ? { commit } : {}) };
}
