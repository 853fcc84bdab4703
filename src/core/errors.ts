import { clip, flatten } from "./render/text.js";

/** Stable error codes; tests assert these, never the wording. */
export type ErrorCode =
  | "validation_failed"
  | "usage"
  | "not_found"
  | "ambiguous_id"
  | "already_answered"
  | "conflict"
  | "only_session_author"
  | "only_human"
  | "unknown_reference"
  | "not_ready"
  | "not_confirmed"
  | "invalid_transition"
  | "corrupt_log"
  | "unsupported_schema_version"
  | "not_a_git_repo"
  | "git_failed"
  | "io_failed";

/** The exit code each error code maps to (docs/formats.md lists them). */
export function exitCodeFor(code: ErrorCode): number {
  switch (code) {
    case "not_found":
      return 3;
    case "already_answered":
    case "conflict":
      return 4;
    case "only_session_author":
    case "only_human":
      return 5;
    default:
      return 2;
  }
}

/** The one error type adrift throws: a stable code, a sentence, and structured details. */
export class AdriftError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown>;
  constructor(code: ErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(shortenMessage(message));
    this.name = "AdriftError";
    this.code = code;
    this.details = details;
  }
}

/** The longest run without a space an error message keeps whole (a path, an id, a quoted value). */
const MAX_RUN = 200;
/** The longest error message: one line a person reads, whatever the values in it. */
const MAX_MESSAGE = 2_000;

/**
 * A message with the values quoted in it kept readable: a run of more than MAX_RUN characters
 * without a space (a 5,000-character path) keeps its start and end around its length, and a
 * message still over MAX_MESSAGE keeps its start and its end (where it says what to do).
 */
export function shortenMessage(message: string): string {
  const runs = message.replace(
    new RegExp(`\\S{${MAX_RUN + 1},}`, "gu"),
    (run) =>
      `${run.slice(0, 120)}…(${run.length.toLocaleString("en-US")} characters)…${run.slice(-40)}`,
  );
  if (runs.length <= MAX_MESSAGE) return runs;
  return `${runs.slice(0, MAX_MESSAGE - 600)} … ${runs.slice(-590)}`;
}

/** True when the value is an AdriftError (also across module copies). */
export function isAdriftError(value: unknown): value is AdriftError {
  return value instanceof Error && value.name === "AdriftError" && "code" in value;
}

/** Shortens user-supplied text for inclusion in an error message. */
export function truncate(text: string, max = 80): string {
  return clip(flatten(text), max);
}
