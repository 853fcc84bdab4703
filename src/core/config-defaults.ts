/** The default settings (SPEC §1), without zod, for the paths that must start fast (hooks). */
export const CONFIG_DEFAULTS = {
  log_dir: ".decisions/log",
  adr_dir: "docs/adr",
  drafts_dir: "docs/adr/drafts",
  adr_index: "docs/adr/README.md",
  templates_dir: ".decisions/templates",
  correction_cycle_limit: 3,
  coverage_depth: 2,
  broad_scope_ratio: 0.5,
} as const;

/** The directory that holds the log and config, relative to the repository root. */
export const DECISIONS_DIR = ".decisions";
