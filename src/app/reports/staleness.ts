import { readStaleDigest, writeStaleDigest } from "../../adapters/stale-digest.js";
import type { ProjectState } from "../../core/project/state.js";
import type { StalenessReport } from "../../core/staleness/types.js";
import type { AppContext } from "../dependencies.js";
import type { SharedFold } from "./state.js";

/**
 * The staleness reports and the PR comment show: computed at HEAD by `stale`'s engine
 * (cached under the git dir), so the report, the comment and `adrift stale` agree. The report
 * is stamped with `head` when the work tree is elsewhere (the caller says so in a notice).
 */
export async function stalenessForReports(
  ctx: AppContext,
  state: ProjectState,
  head: string,
  options: { leaveCarried?: boolean } = {},
): Promise<StalenessReport> {
  const { computeStaleness } = await import("../staleness/stale-report.js");
  // The caller folded the log already: staleness takes its records from that fold.
  const report = await computeStaleness(ctx, {
    folded: () => Promise.resolve(state),
    ...(options.leaveCarried ? { leaveCarried: true } : {}),
  });
  return { ...report, head: report.head || head };
}

/**
 * As `stalenessForReports` with only the findings that are not fresh (what the PR comment shows), from the
 * digest under the git dir when the engine's cache, the log (`key`) and HEAD (`worktreeHead`,
 * resolved by the caller) are unchanged since it was written; else from the engine (digested).
 */
export async function staleFindingsForReports(
  ctx: AppContext,
  key: string,
  worktreeHead: string | undefined,
  head: string,
  shared: SharedFold = {},
): Promise<StalenessReport> {
  const gitDir = ctx.git.location.gitDir;
  const digest = worktreeHead ? readStaleDigest(gitDir, key, worktreeHead) : undefined;
  if (digest) return { ...digest, head: digest.head || head };
  const { computeStaleness } = await import("../staleness/stale-report.js");
  // When the log is being folded for the report index too, staleness takes its records from there.
  const report = await computeStaleness(ctx, { folded: () => shared.state });
  writeStaleDigest(gitDir, key, report);
  return {
    ...report,
    head: report.head || head,
    // Moved, review and touched ones too: the comment lists them, collapsed.
    findings: report.findings.filter((f) => f.state !== "fresh"),
  };
}
