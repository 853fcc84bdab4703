// What an installed git hook runs: `adrift hook run <name> [args...]`. Hooks run on every commit,
// so this path does not build the commander program (tens of milliseconds of module loading):
// main.ts calls it directly, and the hidden `hook run` command calls the same function.
import { lstatSync, mkdirSync, readdirSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { locateEmbedded } from "../adapters/git/locate.js";
import { isRunning } from "../adapters/processes.js";
import { AdriftError } from "../core/errors.js";
import { fnv1a } from "../core/fnv.js";
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

/** Where a hook runs: git's working directory and environment. */
type HookPlace = { cwd: string; env: NodeJS.ProcessEnv };

/** The folder of one-time markers under the git dir (never a shared temporary directory). */
function markerDir({ cwd, env }: HookPlace): string | undefined {
  try {
    const gitDir = env.GIT_DIR ? path.resolve(cwd, env.GIT_DIR) : locateEmbedded(cwd).gitDir;
    return path.join(gitDir, "adrift", "hook-skipped");
  } catch {
    return undefined;
  }
}

/**
 * True unless an earlier hook of the same git command (the installed hook passes git's process
 * id as ADRIFT_GIT_PID) already skipped its work for the same reason: `git commit` runs three
 * hooks, and a broken config should say so once, not three times. A marker per git process and
 * reason, created exclusively under the git dir, tells; the markers of git processes that no
 * longer run are removed (no clock is compared, so a skewed clock changes nothing).
 */
function firstInThisGitCommand(error: unknown, place: HookPlace): boolean {
  const git = place.env.ADRIFT_GIT_PID;
  const dir = markerDir(place);
  if (!git || !/^\d+$/.test(git) || !dir) return true;
  try {
    mkdirSync(dir, { recursive: true });
    // Only adrift's own folder: a symlink planted there (or at its parent) is not followed, to
    // clear files elsewhere or to write there; the warning is then simply said again.
    if (!isRealDirectory(dir) || !isRealDirectory(path.dirname(dir))) return true;
    for (const entry of readdirSync(dir)) {
      const pid = Number(entry.split("-")[0]);
      if (Number.isInteger(pid) && !isRunning(pid)) unlinkSync(path.join(dir, entry));
    }
  } catch {
    // clearing old markers is best effort
  }
  const reason = error instanceof Error ? error.message : String(error);
  const marker = path.join(dir, `${git}-${fnv1a(reason).toString(36)}`);
  try {
    // Created exclusively: never through a symlink at that path (O_EXCL does not follow one).
    writeFileSync(marker, "", { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") return true;
    // Said already in this git command — unless what is there is not a marker adrift wrote.
    return !lstatSync(marker, { throwIfNoEntry: false })?.isFile();
  }
}

/** True for a directory that is not a symbolic link. */
function isRealDirectory(dir: string): boolean {
  return lstatSync(dir, { throwIfNoEntry: false })?.isDirectory() === true;
}
