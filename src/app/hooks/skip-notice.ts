// A hook that skips its work says why once per git command, not once per hook it runs.
import { lstatSync, mkdirSync, readdirSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { locateEmbedded } from "../../adapters/git/locate.js";
import { stateDir } from "../../adapters/local-state.js";
import { isRunning } from "../../adapters/processes.js";
import { fnv1a } from "../../core/fnv.js";

/** Where a hook runs: git's working directory and environment. */
export type HookPlace = { cwd: string; env: NodeJS.ProcessEnv };

/** The folder of one-time markers under the git dir (never a shared temporary directory). */
function markerDir({ cwd, env }: HookPlace): string | undefined {
  try {
    const gitDir = env.GIT_DIR ? path.resolve(cwd, env.GIT_DIR) : locateEmbedded(cwd).gitDir;
    // stateDir refuses a .git/adrift that is a link: nothing is created where it leads.
    return path.join(stateDir(gitDir), "hook-skipped");
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
export function firstInThisGitCommand(error: unknown, place: HookPlace): boolean {
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
