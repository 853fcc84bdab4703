import { safeText } from "./render/terminal.js";

/** The git hooks adrift installs, in one list for `hook install` and `doctor`. */
export const HOOK_NAMES = [
  "pre-commit",
  "pre-merge-commit",
  "prepare-commit-msg",
  "commit-msg",
  "post-commit",
  "post-merge",
  "post-rewrite",
  "post-checkout",
] as const;

/** The one warning a hook prints when adrift's own work failed: the git command still goes on. */
export function hookSkipped(name: string, error: unknown): string {
  const reason = safeText(error instanceof Error ? error.message : String(error));
  return `adrift: the ${name} hook skipped its work (${reason}); the git command goes on`;
}
