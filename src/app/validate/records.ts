import type { AdriftEvent } from "../../core/events/envelope.js";
import type { LinePosition, Problem } from "../../core/events/parse.js";
import { basisRevisions, revisionShapeProblem } from "../../core/staleness/basis-revisions.js";
import type { AppContext } from "../dependencies.js";

/**
 * A record superseded by itself; a confirmation or a re-verification an agent wrote (consent is a
 * person's).
 */
export function recordEventProblems(
  events: readonly AdriftEvent[],
  at: (id: string) => LinePosition,
): Problem[] {
  const problems: Problem[] = [];
  for (const e of events) {
    if (e.type === "decision_superseded" && e.data.superseded_by === e.data.decision_id)
      problems.push({
        ...at(e.id),
        severity: "error",
        code: "self_reference",
        message: `data.superseded_by names the record it supersedes (${e.data.decision_id}); a record is superseded by another one`,
      });
    if (e.type === "intent_confirmed" && e.actor.kind === "agent")
      problems.push({
        ...at(e.id),
        severity: "warning",
        code: "agent_confirmation",
        message: `${e.actor.name}, an agent, confirmed ${e.data.target_id}: only a person's confirmation counts, so the record is still proposed`,
      });
    if (e.type === "decision_reverified" && e.actor.kind === "agent")
      problems.push({
        ...at(e.id),
        severity: "warning",
        code: "agent_reverification",
        message: `${e.actor.name}, an agent, re-verified ${e.data.decision_id} alone: a person should check it and confirm (adrift review)`,
      });
  }
  return problems;
}

/**
 * Basis revisions that are not commit ids (errors: staleness would compare against something
 * else than what the author saw), and commit ids this clone does not have (warnings: a shallow
 * clone or rewritten history, where staleness compares fingerprints instead).
 */
export async function basisRevisionProblems(
  ctx: AppContext,
  events: readonly AdriftEvent[],
  at: (id: string) => LinePosition,
): Promise<Problem[]> {
  const problems: Problem[] = [];
  const ids: { event_id: string; revision: string }[] = [];
  for (const basis of basisRevisions(events)) {
    const problem = revisionShapeProblem(basis.revision);
    if (problem)
      problems.push({
        ...at(basis.event_id),
        severity: "error",
        code: "invalid_basis_revision",
        message: problem,
      });
    else ids.push(basis);
  }
  const present = await ctx.git.presentCommits(ids.map((b) => b.revision));
  const shallow = ids.some((b) => !present.has(b.revision)) && (await ctx.git.isShallow());
  for (const basis of ids)
    if (!present.has(basis.revision))
      problems.push({
        ...at(basis.event_id),
        severity: "warning",
        code: "missing_basis_revision",
        message: `basis.revision ${basis.revision.slice(0, 12)} is not a commit in this clone (${shallow ? "the clone is shallow: git fetch --unshallow brings the history" : "history rewritten, not fetched yet, or an object that is not a commit"}); staleness compares the recorded fingerprints for it instead`,
      });
  return problems;
}
