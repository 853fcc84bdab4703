import { readLog } from "../adapters/log-store.js";
import { foldEvents } from "../core/project/fold.js";
import type { OrderedLog } from "../core/project/order.js";
import type { ProjectState } from "../core/project/state.js";
import { type AppContext, repoPath } from "./context.js";

/** The log as read and the state folded from it. */
export type LoadedProject = { state: ProjectState; log: OrderedLog & { files: string[] } };

/** Reads the whole log and folds it. */
export async function loadProject(ctx: AppContext): Promise<LoadedProject> {
  const log = await readLog(repoPath(ctx, ctx.config.log_dir), ctx.git.location.root);
  return { state: foldEvents(log.events), log };
}
