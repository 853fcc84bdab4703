import type {
  Actor,
  Affects,
  Basis,
  CardFields,
  Considered,
  Person,
  TierB,
} from "../events/common.js";
import type { EventOf } from "../events/envelope.js";
import type { EpicView, QuestionView, RuleView, StoryView, TaskView } from "./backlog-types.js";

export type * from "./backlog-types.js";

/** A session: the habitat of the events written under it. */
export type SessionView = {
  id: string;
  title?: string;
  author: Person;
  branch?: string;
  actor: Actor;
  at: string;
};

export type WorklineStatus = "open" | "parked" | "closed";

export type WorklineView = {
  id: string;
  title: string;
  tag?: string;
  status: WorklineStatus;
  session_id: string;
  at: string;
  /** id of the event that last changed the status */
  changed_by: string;
};

/** One amendment of a record, kept as history. */
export type Amendment = {
  event_id: string;
  at: string;
  actor: Actor;
  changes: EventOf<"intent_card_amended">["data"]["changes"];
  reason?: string;
};

/** A person's consent to a proposed record, kept as history (`intent_confirmed`). */
export type Confirmation = {
  event_id: string;
  at: string;
  actor: Actor;
  changes?: Partial<CardFields>;
};

/**
 * Whose word a record is (docs/agents.md#propose-and-consent): `proposed` while the last change of its content came
 * from an agent and no person has confirmed it since; `confirmed` otherwise.
 */
export type RecordConsent = "proposed" | "confirmed";

export type RecordKind = "intent" | "decision";
export type RecordStatus = "active" | "stale" | "superseded";

/** An intent card or a decision with all amendments and lifecycle events applied. */
export type RecordView = {
  id: string;
  kind: RecordKind;
  card: CardFields;
  considered: Considered[];
  trivial: boolean;
  tags: string[];
  findings: string[];
  /** the basis now: the recorded one, or the latest re-verification */
  basis?: Basis;
  /** the basis as first recorded */
  original_basis?: Basis;
  tier_b?: TierB;
  question_id?: string;
  affects?: Affects;
  session_id: string;
  workline_id?: string;
  actor: Actor;
  at: string;
  amendments: Amendment[];
  status: RecordStatus;
  consent: RecordConsent;
  /** people's confirmations, oldest first */
  confirmations: Confirmation[];
  /** stale marks since the last re-verification */
  stale_marks: EventOf<"decision_marked_stale">[];
  reverifications: EventOf<"decision_reverified">[];
  /** agents' proposals that it still holds, since the last re-verification, oldest first */
  reverify_proposals: EventOf<"decision_reverify_proposed">[];
  superseded_by?: string;
  supersedes: string[];
};

/** Everything the log says, folded. Other areas (backlog, questions, ADRs) add their maps here. */
/** What can be done to a record that changes what it says or whether it holds. */
export type RecordChange = "amend" | "supersede";

/** An ADR as the log knows it: accepted, rejected or imported (the latest event wins). */
export type AdrView = {
  id: string;
  status: "accepted" | "rejected" | "imported";
  number?: number;
  path: string;
  title?: string;
  /** the status an imported ADR had in its file */
  imported_status?: string;
  record_ids: string[];
  accepted_by?: Person;
  reason?: string;
  /** the event that accepted, rejected or imported it (ULID: orders acceptances) */
  event_id: string;
  at: string;
};

/** A draft as the log knows it, by draft path. */
export type AdrDraftView = {
  draft_path: string;
  record_ids: string[];
  cluster_key: string;
  event_id: string;
};

export type ProjectState = {
  sessions: Map<string, SessionView>;
  worklines: Map<string, WorklineView>;
  records: Map<string, RecordView>;
  rules: Map<string, RuleView>;
  epics: Map<string, EpicView>;
  stories: Map<string, StoryView>;
  tasks: Map<string, TaskView>;
  questions: Map<string, QuestionView>;
  /** ADRs accepted, rejected or imported, by ADR id */
  adrs: Map<string, AdrView>;
  /** ADR drafts recorded by `adr draft`, by draft path */
  adr_drafts: Map<string, AdrDraftView>;
  /** human keys (RN-858) -> artifact id */
  keys: Map<string, string>;
  /** every artifact id -> the event type that created it */
  artifacts: Map<string, string>;
  /** events that reference an id no event created: event id -> missing id */
  dangling: { event_id: string; ref: string; field: string }[];
  /**
   * Amendments and supersessions left out because their actor may not make them (a user's
   * decision changed by anyone but that user: core/rules/amendment.ts), with the reason.
   */
  refused_changes: { event_id: string; record_id: string; change: RecordChange; reason: string }[];
  /** number of known events folded */
  event_count: number;
};

/** An empty state. */
export function emptyState(): ProjectState {
  return {
    sessions: new Map(),
    worklines: new Map(),
    records: new Map(),
    rules: new Map(),
    epics: new Map(),
    stories: new Map(),
    tasks: new Map(),
    questions: new Map(),
    adrs: new Map(),
    adr_drafts: new Map(),
    keys: new Map(),
    artifacts: new Map(),
    dangling: [],
    refused_changes: [],
    event_count: 0,
  };
}
