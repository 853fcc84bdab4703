import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { AdriftError, isAdriftError } from "../core/errors.js";
import type { ToolOutcome } from "./tool.js";

/** Maps and sets become plain JSON, as in `--json` output. */
function plain(value: Record<string, unknown>): Record<string, unknown> {
  const replacer = (_key: string, item: unknown) =>
    item instanceof Map ? Object.fromEntries(item) : item instanceof Set ? [...item] : item;
  return JSON.parse(JSON.stringify(value, replacer)) as Record<string, unknown>;
}

/** A successful tool result: structured content plus a short text. */
export function successResult(outcome: ToolOutcome): CallToolResult {
  return {
    content: [{ type: "text", text: outcome.text }],
    structuredContent: plain(outcome.data),
  };
}

/**
 * A failed tool call as a result the agent can read and act on (`isError`), never a crash:
 * domain errors keep their stable code; anything else is reported as `io_failed`.
 */
export function errorResult(error: unknown): CallToolResult {
  const known = isAdriftError(error)
    ? error
    : new AdriftError("io_failed", error instanceof Error ? error.message : String(error));
  const body = { code: known.code, message: known.message, details: known.details };
  return {
    content: [{ type: "text", text: `[${known.code}] ${known.message}` }],
    structuredContent: plain({ error: body }),
    isError: true,
  };
}
