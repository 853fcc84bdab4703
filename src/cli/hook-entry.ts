// What an installed git hook runs: `adrift hook run <name> [args...]`. Hooks run on every commit,
// so this path does not build the commander program (tens of milliseconds of module loading):
// run.ts calls it directly, and the hidden `hook run` command calls the same function.
import { firstInThisGitCommand } from "../app/hooks/skip-notice.js";
import { AdriftError } from "../core/errors.js";
import { hookSkipped } from "../core/hook-names.js";
import { cliIo } from "./io.js";

/**
 * Runs one hook's work and prints what it says to stderr; exits 0 whatever adrift's own work
 * does, so it never fails the git command. A name adrift has no hook for is the caller's
 * mistake, not a failure during a commit: a usage error (exit 2), so a typo in a hook manager's
 * configuration shows instead of silently doing nothing.
 */
export async function runInstalledHook(name: string, args: readonly string[]): Promise<number> {
  const { HOOK_NAMES } = await import("../app/hooks/script.js");
  if (!(HOOK_NAMES as readonly string[]).includes(name))
    throw new AdriftError(
      "usage",
      `adrift has no ${name} hook; expected one of ${HOOK_NAMES.join(", ")}`,
      { hook: name },
    );
  const { cwd, env, stderr } = cliIo();
  let skipped: unknown;
  try {
    const { createLightContext } = await import("../app/light-dependencies.js");
    const { runHook } = await import("../app/hooks/run.js");
    const ctx = await createLightContext(cwd, { env });
    const output = await runHook(ctx, name as (typeof HOOK_NAMES)[number], args);
    for (const line of output.lines) stderr.write(`${line}\n`);
    skipped = output.skipped;
  } catch (error) {
    skipped = error;
  }
  if (skipped !== undefined && firstInThisGitCommand(skipped, { cwd, env }))
    stderr.write(`${hookSkipped(name, skipped)}\n`);
  return 0;
}
