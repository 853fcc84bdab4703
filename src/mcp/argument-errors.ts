import type * as z from "zod";
import { AdriftError, truncate } from "../core/errors.js";
import { formatPath, suggestField } from "./strict-args.js";

/** One problem with a tool's arguments, as the agent gets it. */
export type ArgumentIssue = { path: string; message: string; did_you_mean?: string[] };

/** The value at `path` of the arguments, to say what was received. */
function valueAt(args: unknown, path: readonly PropertyKey[]): unknown {
  let current = args;
  for (const step of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[step];
  }
  return current;
}

function received(value: unknown): string {
  if (typeof value === "string") return ` (got ${[...value].length} characters)`;
  if (Array.isArray(value)) return ` (got ${value.length} items)`;
  return "";
}

function describe(issue: z.core.$ZodIssue, schema: z.ZodType, args: unknown): ArgumentIssue[] {
  if (issue.code === "unrecognized_keys")
    return issue.keys.map((key) => {
      const near = suggestField(schema, issue.path, key);
      const path = formatPath([...issue.path, key]);
      return {
        path,
        message: `unknown field "${truncate(key, 60)}"${near.length > 0 ? ` — did you mean ${near.join(" or ")}?` : ""}`,
        ...(near.length > 0 ? { did_you_mean: near } : {}),
      };
    });
  const value = valueAt(args, issue.path);
  const size = issue.code === "too_big" || issue.code === "too_small" ? received(value) : "";
  return [{ path: formatPath(issue.path) || "(arguments)", message: `${issue.message}${size}` }];
}

/**
 * The `validation_failed` error of arguments that do not match a tool's schema: each problem
 * with its path, an unknown field with the nearest known one. The agent reads it as a tool
 * result (`isError`), corrects the call and goes on; nothing was written.
 */
export function argumentError(
  tool: string,
  schema: z.ZodType,
  args: unknown,
  error: z.ZodError,
): AdriftError {
  const issues = error.issues.flatMap((issue) => describe(issue, schema, args)).slice(0, 20);
  const shown = issues
    .slice(0, 5)
    .map((i) => `${i.path}: ${i.message}`)
    .join("; ");
  const more = issues.length > 5 ? ` (+${issues.length - 5} more)` : "";
  return new AdriftError(
    "validation_failed",
    `invalid arguments for ${tool}: ${shown}${more}; nothing was written`,
    { tool, issues },
  );
}
