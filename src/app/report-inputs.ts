import type { ProjectState } from "../core/project/state.js";
import {
  type AdrInput,
  type BacklogInput,
  type DraftInput,
  NO_BACKLOG,
  type QuestionInput,
} from "../core/reports/inputs.js";
import type { AppContext } from "./context.js";

/**
 * The parts of the project other areas own (ADRs, backlog, questions, drafts), as the plain
 * inputs reports take. The one place where reports meet those areas' projections.
 */
export type ReportInputs = {
  adrs: AdrInput[];
  backlog: BacklogInput;
  questions: QuestionInput[];
  drafts: DraftInput[];
};

/** Reads ADRs, backlog, open questions and drafts for a report. */
export async function loadReportInputs(
  _ctx: AppContext,
  _state: ProjectState,
): Promise<ReportInputs> {
  return { adrs: [], backlog: NO_BACKLOG, questions: [], drafts: [] };
}
