import type { ProjectState } from "../../core/project/state.js";

/** A readiness warning shown by `adr accept`; it never blocks: acceptance is the reviewer's call. */
export type ReadinessWarning = {
  code: "open_questions" | "unconfirmed_records";
  count: number;
  message: string;
  /** for unconfirmed_records: the records no person has confirmed */
  ids?: string[];
};

/**
 * "N questions still open — answer with …" when the log has open questions; "N records of
 * this ADR were proposed by an agent and no person confirmed them" when `records` holds such.
 */
export function readinessWarnings(
  state: ProjectState,
  records: readonly string[] = [],
): ReadinessWarning[] {
  const warnings: ReadinessWarning[] = [];
  let count = 0;
  for (const question of state.questions.values()) if (question.status === "open") count++;
  if (count > 0)
    warnings.push({
      code: "open_questions",
      count,
      message: `${count} question${count === 1 ? "" : "s"} still open — answer with adrift question answer <id> --answer "…" (list them with adrift question list)`,
    });
  const proposed = records.filter((id) => state.records.get(id)?.consent === "proposed");
  if (proposed.length > 0)
    warnings.push({
      code: "unconfirmed_records",
      count: proposed.length,
      ids: proposed,
      message: `${proposed.length} record${proposed.length === 1 ? "" : "s"} of this ADR ${proposed.length === 1 ? "was" : "were"} proposed by an agent and not confirmed by a person (${proposed.map((id) => id.slice(0, 10)).join(", ")}) — confirm with adrift intent confirm <id>`,
    });
  return warnings;
}
