/** The git hooks adrift installs, in one list for `hook install` and `doctor`. */
export const HOOK_NAMES = [
  "pre-commit",
  "prepare-commit-msg",
  "commit-msg",
  "post-commit",
  "post-merge",
  "post-rewrite",
  "post-checkout",
] as const;
