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
    super(message);
    this.name = "AdriftError";
    this.code = code;
    this.details = details;
  }
}

/** True when the value is an AdriftError (also across module copies). */
export function isAdriftError(value: unknown): value is AdriftError {
  return value instanceof Error && value.name === "AdriftError" && "code" in value;
}

/** Shortens user-supplied text for inclusion in an error message. */
export function truncate(text: string, max = 80): string {
  return clip(flatten(text), max);
}
