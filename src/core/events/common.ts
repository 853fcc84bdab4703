import * as z from "zod";

/** The highest schema_version this build understands. */
export const SCHEMA_VERSION = 1;

/** Longest free text accepted in one field (characters); 10 MB fields are refused. */
export const MAX_TEXT = 1_000_000;

/** Crockford base32 ULID, upper case, 26 characters. */
export const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export const Ulid = z
  .string()
  .regex(ULID_PATTERN, "expected a ULID (26 Crockford base32 characters)");

/** Free text of bounded size. */
export const Text = z.string().max(MAX_TEXT, `text longer than ${MAX_TEXT} characters`);

/** A short label such as a title or a key. */
export const Label = z.string().max(2_000, "longer than 2000 characters");

/** Checks that a repo-relative scope entry is safe; returns a reason or undefined. */
export function scopeProblem(path: string): string | undefined {
  if (path.length === 0) return "is empty";
  if (path.includes("\0")) return "contains a NUL byte";
  if (path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith("\\"))
    return "is absolute (paths are relative to the repository root)";
  // Escapes removed too: `\.\.` names `..` (a backslash makes the next character literal).
  if (path.split(/[\\/]/).includes("..") || path.replace(/\\(.)/g, "$1").split("/").includes(".."))
    return "contains '..'";
  if (path.length > 4_096) return "is longer than 4096 characters";
  return undefined;
}

/** A repo-relative path, directory prefix (`src/auth/`) or glob (`src/**\/*.ts`). */
export const ScopePath = z.string().superRefine((value, ctx) => {
  const problem = scopeProblem(value);
  if (problem)
    ctx.addIssue({
      code: "custom",
      message: `path ${JSON.stringify(value.slice(0, 200))} ${problem}`,
    });
});

export const Person = z.object({ name: Label, email: Label });

export const Actor = z.object({
  kind: z.enum(["human", "agent", "system"]),
  name: Label,
  email: Label.optional(),
});

/** Who an artifact points to: the rules, stories and tasks it affects; a question also paths and decisions. */
export const Affects = z.object({
  rules: z.array(z.string()).default([]),
  stories: z.array(z.string()).default([]),
  tasks: z.array(z.string()).default([]),
  /** code a question is about: repo-relative files or directories (scope syntax); absent in older logs */
  paths: z.array(ScopePath).max(1_000).optional(),
  /** recorded decisions or intent cards a question is about; absent in older logs */
  decisions: z.array(z.string()).max(1_000).optional(),
});

/** Git object id (sha1 or sha256). */
export const ObjectId = z
  .string()
  .regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/, "expected a full git object id");

/**
 * The code a record was based on: a revision, its scope, and fingerprints of the scope as the
 * author saw it (at `revision`, or in the working tree where `uncommitted` says).
 */
export const Basis = z.object({
  revision: z.string().max(200),
  touched_paths: z.array(ScopePath).max(10_000),
  /**
   * path (file, directory or glob match) -> blob or tree object id as the author saw it: at
   * `revision`, or in the working tree when the scope had uncommitted changes
   */
  fingerprints: z.record(z.string(), z.string()).optional(),
  /**
   * the files of the scope whose working-tree content differed from `revision` when the record
   * was written (staged or not, untracked included): their fingerprints are the working tree's,
   * and one without a fingerprint was deleted there
   */
  uncommitted: z.array(ScopePath).max(20_000).optional(),
  /**
   * The symbols the record is about inside files of `touched_paths` (`src/a.ts#parse`,
   * `package.json#engines.node`), each with the fingerprint of its tokens (code) or of its value
   * (data files) as the author saw it. A file with anchors counts only through them: a change
   * elsewhere in it leaves the record `touched`, not stale. Absent: every file counts whole.
   */
  anchors: z
    .array(z.lazy(() => Anchor))
    .max(10_000)
    .optional(),
});

/** One anchor of a basis: a symbol or key path of a file in scope and its fingerprint. */
export const Anchor = z.object({
  path: ScopePath,
  symbol: Label,
  /** digest of the symbol's tokens (comments and whitespace left out) or of its value */
  fingerprint: z.string().max(200),
  /** digest of the same without the symbol's own name (tells a rename); empty when not told */
  shape: z.string().max(200).optional(),
});

/** The six fields of an intent card: outcome, trigger, chosen approach, rationale, constraints, validation. */
export const CardFields = z.object({
  outcome: Text.default(""),
  trigger: Text.default(""),
  chosen_approach: Text.default(""),
  selection_rationale: Text.default(""),
  constraints: Text.default(""),
  validation_plan: Text.default(""),
});

/**
 * Some card fields, for amendments and input files. Not `CardFields.partial()`: zod 4 applies
 * the defaults inside optional fields, which would blank every field an amendment leaves out.
 */
export const CardFieldsPatch = z.object({
  outcome: Text.optional(),
  trigger: Text.optional(),
  chosen_approach: Text.optional(),
  selection_rationale: Text.optional(),
  constraints: Text.optional(),
  validation_plan: Text.optional(),
});

export const Considered = z.object({ approach: Text, rejected_because: Text });

export const TierB = z.object({
  side_effects: z.array(Text).optional(),
  dependencies: z.array(Text).optional(),
  kb_path: Label.optional(),
  adr_ref: Label.optional(),
});

export type Actor = z.infer<typeof Actor>;
export type Person = z.infer<typeof Person>;
export type Affects = z.infer<typeof Affects>;
export type Basis = z.infer<typeof Basis>;
export type Anchor = z.infer<typeof Anchor>;
export type CardFields = z.infer<typeof CardFields>;
export type Considered = z.infer<typeof Considered>;
export type TierB = z.infer<typeof TierB>;
