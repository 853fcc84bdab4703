import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { AdriftError, type ErrorCode, isAdriftError } from "../core/errors.js";
import type { ToolOutcome } from "./tool.js";

/** Maps and sets become plain JSON, as in `--json` output. */
function plain(value: Record<string, unknown>): Record<string, unknown> {
  const replacer = (_key: string, item: unknown) =>
    item instanceof Map ? Object.fromEntries(item) : item instanceof Set ? [...item] : item;
  return JSON.parse(JSON.stringify(value, replacer)) as Record<string, unknown>;
}

/** The sentences of a list of warnings, given as strings or as `{message}`. */
function sentences(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((w) =>
    typeof w === "string"
      ? [w]
      : w && typeof (w as { message?: unknown }).message === "string"
        ? [(w as { message: string }).message]
        : [],
  );
}

/**
 * The warnings of a result its text does not say yet: many clients show the model only the
 * text content, so what a person must see (questions still open on a story, a scope matching
 * nothing) goes there too, not only into `structuredContent`.
 */
function unsaid(outcome: ToolOutcome): string[] {
  const notes = (outcome.data.notes as { warnings?: unknown } | undefined)?.warnings;
  const all = [...sentences(outcome.data.warnings), ...sentences(notes)];
  return [...new Set(all)].filter((w) => !outcome.text.includes(w));
}

/** A successful tool result: structured content plus the text the model reads, warnings included. */
export function successResult(outcome: ToolOutcome): CallToolResult {
  const warnings = unsaid(outcome).map((w) => `\ntell the user: ${w}`);
  return {
    content: [{ type: "text", text: `${outcome.text}${warnings.join("")}` }],
    structuredContent: plain(outcome.data),
  };
}

const IDS =
  "use the id a record_*/create_*/declare_* result gave you, a unique prefix of it, or a key such as RN-1; list_records, list_backlog and list_open_questions list them";

/** What the agent can do next, by error code. */
const HINTS: Partial<Record<ErrorCode, string>> = {
  validation_failed:
    "fix the fields named and call the tool again; its inputSchema (tools/list) names every field",
  usage: "fix the arguments named and call the tool again",
  not_found: IDS,
  unknown_reference: IDS,
  ambiguous_id: "give more characters of the id, or the whole id",
  not_ready: "give the story what `missing` lists (create_story's fields), then call again",
  invalid_transition:
    "details.allowed names where it can go from its state; a parked task waits for the user's answer",
  already_answered: "read the answer with list_open_questions or get_context and follow it",
  only_session_author:
    "only the user answers questions and confirms proposals, with the adrift CLI; tell them what waits",
  only_human:
    "only a person confirms or resumes this, with the adrift CLI; tell the user what waits",
  conflict: "the record is not in a state that allows this; read it with list_records",
  corrupt_log: "the log has a damaged line: tell the user to run `adrift validate`",
};

/**
 * A failed tool call as a result the agent can read and act on (`isError`), never a crash:
 * domain and argument errors keep their stable code and say what to do next (`hint`); anything
 * else is reported as `io_failed`.
 */
export function errorResult(error: unknown): CallToolResult {
  const known = isAdriftError(error)
    ? error
    : new AdriftError("io_failed", error instanceof Error ? error.message : String(error));
  const hint =
    HINTS[known.code] ?? "tell the user; `adrift doctor` checks what adrift needs to work";
  const body = { code: known.code, message: known.message, hint, details: known.details };
  return {
    content: [{ type: "text", text: `[${known.code}] ${known.message}\nhint: ${hint}` }],
    structuredContent: plain({ error: body }),
    isError: true,
  };
}
