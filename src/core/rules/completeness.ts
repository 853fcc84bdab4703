import { AdriftError } from "../errors.js";
import type { CardFields, Considered } from "../events/common.js";

/** Why a card is incomplete: one reason per missing part. */
export type IncompletenessReason = {
  rule: "rationale_missing" | "no_considered_options" | "outcome_missing" | "trigger_missing";
  message: string;
};

/**
 * A card is complete with an outcome, a trigger, a rationale for its chosen approach and a
 * considered option (or `trivial`); an empty list means complete. Saving is never blocked.
 */
export function cardIncompleteness(input: {
  card: CardFields;
  considered: Considered[];
  trivial: boolean;
}): IncompletenessReason[] {
  const reasons: IncompletenessReason[] = [];
  const blank = (s: string) => s.trim().length === 0;
  if (blank(input.card.outcome))
    reasons.push({ rule: "outcome_missing", message: "no outcome: say what must become true" });
  if (blank(input.card.trigger))
    reasons.push({ rule: "trigger_missing", message: "no trigger: say what hurts, why now" });
  if (!blank(input.card.chosen_approach) && blank(input.card.selection_rationale))
    reasons.push({
      rule: "rationale_missing",
      message: "a chosen approach without a selection rationale: say why this path",
    });
  if (input.considered.length === 0 && !input.trivial)
    reasons.push({
      rule: "no_considered_options",
      message:
        "no considered options: add the rejected ones, or mark the card trivial (status quo)",
    });
  return reasons;
}

/**
 * Refuses a considered option without an approach (`:: reason`): it would count as a rejected
 * option and make the card look complete while naming nothing.
 */
export function assertConsideredOptions(
  options: readonly Considered[] | undefined,
  field = "considered",
): void {
  (options ?? []).forEach((option, index) => {
    if (option.approach.trim().length > 0) return;
    throw new AdriftError(
      "validation_failed",
      `${field}[${index}].approach: expected the option that was rejected, got an empty approach (rejected because "${option.rejected_because.slice(0, 80)}"); e.g. {"approach": "Redis lock", "rejected_because": "another service to run"}`,
      { field, index },
    );
  });
}
