import type { AdriftEvent, EventOf } from "../events/envelope.js";
import { changeRefusal, type RecordChange } from "../rules/amendment.js";
import type { ProjectState, RecordView } from "./state.js";

/**
 * True while something an agent proposed about the record waits for a person: its card (not
 * confirmed since an agent last changed it) or a re-verification of a decision still in force.
 */
export function waitsForPerson(record: RecordView): boolean {
  return (
    record.consent === "proposed" ||
    (record.status !== "superseded" && record.reverify_proposals.length > 0)
  );
}

/** Applies intent-card and decision events; ignores the rest. */
export function applyRecordEvent(state: ProjectState, event: AdriftEvent): void {
  switch (event.type) {
    case "intent_card_recorded":
    case "decision_recorded":
      state.artifacts.set(event.id, event.type);
      state.records.set(event.id, newRecord(event));
      return;
    case "intent_card_amended":
      amend(state, event);
      return;
    case "intent_confirmed":
      confirm(state, event);
      return;
    case "decision_marked_stale": {
      const record = target(state, event, event.data.decision_id, "data.decision_id");
      if (!record) return;
      record.stale_marks.push(event);
      if (record.status !== "superseded") record.status = "stale";
      return;
    }
    case "decision_reverified": {
      const record = target(state, event, event.data.decision_id, "data.decision_id");
      if (!record) return;
      record.reverifications.push(event);
      record.basis = event.data.basis;
      record.stale_marks = [];
      // Re-verified (by a person, or on a proposal): what was proposed before is answered.
      record.reverify_proposals = [];
      if (record.status !== "superseded") record.status = "active";
      return;
    }
    case "decision_reverify_proposed": {
      const record = target(state, event, event.data.decision_id, "data.decision_id");
      if (record) record.reverify_proposals.push(event);
      return;
    }
    case "decision_anchored": {
      // Narrowed, not re-verified: the scope reads anew, a stale mark stays until one.
      const record = target(state, event, event.data.decision_id, "data.decision_id");
      if (!record) return;
      record.basis = event.data.basis;
      return;
    }
    case "decision_superseded": {
      const record = target(state, event, event.data.decision_id, "data.decision_id");
      if (!record || refused(state, record, event, "supersede")) return;
      record.status = "superseded";
      record.superseded_by = event.data.superseded_by;
      // A successor missing here may come later in the log's order (clocks of two clones):
      // `validate` checks it against the whole log (core/rules/references).
      state.records.get(event.data.superseded_by)?.supersedes.push(record.id);
      return;
    }
    default:
      return;
  }
}

function newRecord(event: EventOf<"intent_card_recorded" | "decision_recorded">): RecordView {
  const data = event.data;
  const isDecision = event.type === "decision_recorded";
  return {
    id: event.id,
    kind: isDecision ? "decision" : "intent",
    // Shared with the event, never mutated: an amendment replaces the card (copy on write).
    card: data.card,
    considered: data.considered,
    trivial: data.trivial,
    tags: data.tags,
    findings: isDecision ? (data as EventOf<"decision_recorded">["data"]).findings : [],
    basis: data.basis,
    original_basis: data.basis,
    tier_b: data.tier_b,
    question_id: isDecision
      ? (data as EventOf<"decision_recorded">["data"]).question_id
      : undefined,
    affects: isDecision ? (data as EventOf<"decision_recorded">["data"]).affects : undefined,
    session_id: event.session_id,
    workline_id: event.workline_id,
    actor: event.actor,
    at: event.at,
    amendments: [],
    status: "active",
    consent: event.actor.kind === "agent" ? "proposed" : "confirmed",
    confirmations: [],
    stale_marks: [],
    reverifications: [],
    reverify_proposals: [],
    supersedes: [],
  };
}

function target(
  state: ProjectState,
  event: AdriftEvent,
  id: string,
  field: string,
): RecordView | undefined {
  const record = state.records.get(id);
  if (!record) state.dangling.push({ event_id: event.id, ref: id, field });
  return record;
}

/** True (and noted) when the event's actor may not make this change to the record. */
function refused(
  state: ProjectState,
  record: RecordView,
  event: AdriftEvent,
  change: RecordChange,
): boolean {
  const reason = changeRefusal(record, event.actor, change);
  if (reason === undefined) return false;
  state.refused_changes.push({ event_id: event.id, record_id: record.id, change, reason });
  return true;
}

function amend(state: ProjectState, event: EventOf<"intent_card_amended">): void {
  const record = target(state, event, event.data.target_id, "data.target_id");
  if (!record || refused(state, record, event, "amend")) return;
  const { considered, tags, trivial, touched_paths, ...fields } = event.data.changes;
  applyCardFields(record, fields);
  // A person consented to what they saw: an agent's change waits for consent again.
  if (event.actor.kind === "agent") record.consent = "proposed";
  if (considered) record.considered = considered;
  if (tags) record.tags = tags;
  if (trivial !== undefined) record.trivial = trivial;
  if (touched_paths && record.basis)
    record.basis = { ...record.basis, touched_paths: [...touched_paths] };
  record.amendments.push({
    event_id: event.id,
    at: event.at,
    actor: event.actor,
    changes: event.data.changes,
    reason: event.data.reason,
  });
}

/** The card with `fields` changed; the card object is replaced, never mutated (shared). */
function applyCardFields(record: RecordView, fields: Record<string, string | undefined>): void {
  const card = { ...record.card };
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) (card as Record<string, string>)[key] = value;
  }
  record.card = card;
}

/**
 * A person's "yes" (with at most the fields they changed). An agent's confirmation counts for
 * nothing (`validate` reports it): consent is a person's.
 */
function confirm(state: ProjectState, event: EventOf<"intent_confirmed">): void {
  const record = target(state, event, event.data.target_id, "data.target_id");
  if (!record || event.actor.kind === "agent") return;
  const changes = event.data.changes;
  if (changes) applyCardFields(record, changes);
  record.consent = "confirmed";
  record.confirmations.push({
    event_id: event.id,
    at: event.at,
    actor: event.actor,
    ...(changes && Object.keys(changes).length > 0 ? { changes } : {}),
  });
}
