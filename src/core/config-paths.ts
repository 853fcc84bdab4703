// The checks of the configured paths, without zod: the full config parser and the hooks' light
// reader share them, so no path is accepted by one and refused by the other.

/** The settings of `.decisions/config.json` that name a path in the repository. */
export const CONFIG_PATHS = [
  "log_dir",
  "adr_dir",
  "drafts_dir",
  "adr_index",
  "templates_dir",
] as const;

export type ConfigPath = (typeof CONFIG_PATHS)[number];

/**
 * What is wrong with a configured path, or undefined: it must name a place inside the work tree
 * that git tracks — relative, without `..`, not in `.git/` — and the log directory must not be
 * the root itself (every `*.events.ndjson` of the repository would be read as log).
 */
export function configPathProblem(field: ConfigPath, value: string): string | undefined {
  if (value.trim().length === 0) return "is empty";
  if (value.includes("\0")) return "contains a NUL byte";
  if (/^[\\/]/.test(value) || /^[A-Za-z]:/.test(value))
    return "is absolute (paths are relative to the repository root)";
  const segments = value.split(/[\\/]/).filter((s) => s !== "" && s !== ".");
  if (segments.includes("..")) return "contains '..' (paths stay inside the repository)";
  if (segments[0]?.toLowerCase() === ".git") return "is inside .git, which git does not track";
  if (field === "log_dir" && segments.length === 0)
    return "is the repository root (give a directory, e.g. .decisions/log)";
  return undefined;
}
