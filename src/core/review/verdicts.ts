import * as z from "zod";
import { CardFieldsPatch, Considered, ScopePath, Text } from "../events/common.js";
import { unknownKey } from "../inputs/argument-errors.js";
import { withoutBom } from "../inputs/saved-text.js";

const Ref = z.string().min(1, "expected a record id").max(200);
const Note = Text.refine((text) => text.trim().length > 0, "say what was checked");

/** The card of a new record that supersedes the reviewed one; its scope defaults to the old one's. */
const NewRecord = CardFieldsPatch.extend({
  outcome: Note,
  considered: z.array(Considered).optional(),
  paths: z.array(ScopePath).min(1).optional(),
}).strict();

/** One verdict of `review --apply`: a record and what to do with it. */
export const ReviewVerdict = z.discriminatedUnion("action", [
  z.object({ id: Ref, action: z.literal("reverify"), note: Note }).strict(),
  z.object({ id: Ref, action: z.literal("confirm") }).strict(),
  z
    .object({
      id: Ref,
      action: z.literal("supersede"),
      by: Ref.optional(),
      new: NewRecord.optional(),
    })
    .strict()
    .refine((v) => (v.by === undefined) !== (v.new === undefined), {
      message: "give either by (an existing record) or new (the record that replaces it)",
    }),
  z
    .object({
      id: Ref,
      action: z.literal("amend"),
      changes: CardFieldsPatch.strict().refine(
        (c) => Object.values(c).some((v) => v !== undefined),
        "expected at least one field to change",
      ),
      reason: Text.optional(),
    })
    .strict(),
  z
    .object({
      id: Ref,
      action: z.literal("narrow"),
      paths: z.array(ScopePath).min(1),
      reason: Text.optional(),
    })
    .strict(),
  z.object({ id: Ref, action: z.literal("skip"), reason: Text.optional() }).strict(),
]);

export type ReviewVerdict = z.infer<typeof ReviewVerdict>;

/** What is wrong with a verdict (or the file): where, and what. */
export type VerdictProblem = { line: number; verdict?: number; id?: string; message: string };

/**
 * One problem of a verdict; an unknown field names the nearest field of its action's verdict
 * (`"notes"` in a reverify: did you mean note?), never a field dropped.
 */
function issueText(issue: z.core.$ZodIssue, value: unknown): string {
  const action = (value as { action?: unknown } | null)?.action;
  const branch = ReviewVerdict.options.find((o) => o.shape.action.value === action);
  if (issue.code === "unrecognized_keys" && branch)
    return issue.keys
      .map((key) => {
        const known = unknownKey(branch, value, issue.path, key);
        return `${known.path}: ${known.message}`;
      })
      .join("; ");
  return `${issue.path.join(".") || "action"}: ${issue.message}`;
}

/**
 * The verdicts of a file: a JSON array, one JSON object, or NDJSON (one object a line). Every
 * problem is returned (with its line or index), none is skipped: the caller applies nothing
 * unless there are none.
 */
export function parseVerdicts(text: string): {
  verdicts: { verdict: ReviewVerdict; line: number }[];
  problems: VerdictProblem[];
} {
  const problems: VerdictProblem[] = [];
  const entries: { value: unknown; line: number }[] = [];
  const content = withoutBom(text);
  const trimmed = content.trim();
  if (trimmed.startsWith("[")) {
    try {
      const list = JSON.parse(trimmed) as unknown;
      if (Array.isArray(list)) for (const value of list) entries.push({ value, line: 1 });
    } catch (error) {
      problems.push({ line: 1, message: `not JSON: ${(error as Error).message}` });
    }
  } else
    content.split("\n").forEach((line, i) => {
      if (line.trim() === "") return;
      try {
        entries.push({ value: JSON.parse(line), line: i + 1 });
      } catch (error) {
        problems.push({ line: i + 1, message: `not JSON: ${(error as Error).message}` });
      }
    });
  const verdicts: { verdict: ReviewVerdict; line: number }[] = [];
  entries.forEach(({ value, line }, index) => {
    const parsed = ReviewVerdict.safeParse(value);
    if (parsed.success) verdicts.push({ verdict: parsed.data, line });
    else
      problems.push({
        line,
        verdict: index + 1,
        message: parsed.error.issues.map((issue) => issueText(issue, value)).join("; "),
      });
  });
  if (entries.length === 0 && problems.length === 0)
    problems.push({ line: 1, message: 'no verdicts: expected {"id": …, "action": …}, one a line' });
  return { verdicts, problems };
}
