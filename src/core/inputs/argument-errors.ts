import type * as z from "zod";
import { AdriftError, truncate } from "../errors.js";
import { fieldsAt, formatPath, suggestField } from "./strict-args.js";

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

/**
 * An unknown key at `path` of `args`, with the known field of `schema` it most likely meant. A key whose value is an
 * object of fields known at this level (`basis: {touched_paths}` where `touched_paths` is
 * given beside it) names those: the wrapper is the mistake, not its contents.
 */
export function unknownKey(
  schema: z.ZodType,
  args: unknown,
  at: readonly PropertyKey[],
  key: string,
): ArgumentIssue {
  const value = valueAt(args, [...at, key]);
  const here = fieldsAt(schema, at);
  const inner =
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.keys(value).filter((k) => here.includes(k))
      : [];
  const near =
    inner.length > 0 ? inner.map((k) => formatPath([...at, k])) : suggestField(schema, at, key);
  const unwrap =
    inner.length > 0 ? ` (give its fields ${at.length ? "here" : "at the top level"})` : "";
  return {
    path: formatPath([...at, key]),
    message: `unknown field "${truncate(key, 60)}"${near.length > 0 ? ` — did you mean ${near.join(" or ")}?${unwrap}` : ""}`,
    ...(near.length > 0 ? { did_you_mean: near } : {}),
  };
}

function describe(issue: z.core.$ZodIssue, schema: z.ZodType, args: unknown): ArgumentIssue[] {
  if (issue.code === "unrecognized_keys")
    return issue.keys.map((key) => unknownKey(schema, args, issue.path, key));
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
  const issues = error.issues.flatMap((issue) => describe(issue, schema, args));
  return issuesError(`invalid arguments for ${tool}`, issues, { tool });
}

function issuesError(
  what: string,
  all: ArgumentIssue[],
  details: Record<string, unknown>,
  advice = "nothing was written",
): AdriftError {
  const issues = all.slice(0, 20);
  const shown = issues
    .slice(0, 5)
    .map((i) => `${i.path}: ${i.message}`)
    .join("; ");
  const more = issues.length > 5 ? ` (+${issues.length - 5} more)` : "";
  return new AdriftError("validation_failed", `${what}: ${shown}${more}; ${advice}`, {
    ...details,
    issues,
  });
}

/** What a use case refusing misspelt names says was done: nothing. */
export const NOTHING_WRITTEN = "nothing was written: fix the field names and call again";

/** The keys of `input`, however deep, that `schema` does not name (a key set to undefined is absent). */
export function unknownKeys(
  schema: z.ZodType,
  input: unknown,
  at: readonly PropertyKey[] = [],
): { path: readonly PropertyKey[]; key: string }[] {
  if (Array.isArray(input))
    return input.flatMap((item, i) => unknownKeys(schema, item, [...at, i]));
  if (!input || typeof input !== "object") return [];
  const known = fieldsAt(schema, at);
  if (known.length === 0) return [];
  return Object.entries(input).flatMap(([key, value]) =>
    value === undefined
      ? []
      : known.includes(key)
        ? unknownKeys(schema, value, [...at, key])
        : [{ path: at, key }],
  );
}

/**
 * Refuses an input with a field its schema does not name (`validation_failed`), each with the
 * nearest known one ("did you mean trigger?"): a misspelt field dropped in silence is a card
 * recorded without it. Only names are checked here; the values are checked where they are used.
 */
export function assertKnownFields(
  what: string,
  schema: z.ZodType,
  input: unknown,
  advice?: string,
): void {
  const unknown = unknownKeys(schema, input);
  if (unknown.length === 0) return;
  throw issuesError(
    `invalid ${what}`,
    unknown.map(({ path, key }) => unknownKey(schema, input, path, key)),
    {},
    advice,
  );
}

/** The `validation_failed` error of an input that does not match its schema, as `argumentError` says it. */
export function inputError(
  what: string,
  schema: z.ZodType,
  input: unknown,
  error: z.ZodError,
  advice?: string,
): AdriftError {
  const issues = error.issues.flatMap((issue) => describe(issue, schema, input));
  return issuesError(what, issues, {}, advice);
}
