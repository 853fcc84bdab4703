// Whether a run is an installed hook's: `hook run <name> [args…]`, what git hooks start on every
// commit. main.ts asks it before loading anything else (the hooks' bundle or the commands'), and
// run.ts before building the commander program; so it imports nothing.

/** True when `args` ask for an installed hook's run: `hook run <name> [args…]`. */
export function isHookRun([command, sub, name]: readonly string[]): boolean {
  return command === "hook" && sub === "run" && !!name && !name.startsWith("-");
}
