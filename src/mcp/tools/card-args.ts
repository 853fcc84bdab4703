import * as z from "zod";
import type { DecisionInput } from "../../app/recording/records.js";
import { Basis, CardFields } from "../../core/events/common.js";
import { DecisionRecorded, IntentCardRecorded } from "../../core/events/payloads.js";

// The event payloads' own field names (docs/formats.md); adrift fills in the revision (default HEAD)
// and the fingerprints (of the working tree where it differs), so an agent gives only the
// revision it means and the paths.
const BasisArgs = Basis.omit({ fingerprints: true, uncommitted: true, anchors: true }).extend({
  revision: Basis.shape.revision.optional(),
  /** `auto`: file entries become anchors to the symbols the change touched there */
  anchor: z.enum(["auto"]).optional(),
});

/** Arguments of record_intent_card: the `intent_card_recorded` payload, every card field optional. */
export const IntentCardArgs = IntentCardRecorded.extend({
  card: CardFields.partial(),
  basis: BasisArgs.optional(),
}).strict();

/** Arguments of record_decision: the `decision_recorded` payload; answers to questions come from people. */
export const DecisionArgs = DecisionRecorded.omit({ question_id: true, affects: true })
  .extend({ card: CardFields.partial(), basis: BasisArgs.optional() })
  .strict();

type CardArgs = z.output<typeof IntentCardArgs> & { findings?: string[] };

/** The use-case input of parsed card arguments. */
export function cardInputOf(args: CardArgs): DecisionInput {
  return {
    ...args.card,
    considered: args.considered,
    trivial: args.trivial,
    tags: args.tags,
    touched_paths: args.basis?.touched_paths,
    revision: args.basis?.revision,
    ...(args.basis?.anchor ? { anchor: args.basis.anchor } : {}),
    findings: args.findings,
    tier_b: args.tier_b,
  };
}
