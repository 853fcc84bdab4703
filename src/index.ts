/** adrift's library: the same use cases as the CLI, typed, with the event schemas. */

export {
  type CodeSymbol,
  codeLanguageOf,
  readCodeSymbols,
  type SymbolSpan,
} from "./adapters/anchors/code-symbols.js";
export {
  type Clock,
  type IdSource,
  steppingClock,
  systemClock,
  ulidSource,
} from "./adapters/clock.js";
export { appendEvents } from "./adapters/log-append.js";
export { parseLogBuffer } from "./adapters/log-parse.js";
export { listLogFiles, type ReadLogOptions, readLog } from "./adapters/log-store.js";
export { openValidatedFiles, type ValidatedFiles } from "./adapters/validated-files.js";
export type { AcceptOptions } from "./app/adr/accept.js";
export type { DraftOutcome } from "./app/adr/draft.js";
export type { ImportedAdr } from "./app/adr/import.js";
export { type DraftSummary, listAdrs } from "./app/adr/list.js";
export type { AdrSummary } from "./app/adr/summary.js";
export type { AgentHookChange } from "./app/agents/install.js";
export { type FileSymbols, listFileSymbols } from "./app/anchors/file-symbols.js";
export type { StoryChanges, StoryInput } from "./app/backlog/stories.js";
export { userDecisionsFor } from "./app/backlog/user-decisions.js";
export type { VerdictInput } from "./app/backlog/verdicts.js";
export type { ActorOverride, AppContext, OpenOptions, OwnSession } from "./app/dependencies.js";
export { type DoctorOptions, type DoctorReport, runDoctor } from "./app/doctor/run.js";
export type { ListFilter, RecordSummary } from "./app/log/queries.js";
export type {
  AmendInput,
  CardInput,
  DecisionInput,
  RecordResult,
} from "./app/recording/records.js";
export { type DraftOrBuilder, type EventDraft, writeEvents } from "./app/recording/writer.js";
export type { ContextLine, ContextLineOptions } from "./app/reports/context-line.js";
export type { CorrespondenceOptions, ReportFormat } from "./app/reports/correspondence.js";
export type { ExportOptions } from "./app/reports/export.js";
export type { GoverningOptions, GoverningReport } from "./app/reports/governing.js";
export type { PrComment, PrCommentOptions } from "./app/reports/pr-comment.js";
export { openRepository, type Repository, repositoryApi } from "./app/repository.js";
export type { VerdictResult } from "./app/review/apply.js";
export type { ReviewOptions } from "./app/review/items.js";
export type { ReviewSummary, ReviewTerminal } from "./app/review/session.js";
export { type RecordedMarks, recordStaleness } from "./app/staleness/stale-marking.js";
export { computeStaleness, type StaleOptions } from "./app/staleness/stale-report.js";
export type { ValidationReport } from "./app/validate/validate.js";
export type { AdrFile, AdrWarning } from "./core/adr/read-adr.js";
export {
  AGENT_CONFIG_FILE,
  AGENT_NAMES,
  type AgentName,
  type HookEvent,
} from "./core/agents/hook-config.js";
export { type HookInput, parseHookInput } from "./core/agents/hook-input.js";
export type { Cluster, ClusterBy } from "./core/cluster/cluster.js";
export {
  ALL_DOCTOR_RULES,
  type DoctorFinding,
  type DoctorRule,
  type DoctorSeverity,
} from "./core/doctor/rules.js";
export { AdriftError, type ErrorCode, exitCodeFor } from "./core/errors.js";
export * from "./core/events/index.js";
export { foldEvents } from "./core/project/fold.js";
export { type OrderedLog, orderLines } from "./core/project/order.js";
export type * from "./core/project/state.js";
export {
  USER_DECISIONS_HEADING,
  type UserDecision,
  type UserDecisionsBlock,
} from "./core/render/user-decisions.js";
export type { CorrespondenceReport } from "./core/reports/correspondence.js";
export type { FailCondition, PrCommentModel } from "./core/reports/pr-comment.js";
export type { Propagated } from "./core/reports/propagation.js";
export type { Hunk } from "./core/review/line-diff.js";
export type { FileDiff, ReviewAction, ReviewItem } from "./core/review/review-item.js";
export { ReviewVerdict } from "./core/review/verdicts.js";
export { cardIncompleteness, type IncompletenessReason } from "./core/rules/completeness.js";
export {
  type CoverageFinding,
  type CoverageReport,
  computeCoverage,
  inheritedRules,
  type RuleCoverage,
} from "./core/rules/coverage.js";
export {
  openQuestionsForStory,
  openQuestionsWarning,
  questionsAffectingPaths,
} from "./core/rules/questions.js";
export { type MissingItem, missingForReady } from "./core/rules/readiness.js";
export {
  STORY_TRANSITIONS,
  TASK_TRANSITIONS,
  VERDICT_TRANSITIONS,
} from "./core/rules/transitions.js";
export { unconfirmedItems } from "./core/rules/unconfirmed.js";
export { selectUserDecisions } from "./core/rules/user-decisions.js";
export { consolidateVerdicts, type QaRound, qaRound } from "./core/rules/verdicts.js";
export type * from "./core/staleness/types.js";
