/** The default settings (docs/formats.md#settings-decisionsconfigjson), without zod, for the paths that must start fast (hooks). */
/**
 * What coverage leaves out unless the config says otherwise: lock files, which tools write and
 * no decision is about. Tests, fixtures and binary assets are the project's call
 * (`coverage.exclude` in the config, which replaces this list).
 */
export const DEFAULT_COVERAGE_EXCLUDE: readonly string[] = [
  "**/package-lock.json",
  "**/npm-shrinkwrap.json",
  "**/yarn.lock",
  "**/pnpm-lock.yaml",
  "**/bun.lockb",
  "**/Cargo.lock",
  "**/go.sum",
  "**/poetry.lock",
  "**/uv.lock",
  "**/Gemfile.lock",
  "**/composer.lock",
];

export const CONFIG_DEFAULTS = {
  log_dir: ".decisions/log",
  adr_dir: "docs/adr",
  drafts_dir: "docs/adr/drafts",
  adr_index: "docs/adr/README.md",
  templates_dir: ".decisions/templates",
  correction_cycle_limit: 3,
  qa_specialties: [] as readonly string[],
  coverage_depth: 2,
  broad_scope_ratio: 0.5,
  adr_language: "auto",
  coverage: { exclude: DEFAULT_COVERAGE_EXCLUDE },
} as const;

/**
 * The range of each numeric setting, shared by the full (zod) parser and the hooks' light reader,
 * so that no value is accepted by one and refused by the other.
 */
export const CONFIG_NUMBERS = {
  correction_cycle_limit: { min: 1, max: 100, integer: true },
  coverage_depth: { min: 1, max: 10, integer: true },
  broad_scope_ratio: { min: 0, max: 1, integer: false },
} as const;

/** True when `value` is in the range of the numeric setting `key`. */
export function inNumberRange(key: keyof typeof CONFIG_NUMBERS, value: number): boolean {
  const range = CONFIG_NUMBERS[key];
  return (
    Number.isFinite(value) &&
    value >= range.min &&
    value <= range.max &&
    (!range.integer || Number.isInteger(value))
  );
}

/** The directory that holds the log and config, relative to the repository root. */
export const DECISIONS_DIR = ".decisions";

/** The values of `adr_language`: the language of ADR drafts' headings, or `auto` (the records'). */
export const ADR_LANGUAGE_SETTINGS = ["auto", "en", "ru", "pt"] as const;
