import type { Actor, Affects, Person } from "../events/common.js";

/** States of a story; the allowed moves are in core/rules/transitions.ts. */
export type StoryStatus = "draft" | "ready" | "in_progress" | "in_review" | "done";

/** States of a task: `parked` waits for a user decision, `blocked` ran out of correction cycles. */
export type TaskStatus = "todo" | "in_progress" | "in_review" | "parked" | "blocked" | "done";

export type Verdict = "approved" | "changes_requested" | "needs_user_decision";

/** A business rule: what the product must do, for stories to cover. */
export type RuleView = { id: string; key?: string; title: string; text: string; at: string };

/** An epic: a group of stories. */
export type EpicView = {
  id: string;
  key?: string;
  title: string;
  description?: string;
  at: string;
};

/** One amendment of a story, kept as history. */
export type StoryAmendmentView = {
  event_id: string;
  at: string;
  actor: Actor;
  changes: Record<string, unknown>;
  question_id?: string;
};

/** The list fields of a story, the ones readiness looks at. */
export type StoryFields = {
  title: string;
  functional_requirements: string[];
  non_functional_requirements: string[];
  definition_of_done: string[];
  definition_of_ready: string[];
  business_rule_ids: string[];
};

/** A story with its amendments and transitions applied. */
export type StoryView = StoryFields & {
  id: string;
  key?: string;
  epic_id: string;
  status: StoryStatus;
  amendments: StoryAmendmentView[];
  task_ids: string[];
  /** the recorded decisions or intent cards the story carries out */
  decision_ids: string[];
  at: string;
};

/** A verdict as recorded on a task. */
export type VerdictView = {
  event_id: string;
  verdict: Verdict;
  /** the QA specialty that gave it (one voice of a round), when the project names specialties */
  specialty?: string;
  notes?: string;
  question_id?: string;
  at: string;
  actor: Actor;
};

/** A task; it inherits its story's rule links (derived, never stored). */
export type TaskView = {
  id: string;
  key?: string;
  story_id: string;
  title: string;
  status: TaskStatus;
  /** correction cycles spent: rounds whose consolidated verdict was changes_requested */
  cycles: number;
  verdicts: VerdictView[];
  /** the verdicts given since the task last went to review: the voices of its current round */
  round: VerdictView[];
  /** the open question the task waits for, while parked (the first of `parked_on`) */
  waiting_for?: string;
  /** every question the task was parked on; it returns to review when all are answered */
  parked_on?: string[];
  at: string;
};

/** The answer to a question, as the first answer event in log order says. */
export type AnswerView = {
  event_id: string;
  answer: string;
  accepted_suggestion: boolean;
  decision_id: string;
  answered_by: Person;
  at: string;
};

/** An open question only its session's author answers; status comes from the log only. */
export type QuestionView = {
  id: string;
  question: string;
  suggestion?: string;
  affects: Affects;
  author: { kind?: Actor["kind"]; name: string; email?: string };
  session_id: string;
  actor: Actor;
  at: string;
  status: "open" | "answered";
  answer?: AnswerView;
  /** later answer events for an already answered question (two clones answered): ignored */
  ignored_answers: string[];
};
