import type { ProjectState } from "../core/project/state.js";
import type { AdrInput, BacklogInput, DraftInput, QuestionInput } from "../core/reports/inputs.js";
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

/** The backlog as propagation and the PR comment follow it. */
export function backlogOf(state: ProjectState): BacklogInput {
  return {
    stories: [...state.stories.values()].map((s) => ({
      id: s.id,
      ...(s.key ? { key: s.key } : {}),
      title: s.title,
      rule_ids: s.business_rule_ids,
    })),
    tasks: [...state.tasks.values()].map((t) => ({
      id: t.id,
      ...(t.key ? { key: t.key } : {}),
      title: t.title,
      story_id: t.story_id,
    })),
    rules: [...state.rules.values()].map((r) => ({
      id: r.id,
      ...(r.key ? { key: r.key } : {}),
      title: r.title,
    })),
  };
}

/** Reads ADRs, backlog, open questions and drafts for a report. */
export async function loadReportInputs(
  _ctx: AppContext,
  state: ProjectState,
): Promise<ReportInputs> {
  return {
    adrs: [],
    backlog: backlogOf(state),
    questions: [...state.questions.values()]
      .filter((q) => q.status === "open")
      .map((q) => ({ id: q.id, question: q.question, affects: q.affects })),
    drafts: [],
  };
}
