import type { ProjectState } from "../core/project/state.js";
import type { StalenessReport } from "../core/rules/staleness-types.js";
import type { AppContext } from "./context.js";

/**
 * The staleness reports and the PR comment show: SPEC §3 computed at HEAD by `stale`'s engine
 * (cached under the git dir), so the report, the comment and `adrift stale` agree. The report
 * is stamped with `head` when the work tree is elsewhere (the caller says so in a notice).
 */
export async function stalenessForReports(
  ctx: AppContext,
  _state: ProjectState,
  head: string,
): Promise<StalenessReport> {
  const { computeStaleness } = await import("./stale.js");
  const report = await computeStaleness(ctx);
  return { ...report, head: report.head || head };
}
