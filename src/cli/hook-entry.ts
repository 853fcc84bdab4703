// What an installed git hook runs: `adrift hook run <name> [args...]`. Hooks run on every commit,
// so this path does not build the commander program (tens of milliseconds of module loading):
// main.ts calls it directly, and the hidden `hook run` command calls the same function.
import { AdriftError } from "../core/errors.js";
import { hookSkipped } from "../core/hook-names.js";

/** Runs one hook's work and prints what it says to stderr; never fails the git command. */
export async function runInstalledHook(name: string, args: readonly string[]): Promise<number> {
  const { HOOK_NAMES } = await import("../app/hook-script.js");
  if (!(HOOK_NAMES as readonly string[]).includes(name))
    throw new AdriftError("usage", `unknown hook ${name}`);
  try {
    const { createLightContext } = await import("../app/light-context.js");
    const { runHook } = await import("../app/hook-run.js");
    const ctx = await createLightContext(process.cwd());
    const output = await runHook(ctx, name as (typeof HOOK_NAMES)[number], args);
    for (const line of output.lines) process.stderr.write(`${line}\n`);
  } catch (error) {
    process.stderr.write(`${hookSkipped(name, error)}\n`);
  }
  return 0;
}
