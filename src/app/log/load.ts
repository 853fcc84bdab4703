import path from "node:path";
import { stateDir } from "../../adapters/local-state.js";
import { logDirsOf } from "../../adapters/log-files.js";
import { readLog } from "../../adapters/log-store.js";
import { openValidatedFiles } from "../../adapters/validated-files.js";
import { foldEvents } from "../../core/project/fold.js";
import type { OrderedLog } from "../../core/project/order.js";
import type { ProjectState } from "../../core/project/state.js";
import { futureEventsError, unreadableLines } from "../../core/project/unreadable-lines.js";
import type { AppContext } from "../dependencies.js";
import { committedOrderFrom } from "./committed-order.js";

/** The log as read and the state folded from it. */
export type LoadedProject = { state: ProjectState; log: OrderedLog & { files: string[] } };

/** The directories whose `*.events.ndjson` files make the log: `.decisions/` and the log dir. */
export function logDirs(ctx: AppContext): string[] {
  return logDirsOf(ctx.git.location.root, ctx.config.log_dir);
}

/**
 * Reads the whole log and folds it. Files validated by an earlier read and unchanged since
 * are trusted (see validated-files.ts) unless `checkEveryLine`, which `validate` uses. A line from a newer adrift stops every command but
 * `validate` (which lists it with the other problems): folding without it could mislead. The
 * lines that could not be read are left out of the fold and told to `ctx.onUnreadable`.
 */
export async function loadProject(
  ctx: AppContext,
  options: { allowFutureEvents?: boolean; checkEveryLine?: boolean } = {},
): Promise<LoadedProject> {
  const validatedFiles = options.checkEveryLine
    ? undefined
    : openValidatedFiles(path.join(stateDir(ctx.git.location.gitDir), "validated-files.json"));
  const log = await readLog(logDirs(ctx), ctx.git.location.root, {
    validatedFiles,
    committedOrder: committedOrderFrom(ctx.git),
    ...(ctx.progress ? { progress: ctx.progress } : {}),
  });
  if (!options.allowFutureEvents) {
    const refusal = futureEventsError(log);
    if (refusal) throw refusal;
  }
  const unreadable = unreadableLines(log.problems);
  if (unreadable.length > 0) ctx.onUnreadable?.(unreadable);
  const { setAsideMarkIds } = await import("../staleness/marks-set-aside.js");
  return {
    state: foldEvents(log.events, undefined, { setAside: await setAsideMarkIds(ctx) }),
    log,
  };
}
