import type { AdriftEvent } from "../events/envelope.js";
import { applyEvent } from "./fold.js";
import { emptyState, type ProjectState } from "./state.js";

/** Where two clones' logs met badly: the fold resolved it, but a person should know. */
export type FoldFinding = {
  event_id: string;
  code: "duplicate_key" | "transition_mismatch";
  message: string;
};

const KEYED = {
  business_rule_recorded: "rule",
  epic_created: "epic",
  story_created: "story",
  task_created: "task",
} as const;

function keyClash(state: ProjectState, event: AdriftEvent): FoldFinding | undefined {
  if (!(event.type in KEYED)) return undefined;
  const key = (event.data as { key?: string }).key;
  const holder = key === undefined ? undefined : state.keys.get(key);
  if (holder === undefined || holder === event.id) return undefined;
  const what = KEYED[event.type as keyof typeof KEYED];
  return {
    event_id: event.id,
    code: "duplicate_key",
    message: `key ${key} was already given to ${holder} (the earlier artifact keeps it); this ${what} ${event.id} has no key: name it by id`,
  };
}

function transitionMismatch(state: ProjectState, event: AdriftEvent): FoldFinding | undefined {
  const target =
    event.type === "story_transitioned"
      ? { what: "story", id: event.data.story_id, item: state.stories.get(event.data.story_id) }
      : event.type === "task_transitioned"
        ? { what: "task", id: event.data.task_id, item: state.tasks.get(event.data.task_id) }
        : undefined;
  // A missing target is `unknown_reference`, reported from the fold's dangling list.
  if (!target?.item) return undefined;
  const { from, to } = event.data as { from: string; to: string };
  if (target.item.status === from) return undefined;
  const name = target.item.key ? `${target.item.key} (${target.id})` : target.id;
  return {
    event_id: event.id,
    code: "transition_mismatch",
    message: `${target.what} ${name} moved ${from} → ${to}, but it was ${target.item.status} by then (another clone moved it first); the move was ignored`,
  };
}

/**
 * Folds events as `foldEvents` does, and notes what a merge of two clones left behind: a key
 * given to two artifacts, and transitions whose `from` is no longer the state before them.
 */
export function foldAndCheck(events: Iterable<AdriftEvent>): {
  state: ProjectState;
  findings: FoldFinding[];
} {
  const state = emptyState();
  const findings: FoldFinding[] = [];
  for (const event of events) {
    const finding = keyClash(state, event) ?? transitionMismatch(state, event);
    if (finding) findings.push(finding);
    applyEvent(state, event);
  }
  return { state, findings };
}
