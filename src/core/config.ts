import * as z from "zod";
import { AdriftError } from "./errors.js";
import { describeIssues } from "./events/parse.js";

/** `.decisions/config.json`: every setting optional, defaults as in SPEC §1. */
export const ConfigSchema = z
  .object({
    $schema: z.string().optional(),
    log_dir: z.string().default(".decisions/log"),
    adr_dir: z.string().default("docs/adr"),
    drafts_dir: z.string().default("docs/adr/drafts"),
    adr_index: z.string().default("docs/adr/README.md"),
    templates_dir: z.string().default(".decisions/templates"),
    correction_cycle_limit: z.number().int().min(1).max(100).default(3),
    coverage_depth: z.number().int().min(1).max(10).default(2),
    broad_scope_ratio: z.number().min(0).max(1).default(0.5),
  })
  .strict();

export type Config = z.infer<typeof ConfigSchema>;

/** The directory that holds the log and config, relative to the repository root. */
export const DECISIONS_DIR = ".decisions";

/** Parses config JSON text; throws validation_failed naming the file. */
export function parseConfig(text: string | undefined, file = ".decisions/config.json"): Config {
  if (text === undefined) return ConfigSchema.parse({});
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new AdriftError(
      "validation_failed",
      `${file}: not valid JSON (${(error as Error).message})`,
    );
  }
  const parsed = ConfigSchema.safeParse(raw);
  if (!parsed.success)
    throw new AdriftError("validation_failed", `${file}: ${describeIssues(parsed.error)}`);
  return parsed.data;
}
