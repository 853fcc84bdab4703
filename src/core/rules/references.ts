import type { Affects } from "../events/common.js";
import type { AdriftEvent } from "../events/envelope.js";
import type { ProjectState } from "../project/state.js";

/** A reference in a payload that the fold does not follow and that names nothing fitting. */
export type ReferenceFinding = {
  event_id: string;
  /** `unknown_list_reference` for an entry of a list, `unknown_reference` for a single field */
  code: "unknown_list_reference" | "unknown_reference";
  field: string;
  ref: string;
  message: string;
};

type Kind = "rule" | "story" | "task" | "record" | "question";

const NOUN: Record<string, string> = {
  business_rule_recorded: "a business rule",
  epic_created: "an epic",
  story_created: "a story",
  task_created: "a task",
  intent_card_recorded: "an intent card",
  decision_recorded: "a decision",
  open_question_declared: "a question",
  session_started: "a session",
  workline_opened: "a workline",
};

const KIND_NOUN: Record<Kind, string> = {
  rule: "a business rule",
  story: "a story",
  task: "a task",
  record: "an intent card or decision",
  question: "a question",
};

function exists(state: ProjectState, kind: Kind, id: string): boolean {
  const maps = {
    rule: state.rules,
    story: state.stories,
    task: state.tasks,
    record: state.records,
    question: state.questions,
  };
  return maps[kind].has(id);
}

/** The references of one event that the fold leaves unchecked: [field, kind, ids, is a list]. */
function referencesOf(event: AdriftEvent): [string, Kind, readonly string[], boolean][] {
  const affects = (data: { affects?: Affects }) =>
    data.affects
      ? ([
          ["data.affects.rules", "rule", data.affects.rules, true],
          ["data.affects.stories", "story", data.affects.stories, true],
          ["data.affects.tasks", "task", data.affects.tasks, true],
          ["data.affects.decisions", "record", data.affects.decisions ?? [], true],
        ] as [string, Kind, string[], boolean][])
      : [];
  const question = (id: string | undefined): [string, Kind, string[], boolean][] =>
    id ? [["data.question_id", "question", [id], false]] : [];
  switch (event.type) {
    case "decision_recorded":
      return [...affects(event.data), ...question(event.data.question_id)];
    case "open_question_declared":
      return affects(event.data);
    case "open_question_answered":
      return [["data.decision_id", "record", [event.data.decision_id], false]];
    case "story_amended": {
      const rules = event.data.changes.business_rule_ids;
      const list = Array.isArray(rules) ? rules.filter((r) => typeof r === "string") : [];
      const records = event.data.changes.decision_ids;
      const decided = Array.isArray(records) ? records.filter((r) => typeof r === "string") : [];
      return [
        ["data.changes.business_rule_ids", "rule", list, true],
        ["data.changes.decision_ids", "record", decided, true],
        ...question(event.data.question_id),
      ];
    }
    case "verdict_recorded":
      return question(event.data.question_id);
    case "story_created":
      return [["data.decision_ids", "record", event.data.decision_ids ?? [], true]];
    case "decision_superseded":
      return [["data.superseded_by", "record", [event.data.superseded_by], false]];
    case "adr_drafted":
    case "adr_accepted":
      return [["data.record_ids", "record", event.data.record_ids, true]];
    default:
      return [];
  }
}

/**
 * References the fold does not follow (`affects` lists, ADR `record_ids`, amended rule lists,
 * question and decision ids, successors of superseded records — which may come later in the
 * log's order, after a merge) that name no artifact of the expected kind in the whole log.
 */
export function findUnresolvedReferences(
  events: Iterable<AdriftEvent>,
  state: ProjectState,
): ReferenceFinding[] {
  const findings: ReferenceFinding[] = [];
  for (const event of events)
    for (const [field, kind, ids, isList] of referencesOf(event))
      for (const ref of ids) {
        if (exists(state, kind, ref)) continue;
        const other = state.artifacts.get(ref);
        findings.push({
          event_id: event.id,
          code: isList ? "unknown_list_reference" : "unknown_reference",
          field,
          ref,
          message: other
            ? `${field} names ${ref}, which is ${NOUN[other] ?? other}, not ${KIND_NOUN[kind]}`
            : `${field} names ${ref}, which no event in the log created`,
        });
      }
  return findings;
}
