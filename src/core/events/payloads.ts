import * as z from "zod";
import {
  Actor,
  Affects,
  Basis,
  CardFields,
  CardFieldsPatch,
  Considered,
  Label,
  Person,
  ScopePath,
  Text,
  TierB,
  Ulid,
} from "./common.js";

const Id = z.string().min(1).max(200);
const Tags = z.array(Label).max(200);

// Sessions and worklines
export const SessionStarted = z.object({
  title: Label.optional(),
  author: Person,
  branch: Label.optional(),
});
export const WorklineOpened = z.object({ title: Label, tag: Label.optional() });
export const WorklineRef = z.object({ workline_id: Id });

// Intent cards: why a change, and what else was considered
export const IntentCardRecorded = z.object({
  card: CardFields,
  considered: z.array(Considered).max(1_000).default([]),
  trivial: z.boolean().default(false),
  tags: Tags.default([]),
  basis: Basis.optional(),
  tier_b: TierB.optional(),
});

export const CardChanges = CardFieldsPatch.extend({
  considered: z.array(Considered).max(1_000).optional(),
  tags: Tags.optional(),
  trivial: z.boolean().optional(),
  touched_paths: z.array(ScopePath).optional(),
});

export const IntentCardAmended = z.object({
  target_id: Id,
  changes: CardChanges,
  reason: Text.optional(),
});

/**
 * A person's consent to a card or decision an agent proposed (docs/agents.md): "yes", or yes
 * with a field changed. Written only for a human actor; the record is no longer `proposed`.
 */
export const IntentConfirmed = z.object({
  target_id: Id,
  changes: CardFieldsPatch.optional(),
});

// Decision history: recorded, marked stale, re-verified, superseded
export const DecisionRecorded = z.object({
  card: CardFields,
  considered: z.array(Considered).max(1_000).default([]),
  trivial: z.boolean().default(false),
  tags: Tags.default([]),
  findings: z.array(Text).max(1_000).default([]),
  basis: Basis,
  question_id: Id.optional(),
  affects: Affects.optional(),
  tier_b: TierB.optional(),
});

export const StaleCommit = z.object({
  hash: z.string(),
  author: z.string().optional(),
  subject: z.string().optional(),
});

export const DecisionMarkedStale = z.object({
  decision_id: Id,
  reason: z.enum(["paths_changed", "manual"]),
  commits: z.array(z.union([z.string(), StaleCommit])).default([]),
  paths: z.array(z.string()).default([]),
  detected_at: z.string(),
  staged: z.boolean().optional(),
  note: Text.optional(),
});

export const DecisionReverified = z.object({
  decision_id: Id,
  basis: Basis,
  note: Text.optional(),
  /** the agent's proposal this re-verification confirms (a person's "yes" to it) */
  proposal_id: Id.optional(),
});

/**
 * An agent's proposal that a decision still holds: what it checked (`note`) at which basis. It
 * changes nothing until a person confirms it; the confirmation is a `decision_reverified` with
 * this event's basis and `proposal_id`.
 */
export const DecisionReverifyProposed = z.object({
  decision_id: Id,
  basis: Basis,
  note: Text.min(1, "a proposal says what was checked"),
});
export const DecisionSuperseded = z.object({ decision_id: Id, superseded_by: Id });
/**
 * A record narrowed to anchors (`src/a.ts#parse`) after the fact: its basis as it now reads, at
 * the same revision, with the anchors' fingerprints as that revision held them. Not a
 * re-verification: a stale mark stays until one.
 */
export const DecisionAnchored = z.object({
  decision_id: Id,
  basis: Basis,
  note: Text.optional(),
});

// Open questions: doubts only the session's author answers
export const OpenQuestionDeclared = z.object({
  question: z.string().min(1).max(500, "a question is at most 500 characters"),
  suggestion: z.string().max(300, "a suggestion is at most 300 characters").optional(),
  affects: Affects.default({ rules: [], stories: [], tasks: [] }),
  author: Actor.partial({ kind: true }),
});

export const OpenQuestionAnswered = z.object({
  question_id: Id,
  answer: Text,
  accepted_suggestion: z.boolean(),
  decision_id: Id,
  answered_by: Person,
});

// Backlog and traceability: rules, epics, stories, tasks, verdicts
export const BusinessRuleRecorded = z.object({ key: Label.optional(), title: Label, text: Text });
export const EpicCreated = z.object({
  key: Label.optional(),
  title: Label,
  description: Text.optional(),
});
export const StoryCreated = z.object({
  key: Label.optional(),
  epic_id: Id,
  title: Label,
  functional_requirements: z.array(Text).default([]),
  non_functional_requirements: z.array(Text).default([]),
  definition_of_done: z.array(Text).default([]),
  definition_of_ready: z.array(Text).default([]),
  business_rule_ids: z.array(Id).default([]),
  /** the recorded decisions or intent cards the story carries out; the user's reach its tasks */
  decision_ids: z.array(Id).max(100).optional(),
});
export const StoryAmended = z.object({
  story_id: Id,
  changes: z.record(z.string(), z.unknown()),
  question_id: Id.optional(),
});
export const StoryTransitioned = z.object({ story_id: Id, from: Label, to: Label });
export const TaskCreated = z.object({ key: Label.optional(), story_id: Id, title: Label });
export const TaskTransitioned = z.object({ task_id: Id, from: Label, to: Label });
export const VerdictRecorded = z.object({
  task_id: Id,
  verdict: z.enum(["approved", "changes_requested", "needs_user_decision"]),
  /** the QA specialty whose voice this is (one of the project's `qa_specialties`) */
  specialty: z.string().min(1).max(100).optional(),
  notes: Text.optional(),
  question_id: Id.optional(),
});

// ADRs
export const AdrDrafted = z.object({
  draft_path: Label,
  record_ids: z.array(Id),
  cluster_key: Label,
});
export const AdrAccepted = z.object({
  adr_id: Id,
  number: z.number().int().nonnegative(),
  path: Label,
  record_ids: z.array(Id),
  accepted_by: Person,
});
export const AdrRejected = z.object({ adr_id: Id, draft_path: Label, reason: Text });
export const AdrImported = z.object({
  adr_id: Id,
  number: z.number().int().nonnegative().optional(),
  path: Label,
  status: Label,
  title: Label,
});

/** Every event type of schema_version 1 with its payload schema. */
export const PAYLOADS = {
  session_started: SessionStarted,
  workline_opened: WorklineOpened,
  workline_parked: WorklineRef,
  workline_activated: WorklineRef,
  workline_closed: WorklineRef,
  intent_card_recorded: IntentCardRecorded,
  intent_card_amended: IntentCardAmended,
  intent_confirmed: IntentConfirmed,
  decision_recorded: DecisionRecorded,
  decision_marked_stale: DecisionMarkedStale,
  decision_reverified: DecisionReverified,
  decision_reverify_proposed: DecisionReverifyProposed,
  decision_superseded: DecisionSuperseded,
  decision_anchored: DecisionAnchored,
  open_question_declared: OpenQuestionDeclared,
  open_question_answered: OpenQuestionAnswered,
  business_rule_recorded: BusinessRuleRecorded,
  epic_created: EpicCreated,
  story_created: StoryCreated,
  story_amended: StoryAmended,
  story_transitioned: StoryTransitioned,
  task_created: TaskCreated,
  task_transitioned: TaskTransitioned,
  verdict_recorded: VerdictRecorded,
  adr_drafted: AdrDrafted,
  adr_accepted: AdrAccepted,
  adr_rejected: AdrRejected,
  adr_imported: AdrImported,
} as const;

export type EventType = keyof typeof PAYLOADS;
export const EVENT_TYPES = Object.keys(PAYLOADS) as EventType[];
export type PayloadOf<T extends EventType> = z.infer<(typeof PAYLOADS)[T]>;
export type PayloadInput<T extends EventType> = z.input<(typeof PAYLOADS)[T]>;

export { Ulid };
