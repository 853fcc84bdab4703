/** adrift's library: the same use cases as the CLI, typed, with the event schemas. */

export {
  type Clock,
  type IdSource,
  steppingClock,
  systemClock,
  ulidSource,
} from "./adapters/clock.js";
export type { ActorOverride, AppContext, OpenOptions, OwnSession } from "./app/context.js";
export type { ListFilter, RecordSummary } from "./app/queries.js";
export type { AmendInput, CardInput, DecisionInput, RecordResult } from "./app/records.js";
export { openRepository, type Repository, repositoryApi } from "./app/repository.js";
export type { ValidationReport } from "./app/validate.js";
export { AdriftError, type ErrorCode, exitCodeFor } from "./core/errors.js";
export * from "./core/events/index.js";
export { foldEvents } from "./core/project/fold.js";
export type * from "./core/project/state.js";
export { cardIncompleteness, type IncompletenessReason } from "./core/rules/completeness.js";
