import type { AdriftEvent } from "../events/envelope.js";

/** A basis revision as the log holds it, with the event and field that hold it. */
export type BasisRevision = { event_id: string; field: string; revision: string };

/** A full object id, as adrift writes a basis (sha1 or sha256). */
const FULL_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/**
 * The basis revisions of the log that staleness compares against: of records and of their
 * re-verifications. A basis with neither a revision nor paths (a person's answer recorded
 * before the first commit) governs no code and is left out.
 */
export function basisRevisions(events: Iterable<AdriftEvent>): BasisRevision[] {
  const out: BasisRevision[] = [];
  for (const event of events) {
    const basis =
      event.type === "intent_card_recorded" ||
      event.type === "decision_recorded" ||
      event.type === "decision_reverified" ||
      event.type === "decision_anchored"
        ? event.data.basis
        : undefined;
    if (!basis || (basis.revision === "" && basis.touched_paths.length === 0)) continue;
    out.push({ event_id: event.id, field: "data.basis.revision", revision: basis.revision });
  }
  return out;
}

/**
 * Why a basis revision is not a commit id, or undefined when it has the shape of one. A branch
 * name or `HEAD` moves, and an abbreviated id may become ambiguous: staleness would compare
 * against something other than what the author saw.
 */
export function revisionShapeProblem(revision: string): string | undefined {
  if (FULL_ID.test(revision)) return undefined;
  const shown = JSON.stringify(revision.slice(0, 60));
  if (/^[0-9a-f]{4,39}$/i.test(revision))
    return `basis.revision ${shown} is an abbreviated commit id; adrift records the full id (an abbreviation may become ambiguous)`;
  return `basis.revision ${shown} is not a commit id (a name such as a branch or HEAD moves); staleness needs the full id of the commit the record was based on`;
}
