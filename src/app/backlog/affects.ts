import type { Affects } from "../../core/events/common.js";
import {
  findRule,
  findStory,
  findTask,
  resolveReference,
} from "../../core/project/backlog-lookup.js";
import { resolveRef } from "../../core/project/lookup.js";
import type { ProjectState } from "../../core/project/state.js";

/** Resolves affected refs (keys, prefixes) to ids; an unknown one is `unknown_reference`; paths stay as written. */
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
  const decisions = each(refs.decisions, "decision", (ref) => findRecordRef(state, ref));
  const paths = [...new Set(refs.paths ?? [])];
  return {
    rules: each(refs.rules, "rule", (ref) => findRule(state, ref)),
    stories: each(refs.stories, "story", (ref) => findStory(state, ref)),
    tasks: each(refs.tasks, "task", (ref) => findTask(state, ref)),
    // Paths and decisions only when named: an older reader's events keep their shape.
    ...(paths.length > 0 ? { paths } : {}),
    ...(decisions.length > 0 ? { decisions } : {}),
  };
}

/** An intent card or decision by id, prefix or key. */
export function findRecordRef(state: ProjectState, ref: string): { id: string } {
  return {
    id: resolveRef(state, ref, {
      accept: ["intent_card_recorded", "decision_recorded"],
      what: "intent card or decision",
    }),
  };
}
