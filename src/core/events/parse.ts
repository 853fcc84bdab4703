import type * as z from "zod";
import { SCHEMA_VERSION } from "./common.js";
import {
  type AdriftEvent,
  Envelope,
  EVENT_SCHEMAS,
  isKnownType,
  type UnknownEvent,
} from "./envelope.js";
import { MAX_LINE_BYTES, oversizeLine } from "./line-limit.js";

/** Where a line came from. */
export type LinePosition = { file: string; line: number };

/** A positioned message about the log; errors make `validate` fail, warnings do not. */
export type Problem = LinePosition & {
  severity: "error" | "warning";
  code:
    | "invalid_json"
    | "invalid_utf8"
    | "torn_line"
    | "invalid_event"
    | "unknown_type"
    | "future_schema_version"
    | "duplicate_id"
    | "unknown_reference"
    | "duplicate_adr_number"
    | "duplicate_answer"
    | "duplicate_key"
    | "transition_mismatch"
    | "unknown_list_reference"
    | "line_too_long"
    | "history"
    | "line_edited"
    | "line_removed"
    | "back_dated"
    | "future_dated"
    | "answer_not_by_author"
    | "invalid_basis_revision"
    | "missing_basis_revision"
    | "self_reference"
    | "agent_confirmation"
    | "agent_reverification"
    | "not_by_answerer"
    | "history_unavailable";
  message: string;
};

export { MAX_LINE_BYTES, oversizeLine, utf8Length } from "./line-limit.js";

export type ParsedLine =
  | { ok: true; event: AdriftEvent; unknown?: false }
  | { ok: true; event: UnknownEvent; unknown: true; problem: Problem }
  | { ok: false; problem: Problem };

/** Formats zod issues as one short sentence naming each field. */
export function describeIssues(error: z.ZodError, prefix = ""): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const path = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
      return `${path || "(event)"}: ${issue.message}`;
    })
    .join("; ");
}

function failure(at: LinePosition, code: Problem["code"], message: string): ParsedLine {
  return { ok: false, problem: { file: at.file, line: at.line, severity: "error", code, message } };
}

/** Parses and validates one log line. Pure: never throws, never skips silently. */
export function parseEventLine(text: string, at: LinePosition): ParsedLine {
  const oversize = oversizeLine(text);
  if (oversize !== undefined)
    return failure(
      at,
      "line_too_long",
      `the line is ${oversize.toLocaleString("en-US")} bytes, longer than the limit of ${MAX_LINE_BYTES.toLocaleString("en-US")} bytes (4 MiB)`,
    );
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return failure(at, "invalid_json", `not valid JSON (${(error as Error).message})`);
  }
  return validateEvent(raw, at);
}

/**
 * The problem of a line that is not JSON, as `torn_line` when a write was interrupted there:
 * the file's last line without its newline (`unterminated`), or JSON that stopped at the very
 * end of the text (cut off, not mistyped).
 */
export function tornOrInvalid(problem: Problem, text: string, unterminated: boolean): Problem {
  if (problem.code !== "invalid_json" || !(unterminated || endsTooSoon(problem.message, text)))
    return problem;
  return {
    ...problem,
    code: "torn_line",
    message:
      "the line is cut off (a write was interrupted); adrift appends after it on a fresh line, so only this event is lost: remove the line or record the event again",
  };
}

/** True when JSON.parse stopped at the very end of the text: the line was cut off, not mistyped. */
function endsTooSoon(message: string, text: string): boolean {
  if (/end of JSON input/i.test(message)) return true;
  const at = /at position (\d+)/.exec(message);
  return at !== null && Number(at[1]) >= text.trimEnd().length;
}

/**
 * How many events of a type are validated before zod compiles a parser for its object shapes.
 * Compiling one costs more than validating a few events without it: a command that reads the
 * few lines appended since its cache (a rebuild, a hook) never pays it; one that reads a whole
 * log compiles each type's parser once, after its first events.
 */
const INTERPRETED_PARSES = 32;
const parsesOfType = new Map<string, number>();
const INTERPRETED = { jitless: true } as const;

function parseOptions(type: string): typeof INTERPRETED | undefined {
  const seen = parsesOfType.get(type) ?? 0;
  if (seen >= INTERPRETED_PARSES) return undefined;
  parsesOfType.set(type, seen + 1);
  return INTERPRETED;
}

/** Validates an already-parsed JSON value as an event. */
export function validateEvent(raw: unknown, at: LinePosition): ParsedLine {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    return failure(at, "invalid_event", "expected a JSON object");
  const version = (raw as { schema_version?: unknown }).schema_version;
  if (typeof version === "number" && version > SCHEMA_VERSION)
    return failure(
      at,
      "future_schema_version",
      `schema_version ${version} is newer than this adrift supports (${SCHEMA_VERSION}); upgrade adrift to read this log`,
    );
  const type = (raw as { type?: unknown }).type;
  // Known types take one parse of the whole event; the envelope alone is parsed only for
  // types this build does not know (kept, ignored by projections).
  if (typeof type === "string" && isKnownType(type)) {
    const parsed = EVENT_SCHEMAS[type].safeParse(raw, parseOptions(type));
    if (!parsed.success)
      return failure(at, "invalid_event", `${type}: ${describeIssues(parsed.error)}`);
    return { ok: true, event: parsed.data as AdriftEvent };
  }
  const envelope = Envelope.safeParse(raw);
  if (!envelope.success) return failure(at, "invalid_event", describeIssues(envelope.error));
  const unknown = envelope.data as UnknownEvent;
  unknown.unknown = true;
  return {
    ok: true,
    unknown: true,
    event: unknown,
    problem: {
      ...at,
      severity: "warning",
      code: "unknown_type",
      message: `unknown event type "${envelope.data.type}" (kept, ignored by this version of adrift)`,
    },
  };
}
