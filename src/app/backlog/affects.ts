import type { Affects } from "../../core/events/common.js";
import {
  findRule,
  findStory,
  findTask,
  resolveReference,
} from "../../core/project/backlog-lookup.js";
import type { ProjectState } from "../../core/project/state.js";

/** Resolves affected refs (keys, prefixes) to ids; an unknown one is `unknown_reference`. */
export function resolveAffects(state: ProjectState, refs: Partial<Affects> = {}): Affects {
  const each = (
    list: string[] | undefined,
    kind: string,
    find: (ref: string) => { id: string },
  ) => [
    ...new Set(
      (list ?? []).map((ref) => resolveReference(() => find(ref).id, `affects ${kind}`, ref)),
    ),
  ];
  return {
    rules: each(refs.rules, "rule", (ref) => findRule(state, ref)),
    stories: each(refs.stories, "story", (ref) => findStory(state, ref)),
    tasks: each(refs.tasks, "task", (ref) => findTask(state, ref)),
  };
}
