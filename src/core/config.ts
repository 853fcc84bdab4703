import * as z from "zod";
import {
  ADR_LANGUAGE_SETTINGS,
  CONFIG_NUMBERS,
  CONFIG_DEFAULTS as D,
  DECISIONS_DIR,
} from "./config-defaults.js";
import { type ConfigPath, configPathProblem } from "./config-paths.js";
import { AdriftError } from "./errors.js";
import { describeIssues } from "./events/parse.js";
import { withoutBom } from "./inputs/saved-text.js";

/** A configured path: inside the repository (see `configPathProblem`), its default when absent. */
function repoPath(field: ConfigPath) {
  return z
    .string()
    .default(D[field])
    .superRefine((value, ctx) => {
      const problem = configPathProblem(field, value);
      if (problem)
        ctx.addIssue({
          code: "custom",
          message: `${JSON.stringify(value.slice(0, 200))} ${problem}`,
        });
    });
}

/** A numeric setting in its range (`CONFIG_NUMBERS`), its default when absent. */
function bounded(key: keyof typeof CONFIG_NUMBERS) {
  const { min, max, integer } = CONFIG_NUMBERS[key];
  const number = integer ? z.number().int() : z.number();
  return number.min(min).max(max).default(D[key]);
}

/** `.decisions/config.json`: every setting optional, defaults as the documentation gives them. */
export const ConfigSchema = z
  .object({
    $schema: z.string().optional(),
    log_dir: repoPath("log_dir"),
    adr_dir: repoPath("adr_dir"),
    drafts_dir: repoPath("drafts_dir"),
    adr_index: repoPath("adr_index"),
    templates_dir: repoPath("templates_dir"),
    correction_cycle_limit: bounded("correction_cycle_limit"),
    /** the QA specialties whose verdicts a round waits for; none: each verdict decides alone */
    qa_specialties: z
      .array(z.string().min(1).max(100))
      .max(20)
      .refine((list) => new Set(list).size === list.length, "a specialty is named twice")
      .default(() => []),
    coverage_depth: bounded("coverage_depth"),
    broad_scope_ratio: bounded("broad_scope_ratio"),
    /** the language of ADR drafts' headings and glue words; `auto`: the records' */
    adr_language: z.enum(ADR_LANGUAGE_SETTINGS).default(D.adr_language),
    coverage: z
      .object({
        /** globs (scope syntax) of files coverage leaves out: neither covered nor uncovered */
        exclude: z
          .array(z.string().min(1).max(1000))
          .max(1000)
          .default(() => [...D.coverage.exclude]),
      })
      .strict()
      .default(() => ({ exclude: [...D.coverage.exclude] })),
    site: z
      .object({
        /**
         * where the decision site is published (http or https): the PR comment links each
         * record to its page there, `<url>/records/<id>.html`
         */
        url: z
          .string()
          .max(2000)
          .regex(
            /^https?:\/\/[^\s"'<>`]+$/,
            "expected an http(s) URL such as https://example.org/decisions",
          )
          .transform((u) => u.replace(/\/+$/, ""))
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export type Config = z.infer<typeof ConfigSchema>;

export { DECISIONS_DIR };

/** Parses config JSON text; throws validation_failed naming the file. */
export function parseConfig(text: string | undefined, file = ".decisions/config.json"): Config {
  if (text === undefined) return ConfigSchema.parse({});
  let raw: unknown;
  try {
    raw = JSON.parse(withoutBom(text));
  } catch (error) {
    // Only where it broke: the parser's message quotes the text, which may be anything (a
    // secret the file was made to point to).
    const at = /position (\d+)/.exec((error as Error).message)?.[1];
    throw new AdriftError(
      "validation_failed",
      `${file}: not valid JSON${at ? ` (at character ${at})` : ""}; fix the file (adrift init writes a valid one)`,
    );
  }
  const parsed = ConfigSchema.safeParse(raw);
  if (!parsed.success)
    throw new AdriftError("validation_failed", `${file}: ${describeIssues(parsed.error)}`);
  return parsed.data;
}
