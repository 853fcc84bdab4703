// What each installed hook does. Kept lean (no zod unless marks are written) and never throws:
// a hook must not block a commit because of adrift's own failure.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gitOperationInProgress } from "../../adapters/git/in-progress.js";
import type { GitAdapter } from "../../adapters/git/types.js";
import { readLocalState, stateDir } from "../../adapters/local-state.js";
import { isRunning } from "../../adapters/processes.js";
import type { Problem } from "../../core/events/parse.js";
import { unreadableLinesWarning } from "../../core/project/unreadable-lines.js";
import { quotePath } from "../../core/render/terminal.js";
import { withWorklineTrailer } from "../../core/rules/trailer.js";
import type { AppContext } from "../dependencies.js";
import { asSystem } from "../recording/actor.js";
import { runStale } from "../staleness/stale.js";
import { unrecorded } from "../staleness/stale-marking.js";
import { computeStaleness, nothingToMark } from "../staleness/stale-report.js";
import { dropForeignMarks } from "./foreign-marks.js";
import { carryMergeMarks, rememberPendingMarks, withdrawPendingMarks } from "./pending-marks.js";
import type { HookName } from "./script.js";

/** Lines a hook prints (to stderr: hooks must not pollute stdout of git commands). */
/** What a hook prints, and the error that made it skip its work, if one did. */
export type HookOutput = { lines: string[]; skipped?: unknown };

/** Stages the log file the marks went to, in the commit's own index (and, for `git commit <paths>`, in the real one too). */
async function stageLog(ctx: AppContext, file: string): Promise<void> {
  await ctx.git.stageFiles([file]);
  const index = ctx.env.GIT_INDEX_FILE;
  const lock = path.join(ctx.git.location.gitDir, "index.lock");
  if (index && path.basename(index).startsWith("next-index") && existsSync(lock))
    await ctx.git.stageFiles([file], lock);
}

/** The warning line about log lines staleness could not read, when there are any. */
function unreadableWarning(problems: readonly Problem[] = []): string[] {
  return problems.length ? [`adrift: warning: ${unreadableLinesWarning(problems, quotePath)}`] : [];
}

/** `ctx` with git's view of the staged change asked for once (`git diff --cached`), however often it is needed. */
function stagedOnce(ctx: AppContext): AppContext {
  let changes: ReturnType<GitAdapter["stagedChanges"]> | undefined;
  const git = new Proxy(ctx.git, {
    get(target, key) {
      if (key === "stagedChanges") return () => (changes ??= target.stagedChanges());
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { ...ctx, git };
}

/**
 * pre-commit, and pre-merge-commit (`merge`): marks what the staged change makes stale and stages
 * the log file. A merge's marks are carried into the merge commit by post-merge.
 */
async function preCommit(ctx: AppContext, merge = false): Promise<string[]> {
  // Marks an earlier attempt at this commit wrote, its commit not made: made again below from
  // the change staged now, or gone with it.
  const withdrawn = await withdrawPendingMarks(ctx);
  if (withdrawn.file) await stageLog(ctx, withdrawn.file);
  const gone = (marked: readonly string[]) =>
    withdrawn.records.filter((id) => !marked.includes(id));
  const withdrawal = (marked: readonly string[]) =>
    gone(marked).length === 0
      ? []
      : [
          `adrift: withdrew ${gone(marked).length} mark(s) an earlier attempt at this commit wrote (the change they were for is no longer staged):`,
          ...gone(marked).map((id) => `  ${id}`),
        ];
  // Marks another branch left uncommitted, which this commit would make true here: taken out.
  const foreign = await dropForeignMarks(ctx);
  for (const file of foreign.files) await stageLog(ctx, file);
  const dropped =
    foreign.marks.length === 0
      ? []
      : [
          `adrift: left out ${foreign.marks.length} stale mark(s) written on another branch (this branch's history does not hold the commits they name; back there they are made again):`,
          ...foreign.marks.map((m) => `  ${m.decision_id}`),
        ];
  // From here on nothing stages until the marks are written: the staged change is read once.
  const staged = stagedOnce(ctx);
  if (withdrawn.records.length === 0) {
    const quiet = await nothingToMark(staged);
    if (quiet) return [...dropped, ...unreadableWarning(quiet.problems)];
  }
  // The staged change's marks always; HEAD's unrecorded ones too when the cache already knows
  // them (post-commit and post-merge keep it current): a cold pre-commit reads no history.
  // The cache takes the marks in later (the post-commit refresh): git is waiting. Not under
  // ADRIFT_HOOK_FULL, the path the fast ones are checked against.
  const result = await runStale(asSystem(staged, "adrift-hook"), {
    staged: true,
    record: true,
    history: false,
    deferRefresh: !ctx.env.ADRIFT_HOOK_FULL,
  });
  const warning = unreadableWarning(result.log_problems);
  if (!result.file || result.marked.length === 0)
    return [...dropped, ...withdrawal([]), ...warning];
  await stageLog(ctx, result.file);
  if (result.head) rememberPendingMarks(ctx, result.head, result.file, result.marked, merge);
  return [
    ...dropped,
    ...withdrawal(result.marked),
    `adrift: marked ${result.marked.length} record(s) stale; the marks are part of this ${merge ? "merge " : ""}commit (${quotePath(result.file)}):`,
    ...result.marked.map((id) => `  ${id}`),
    ...warning,
  ];
}

/** What post-merge says when the merge commit could not be made again with its marks. */
function carryFailed(file: string): string {
  return `adrift: the merge commit could not take its stale marks (it is signed, or HEAD moved on); they are staged in ${quotePath(file)}, and your next commit carries them`;
}

function addTrailer(ctx: AppContext, messageFile: string | undefined): string[] {
  const active = readLocalState(ctx.git.location.gitDir).active_workline;
  if (!active || !messageFile) return [];
  const file = path.resolve(ctx.git.location.root, messageFile);
  const updated = withWorklineTrailer(readFileSync(file, "utf8"), active);
  if (updated !== undefined) writeFileSync(file, updated);
  return [];
}

/** What went stale; with `staged`, counting the staged change (a squash merge stages, never commits). */
async function report(ctx: AppContext, staged = false): Promise<string[]> {
  const computed = await computeStaleness(ctx, staged ? { staged } : {});
  const stale = unrecorded(computed);
  const warning = unreadableWarning(computed.log_problems);
  if (stale.length === 0) return warning;
  return [
    `adrift: ${stale.length} record(s) went stale (run \`adrift stale\` for details, \`adrift stale --record\` to record):`,
    ...stale.slice(0, 10).map(
      (f) =>
        `  ${f.record_id}  ${f.paths
          .map((p) => quotePath(p.path))
          .slice(0, 3)
          .join(", ")}`,
    ),
    ...(stale.length > 10 ? [`  … and ${stale.length - 10} more`] : []),
    ...warning,
  ];
}

/**
 * Takes the clone's one slot for a background refresh (`refresh.pid`, created exclusively); false
 * while another live process holds it (that one refreshes again when HEAD moved meanwhile).
 */
function takeRefreshSlot(file: string): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") return false;
      let holder = Number.NaN;
      try {
        holder = Number(readFileSync(file, "utf8"));
      } catch {
        // removed meanwhile: try again
      }
      if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) return false;
      rmSync(file, { force: true });
    }
  }
  return false;
}

/** How many times one refresh follows HEAD when commits keep coming while it runs. */
const REFRESH_ROUNDS = 5;

/**
 * post-commit: carries the cached report forward to the new HEAD, in the background, one process
 * at a time; when HEAD moved on while it ran (another commit, whose post-commit found the slot
 * taken), it goes again.
 */
async function refreshAfterCommit(ctx: AppContext): Promise<void> {
  const slot = path.join(stateDir(ctx.git.location.gitDir), "refresh.pid");
  if (!takeRefreshSlot(slot)) return;
  try {
    for (let round = 0; round < REFRESH_ROUNDS; round++) {
      const report = await computeStaleness(ctx);
      if (report.head === ((await ctx.git.resolveRevision("HEAD")) ?? "")) break;
    }
    // Under lefthook: its runners back over adrift's own hooks (an npm install) go again.
    const { restoreOwnLefthookHooks } = await import("./install.js");
    await restoreOwnLefthookHooks(ctx).catch(() => undefined);
  } finally {
    try {
      if (readFileSync(slot, "utf8") === String(process.pid)) rmSync(slot, { force: true });
    } catch {
      // already gone
    }
  }
}

/** Runs one hook's work; returns what to print. Errors are turned into one warning line. */
export async function runHook(
  ctx: AppContext,
  name: HookName,
  args: readonly string[],
): Promise<HookOutput> {
  try {
    switch (name) {
      case "pre-commit":
        return { lines: await preCommit(ctx) };
      case "pre-merge-commit":
        return { lines: await preCommit(ctx, true) };
      case "prepare-commit-msg":
      case "commit-msg":
        return { lines: addTrailer(ctx, args[0]) };
      case "post-commit":
        await refreshAfterCommit(ctx);
        return { lines: [] };
      case "post-checkout":
        // A file checkout says nothing; nor does a rebase's checkout of its base: post-rewrite
        // reports once the rebase is done.
        return {
          lines:
            args[2] === "0" || gitOperationInProgress(ctx.git.location) === "rebase"
              ? []
              : await report(ctx),
        };
      case "post-merge": {
        const carried = await carryMergeMarks(ctx);
        const failed = carried && !carried.commit ? [carryFailed(carried.file)] : [];
        // `git merge --squash` (flag 1) stages the merge: judged as the commit it will become.
        return { lines: [...failed, ...(await report(ctx, args[0] === "1"))] };
      }
      default:
        return { lines: await report(ctx) };
    }
  } catch (error) {
    return { lines: [], skipped: error };
  }
}
