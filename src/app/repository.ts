import { AdriftError } from "../core/errors.js";
import { freezeUncovered } from "./baseline.js";
import { type AppContext, createContext, type OpenOptions } from "./context.js";
import { type ContextLineOptions, contextLine } from "./context-line.js";
import { type CorrespondenceOptions, correspondenceReport } from "./correspondence.js";
import { type ExportOptions, exportMarkdown } from "./export.js";
import { type GoverningOptions, governingDecisions } from "./governing.js";
import { initRepository } from "./init.js";
import { loadProject } from "./load.js";
import { type PrCommentOptions, prComment } from "./pr-comment.js";
import { type ListFilter, listRecords, showArtifact } from "./queries.js";
import {
  type AmendInput,
  amendRecord,
  type CardInput,
  type DecisionInput,
  markStaleManually,
  recordDecision,
  recordIntent,
  reverifyDecision,
  supersedeDecision,
} from "./records.js";
import { validateLog } from "./validate.js";
import {
  changeWorkline,
  listWorklines,
  openWorkline,
  showSession,
  startSession,
} from "./worklines.js";

/** The use cases of one repository: the CLI and the MCP server are thin shells over this. */
export function repositoryApi(ctx: AppContext) {
  return {
    context: ctx,
    root: ctx.git.location.root,
    load: () => loadProject(ctx),
    init: () => initRepository(ctx),
    startSession: (title?: string) => startSession(ctx, title),
    showSession: (ref?: string) => showSession(ctx, ref),
    openWorkline: (title: string, tag?: string) => openWorkline(ctx, title, tag),
    parkWorkline: (ref?: string) => changeWorkline(ctx, "park", ref),
    activateWorkline: (ref: string) => changeWorkline(ctx, "activate", ref),
    closeWorkline: (ref?: string) => changeWorkline(ctx, "close", ref),
    listWorklines: () => listWorklines(ctx),
    recordIntent: (input: CardInput) => recordIntent(ctx, input),
    amendRecord: (ref: string, input: AmendInput) => amendRecord(ctx, ref, input),
    recordDecision: (input: DecisionInput) => recordDecision(ctx, input),
    reverifyDecision: (ref: string, options?: { revision?: string; note?: string }) =>
      reverifyDecision(ctx, ref, options),
    supersedeDecision: (ref: string, by: string) => supersedeDecision(ctx, ref, by),
    markStale: (ref: string, note?: string) => markStaleManually(ctx, ref, note),
    show: (ref: string) => showArtifact(ctx, ref),
    list: (filter?: ListFilter) => listRecords(ctx, filter),
    validate: () => validateLog(ctx),
    contextLine: (options?: ContextLineOptions) => contextLine(ctx, options),
    exportMarkdown: (options?: ExportOptions) => exportMarkdown(ctx, options),
    correspondence: (options?: CorrespondenceOptions) => correspondenceReport(ctx, options),
    prComment: (options: PrCommentOptions) => prComment(ctx, options),
    freezeBaseline: (options?: { expires?: string }) => freezeUncovered(ctx, options),
    governing: (options: GoverningOptions) => governingDecisions(ctx, options),
    userDecisions: async (_options: {
      story?: string;
      task?: string;
    }): Promise<{ heading: string; decisions: unknown[]; text: string }> => {
      throw new AdriftError("usage", "context --story/--task needs the backlog, not in this build");
    },
  };
}

export type Repository = ReturnType<typeof repositoryApi>;

/** Opens the repository containing `dir` (default: the current directory). */
export async function openRepository(
  dir = process.cwd(),
  options: OpenOptions = {},
): Promise<Repository> {
  return repositoryApi(await createContext(dir, options));
}
