import { lstatSync, readFileSync } from "node:fs";
import path from "node:path";
import { AdriftError } from "../core/errors.js";
import { makeDirectory, writeFileAtomically } from "./atomic-file.js";
import { withFileLock } from "./file-lock.js";

/** Per-clone state kept under the git dir (never tracked). */
export type LocalState = {
  version: 1;
  /** `${email}\0${branch}` -> id of the implicit session */
  sessions: Record<string, string>;
  /** `${session}\0${branch}` -> log file path relative to the log dir, created here on that branch */
  files: Record<string, string>;
  /** the active workline of this clone */
  active_workline?: string;
};

const EMPTY: LocalState = { version: 1, sessions: {}, files: {} };

/**
 * The directory adrift owns inside a git dir. Refuses (`validation_failed`) one that is a
 * symbolic link: its locks, caches and markers would be written wherever the link leads.
 */
export function stateDir(gitDir: string): string {
  const dir = path.join(gitDir, "adrift");
  if (lstatSync(dir, { throwIfNoEntry: false })?.isSymbolicLink())
    throw new AdriftError(
      "validation_failed",
      `${dir} is a symbolic link: adrift keeps its state for this clone only in a real directory of the git directory; remove the link (its target is left alone) and run again`,
      { path: dir },
    );
  return dir;
}

/** Reads local state without locking (for read-only commands). */
export function readLocalState(gitDir: string): LocalState {
  try {
    const parsed = JSON.parse(
      readFileSync(path.join(stateDir(gitDir), "state.json"), "utf8"),
    ) as LocalState;
    return { ...EMPTY, ...parsed, sessions: { ...parsed.sessions }, files: { ...parsed.files } };
  } catch {
    return { ...EMPTY, sessions: {}, files: {} };
  }
}

/** The file that names the active workline (empty: none), for the installed hooks' shell. */
export const ACTIVE_WORKLINE_FILE = "active-workline";

/**
 * Writes the active workline's id (or nothing) to its own file, after state.json: the
 * prepare-commit-msg and commit-msg hooks read it in plain shell and start node only while a
 * workline is active. A file older than state.json is not trusted by them.
 */
export function writeActiveWorkline(gitDir: string, state: LocalState): void {
  writeFileAtomically(
    path.join(stateDir(gitDir), ACTIVE_WORKLINE_FILE),
    state.active_workline ?? "",
  );
}

/**
 * Runs `fn` holding the clone's state lock, then saves the state it returns (atomic rename).
 * Concurrent adrift processes in one clone serialise here; a lock whose holder died is broken.
 */
export async function withLocalState<T>(
  gitDir: string,
  fn: (state: LocalState) => Promise<{ state: LocalState; result: T }>,
): Promise<T> {
  const dir = stateDir(gitDir);
  makeDirectory(dir);
  return withFileLock(path.join(dir, "state.lock"), async () => {
    const { state, result } = await fn(readLocalState(gitDir));
    writeFileAtomically(path.join(dir, "state.json"), `${JSON.stringify(state, null, 2)}\n`);
    writeActiveWorkline(gitDir, state);
    return result;
  });
}

/**
 * Runs `fn` holding the clone's lock for marking records stale, so a check of what the log
 * already records and the append of the marks it lacks happen as one step across processes
 * (the hooks, the watcher, `stale --record`).
 */
export async function withMarksLock<T>(gitDir: string, fn: () => Promise<T>): Promise<T> {
  const dir = stateDir(gitDir);
  makeDirectory(dir);
  return withFileLock(path.join(dir, "marks.lock"), fn);
}
