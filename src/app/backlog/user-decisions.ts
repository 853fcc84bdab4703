import { findStory, findTask } from "../../core/project/backlog-lookup.js";
import { renderUserDecisions, type UserDecisionsBlock } from "../../core/render/user-decisions.js";
import { selectUserDecisions } from "../../core/rules/user-decisions.js";
import type { AppContext } from "../dependencies.js";
import { loadProject } from "../log/load.js";

/**
 * The user decisions that reach a story or task (docs/backlog.md#decisions-reach-the-worker):
 * at most 10 and 1,500 characters, newest first, under the heading that says they win.
 */
export async function userDecisionsFor(
  ctx: AppContext,
  target: { story?: string; task?: string },
): Promise<UserDecisionsBlock> {
  const { state } = await loadProject(ctx);
  const story = target.story ? findStory(state, target.story).id : undefined;
  const task = target.task ? findTask(state, target.task).id : undefined;
  return renderUserDecisions(selectUserDecisions(state, { story, task }));
}
