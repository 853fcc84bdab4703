import type { StalenessReport } from "../staleness/types.js";
import type { BaselineVerdict } from "./baseline.js";
import type { StaleSplit } from "./pr-stale.js";
import type { ReportRecords } from "./report-index.js";

/** Conditions `--fail-on` can name. */
export const FAIL_CONDITIONS = ["stale", "uncovered", "incomplete", "open-questions"] as const;
export type FailCondition = (typeof FAIL_CONDITIONS)[number];

/** What the gates read of the comment's input (a `PrCommentInput` is one). */
export type GateInput = {
  head: string;
  merge_base?: string;
  worktree?: string;
  records: ReportRecords;
  staleness: Pick<StalenessReport, "log_problems">;
  questions: readonly unknown[];
};

/** A gate that was asked for and could not be evaluated, and why. */
export type Gate = { gate: FailCondition; reason: string };

/** What the gates read of a built comment. */
export type GateFacts = {
  input: GateInput;
  split: StaleSplit;
  uncovered: readonly { baseline: BaselineVerdict }[];
  incomplete: number;
  questions: number;
};

/** True when some record of the log is incomplete (what a shallow clone can still say). */
function anyIncomplete(input: GateInput): boolean {
  for (const r of input.records.values()) if (r.incomplete && r.incomplete.length > 0) return true;
  return false;
}

/**
 * Why `gate` cannot be evaluated on this input, or undefined when it can. A gate fails closed:
 * a shallow clone still clears a gate when nothing that could trip it exists at all (no stale
 * record, no incomplete record, no open question), and otherwise says it could not tell.
 */
function unevaluable(gate: FailCondition, facts: GateFacts): string | undefined {
  const { input, split } = facts;
  const problems = input.staleness.log_problems?.length ?? 0;
  if (problems > 0)
    return `${problems} line(s) of the log could not be read (run adrift validate): their events were left out`;
  if (input.worktree)
    return `the log and staleness were read from the work tree at ${input.worktree.slice(0, 12)}, not from --head ${input.head.slice(0, 12)}: check out --head`;
  if (input.merge_base !== undefined) return undefined;
  const shallow = "history does not reach the merge base";
  switch (gate) {
    case "stale":
      return split.unattributed.length > 0
        ? `${shallow}: ${split.unattributed.length} stale record(s) could not be attributed to this pull request or to its base`
        : undefined;
    case "uncovered":
      return `${shallow}: the changed files are unknown`;
    case "incomplete":
      return anyIncomplete(input)
        ? `${shallow}: the new records are unknown, and the log holds incomplete ones`
        : undefined;
    case "open-questions":
      return facts.questions > 0 || input.questions.length > 0
        ? `${shallow}: which open questions affect this pull request is unknown`
        : undefined;
  }
}

/** The gates asked for that hold, and those that could not be evaluated (both fail the run). */
export function evaluateGates(
  failOn: readonly FailCondition[],
  facts: GateFacts,
): { failing: FailCondition[]; unevaluated: Gate[] } {
  const holds: Record<FailCondition, () => boolean> = {
    stale: () => facts.split.made.length > 0,
    uncovered: () => facts.uncovered.some((u) => u.baseline !== "baselined"),
    incomplete: () => facts.incomplete > 0,
    "open-questions": () => facts.questions > 0,
  };
  const failing: FailCondition[] = [];
  const unevaluated: Gate[] = [];
  for (const gate of ["stale", "uncovered", "incomplete", "open-questions"] as const) {
    if (!failOn.includes(gate)) continue;
    const reason = unevaluable(gate, facts);
    if (reason) unevaluated.push({ gate, reason });
    else if (holds[gate]()) failing.push(gate);
  }
  return { failing, unevaluated };
}
