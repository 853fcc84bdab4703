import type { AgentName, HookEvent } from "../core/agents/hook-config.js";
import type { HookInput } from "../core/agents/hook-input.js";
import type { Affects, CardFields } from "../core/events/common.js";
import type { StoryStatus, TaskStatus, Verdict } from "../core/project/backlog-types.js";
import { type AcceptOptions, acceptDraft, rejectDraft } from "./adr/accept.js";
import { draftAdrs } from "./adr/draft.js";
import { briefAdrDrafts, draftAdrFromAgent } from "./adr/draft-agent.js";
import type { DraftOptions } from "./adr/draft-plan.js";
import { importAdrs } from "./adr/import.js";
import { listAdrs, listDrafts, refreshAdrIndex } from "./adr/list.js";
import { renumberAdrs } from "./adr/renumber.js";
import { syncDrafts } from "./adr/sync.js";
import { answerAgentHook } from "./agents/hook.js";
import { installAgentHooks, uninstallAllAgentHooks } from "./agents/install.js";
import { addEpic, addRule, coverage, listEpics, listRules } from "./backlog/backlog.js";
import {
  answerQuestion,
  askQuestion,
  listQuestions,
  openQuestionsAffecting,
  showQuestion,
} from "./backlog/questions.js";
import {
  addStory,
  amendStory,
  listStories,
  type StoryChanges,
  type StoryInput,
  showStory,
  transitionStory,
} from "./backlog/stories.js";
import { addTask, listTasks, showTask, transitionTask } from "./backlog/tasks.js";
import { userDecisionsFor } from "./backlog/user-decisions.js";
import { recordVerdict, type VerdictInput } from "./backlog/verdicts.js";
import { type AppContext, createContext, type OpenOptions } from "./dependencies.js";
import { type DoctorOptions, diagnoseRepository } from "./doctor/run.js";
import { initRepository } from "./init.js";
import { loadProject } from "./log/load.js";
import { type ListFilter, listRecordRows, listRecords, showArtifact } from "./log/queries.js";
import { anchorDecision } from "./recording/anchor-decision.js";
import { worklineCheckpoint } from "./recording/checkpoint.js";
import { type ConfirmOptions, confirmRecord } from "./recording/consent.js";
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
} from "./recording/records.js";
import {
  changeWorkline,
  listWorklines,
  openWorkline,
  showSession,
  startSession,
} from "./recording/worklines.js";
import { freezeUncovered } from "./reports/baseline.js";
import { type ContextLineOptions, contextLine } from "./reports/context-line.js";
import { type CorrespondenceOptions, correspondenceReport } from "./reports/correspondence.js";
import { type ExportOptions, exportMarkdown, exportMarkdownStream } from "./reports/export.js";
import { type GoverningOptions, governingDecisions } from "./reports/governing.js";
import { type PrCommentOptions, prComment } from "./reports/pr-comment.js";
import { applyVerdicts } from "./review/apply.js";
import { type ReviewOptions, reviewItems } from "./review/items.js";
import { type ReviewTerminal, runReviewSession } from "./review/session.js";
import { runStale } from "./staleness/stale.js";
import type { StaleOptions } from "./staleness/stale-report.js";
import { validateLog } from "./validate/validate.js";

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
    worklineCheckpoint: (ref?: string) => worklineCheckpoint(ctx, ref),
    recordIntent: (input: CardInput) => recordIntent(ctx, input),
    amendRecord: (ref: string, input: AmendInput) => amendRecord(ctx, ref, input),
    recordDecision: (input: DecisionInput) => recordDecision(ctx, input),
    confirmRecord: (ref: string, changes?: Partial<CardFields>, options?: ConfirmOptions) =>
      confirmRecord(ctx, ref, changes, options),
    reverifyDecision: (
      ref: string,
      options?: { revision?: string; note?: string; paths?: readonly string[] },
    ) => reverifyDecision(ctx, ref, options),
    supersedeDecision: (ref: string, by: string) => supersedeDecision(ctx, ref, by),
    anchorDecision: (ref: string, entries: readonly string[], note?: string) =>
      anchorDecision(ctx, ref, entries, note),
    markStale: (ref: string, note?: string) => markStaleManually(ctx, ref, note),
    reviewItems: (options?: ReviewOptions & { limit?: number }) => reviewItems(ctx, options),
    applyReviewVerdicts: (text: string) => applyVerdicts(ctx, text),
    reviewSession: (terminal: ReviewTerminal, options?: ReviewOptions) =>
      runReviewSession(ctx, terminal, options),
    show: (ref: string) => showArtifact(ctx, ref),
    list: (filter?: ListFilter) => listRecords(ctx, filter),
    listRows: (filter?: ListFilter) => listRecordRows(ctx, filter),
    validate: (options?: { against?: string }) => validateLog(ctx, options),
    stale: (options?: StaleOptions & { record?: boolean }) => runStale(ctx, options),
    doctor: (options?: DoctorOptions) => diagnoseRepository(ctx, options),
    installAgentHooks: (agent: AgentName, options?: { program?: string }) =>
      installAgentHooks(ctx, agent, options),
    uninstallAgentHooks: (agent?: AgentName) => uninstallAllAgentHooks(ctx, agent),
    answerAgentHook: (agent: AgentName, event: HookEvent, input: HookInput) =>
      answerAgentHook(ctx, agent, event, input),
    contextLine: (options?: ContextLineOptions) => contextLine(ctx, options),
    exportMarkdown: (options?: ExportOptions) => exportMarkdown(ctx, options),
    exportMarkdownStream: (options?: ExportOptions) => exportMarkdownStream(ctx, options),
    correspondence: (options?: CorrespondenceOptions) => correspondenceReport(ctx, options),
    prComment: (options: PrCommentOptions) => prComment(ctx, options),
    freezeBaseline: (options?: { expires?: string }) => freezeUncovered(ctx, options),
    governing: (options: GoverningOptions) => governingDecisions(ctx, options),
    addRule: (input: { title: string; text: string; key?: string }) => addRule(ctx, input),
    listRules: () => listRules(ctx),
    addEpic: (input: { title: string; key?: string; description?: string }) => addEpic(ctx, input),
    listEpics: () => listEpics(ctx),
    addStory: (input: StoryInput) => addStory(ctx, input),
    transitionStory: (ref: string, to: StoryStatus) => transitionStory(ctx, ref, to),
    amendStory: (ref: string, changes: StoryChanges & { question?: string }) =>
      amendStory(ctx, ref, changes),
    showStory: (ref: string) => showStory(ctx, ref),
    listStories: (filter?: { epic?: string; status?: string }) => listStories(ctx, filter),
    addTask: (input: { title: string; story_id: string; key?: string }) => addTask(ctx, input),
    transitionTask: (ref: string, to: TaskStatus) => transitionTask(ctx, ref, to),
    showTask: (ref: string) => showTask(ctx, ref),
    listTasks: (filter?: { story?: string; status?: string }) => listTasks(ctx, filter),
    coverage: () => coverage(ctx),
    askQuestion: (input: { question: string; suggestion?: string; affects?: Partial<Affects> }) =>
      askQuestion(ctx, input),
    listQuestions: (options?: { status?: "open" | "answered" | "all"; limit?: number }) =>
      listQuestions(ctx, options),
    showQuestion: (ref: string) => showQuestion(ctx, ref),
    openQuestionsAffecting: (paths: readonly string[]) => openQuestionsAffecting(ctx, paths),
    answerQuestion: (ref: string, input: { answer?: string; accept_suggestion?: boolean }) =>
      answerQuestion(ctx, ref, input),
    recordVerdict: (task: string, verdict: Verdict, input?: VerdictInput) =>
      recordVerdict(ctx, task, verdict, input),
    userDecisions: (target: { story?: string; task?: string }) => userDecisionsFor(ctx, target),
    draftAdrs: (options?: DraftOptions) => draftAdrs(ctx, options),
    briefAdrDrafts: (options?: DraftOptions) => briefAdrDrafts(ctx, options),
    draftAdrFromAgent: (input: unknown, options?: DraftOptions) =>
      draftAdrFromAgent(ctx, input, options),
    acceptAdr: (ref: string, options?: AcceptOptions) => acceptDraft(ctx, ref, options),
    rejectAdr: (ref: string, reason: string) => rejectDraft(ctx, ref, reason),
    syncAdrs: () => syncDrafts(ctx),
    renumberAdrs: () => renumberAdrs(ctx),
    listAdrs: () => listAdrs(ctx),
    listAdrDrafts: () => listDrafts(ctx),
    refreshAdrIndex: () => refreshAdrIndex(ctx),
    importAdrs: (dir?: string) => importAdrs(ctx, dir),
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
