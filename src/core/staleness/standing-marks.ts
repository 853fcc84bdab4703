// What a stale mark means when the computation says fresh. The computation answers "did the code
// under a record change since its basis?"; a mark in the log answers "someone must look at this
// record again". A revert, an amend that dropped the edit, or a mark committed on another branch
// can bring the code back to what the record saw, but nobody checked the decision: the mark
// stands until `decision reverify` or `decision supersede`. Every command (`stale`, its gates,
// `list --status stale`, `context`, the PR comment, MCP) reads staleness through this one rule.
import type { ComputedState, StaleFinding, StalenessReport } from "./types.js";

/** True when a record is stale: marked in the log, or computed stale at HEAD. */
export function isStale(finding: Pick<StaleFinding, "state" | "recorded">): boolean {
  return finding.state === "stale" || finding.recorded;
}

/**
 * A finding as every command reports it: a record marked stale in the log is `stale`, with what
 * its scope computes to now kept as `computed_state` (fresh after a revert, say).
 */
export function withStandingMark(finding: StaleFinding): StaleFinding {
  if (!finding.recorded || finding.state === "stale") return finding;
  const computed: ComputedState = finding.computed_state ?? finding.state;
  return { ...finding, state: "stale", computed_state: computed };
}

/** The report with every mark standing (`withStandingMark`); the same object when none changes. */
export function withStandingMarks<T extends StalenessReport>(report: T): T {
  if (!report.findings.some((f) => f.recorded && f.state !== "stale")) return report;
  return { ...report, findings: report.findings.map(withStandingMark) };
}
