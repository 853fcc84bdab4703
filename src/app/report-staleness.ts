import type { ProjectState } from "../core/project/state.js";
import { recordedStaleness } from "../core/reports/recorded-staleness.js";
import type { StalenessReport } from "../core/rules/staleness-types.js";
import type { AppContext } from "./context.js";

/** The staleness reports and the PR comment show: computed against HEAD. */
export async function stalenessForReports(
  _ctx: AppContext,
  state: ProjectState,
  head: string,
): Promise<StalenessReport> {
  return recordedStaleness(state, head);
}
