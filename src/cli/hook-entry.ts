// What an installed git hook runs: `adrift hook run <name> [args...]`. Hooks run on every commit,
// so this path does not build the commander program (tens of milliseconds of module loading):
// main.ts calls it directly, and the hidden `hook run` command calls the same function.
import { readdirSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { AdriftError } from "../core/errors.js";
import { fnv1a } from "../core/fnv.js";
import { hookSkipped } from "../core/hook-names.js";

/**
 * Runs one hook's work and prints what it says to stderr; exits 0 whatever adrift's own work
 * does, so it never fails the git command. A name adrift has no hook for is the caller's
 * mistake, not a failure during a commit: a usage error (exit 2), so a typo in a hook manager's
 * configuration shows instead of silently doing nothing.
 */
export async function runInstalledHook(name: string, args: readonly string[]): Promise<number> {
  const { HOOK_NAMES } = await import("../app/hook-script.js");
  if (!(HOOK_NAMES as readonly string[]).includes(name))
    throw new AdriftError(
      "usage",
      `adrift has no ${name} hook; expected one of ${HOOK_NAMES.join(", ")}`,
      { hook: name },
    );
  let skipped: unknown;
  try {
    const { createLightContext } = await import("../app/light-context.js");
    const { runHook } = await import("../app/hook-run.js");
    const ctx = await createLightContext(process.cwd());
    const output = await runHook(ctx, name as (typeof HOOK_NAMES)[number], args);
    for (const line of output.lines) process.stderr.write(`${line}\n`);
    skipped = output.skipped;
  } catch (error) {
    skipped = error;
  }
  if (skipped !== undefined && firstInThisGitCommand(skipped))
    process.stderr.write(`${hookSkipped(name, skipped)}\n`);
  return 0;
}

/** Markers older than this are not the same git command's, and are cleared. */
const MARKER_LIFE_MS = 60 * 60 * 1000;

/**
 * True unless an earlier hook of the same git command (the installed hook passes git's process
 * id as ADRIFT_GIT_PID) already skipped its work for the same reason: `git commit` runs three
 * hooks, and a broken config should say so once, not three times. A marker per git process and
 * reason, created exclusively in the temp dir, tells; markers an hour old are removed.
 */
function firstInThisGitCommand(error: unknown): boolean {
  const git = process.env.ADRIFT_GIT_PID;
  if (!git || !/^\d+$/.test(git)) return true;
  const reason = error instanceof Error ? error.message : String(error);
  const prefix = "adrift-hook-skipped-";
  const marker = path.join(tmpdir(), `${prefix}${git}-${fnv1a(reason).toString(36)}`);
  try {
    writeFileSync(marker, "", { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") return true;
    // A fresh marker: an earlier hook of this git command said it. An old one: a git process
    // that had this id before; say it, and mark it again (below, with the old markers cleared).
    try {
      if (Date.now() - statSync(marker).mtimeMs < MARKER_LIFE_MS) return false;
      writeFileSync(marker, "");
    } catch {
      return true;
    }
  }
  try {
    for (const entry of readdirSync(tmpdir()))
      if (entry.startsWith(prefix)) {
        const file = path.join(tmpdir(), entry);
        if (Date.now() - statSync(file).mtimeMs > MARKER_LIFE_MS) unlinkSync(file);
      }
  } catch {
    // clearing old markers is best effort
  }
  return true;
}
