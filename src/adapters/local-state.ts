import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { AdriftError } from "../core/errors.js";

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

/** The directory adrift owns inside a git dir. */
export function stateDir(gitDir: string): string {
  return path.join(gitDir, "adrift");
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

/** Waits without blocking the event loop, so a holder in this same process can finish and release. */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Runs `fn` holding the clone's state lock, then saves the state it returns (atomic rename).
 * Concurrent adrift processes in one clone serialise here; a lock older than 30 s is broken.
 */
export async function withLocalState<T>(
  gitDir: string,
  fn: (state: LocalState) => Promise<{ state: LocalState; result: T }>,
): Promise<T> {
  const dir = stateDir(gitDir);
  mkdirSync(dir, { recursive: true });
  const lock = path.join(dir, "state.lock");
  const deadline = Date.now() + 60_000;
  for (let attempt = 0; ; attempt++) {
    try {
      closeSync(openSync(lock, "wx"));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      try {
        if (Date.now() - statSync(lock).mtimeMs > 30_000) rmSync(lock, { force: true });
      } catch {
        // the holder released it meanwhile
      }
      if (Date.now() > deadline)
        throw new AdriftError(
          "io_failed",
          `could not take the lock ${lock} within 60 s; remove it if no adrift is running`,
        );
      await sleep(Math.min(50, 2 + attempt));
    }
  }
  try {
    const { state, result } = await fn(readLocalState(gitDir));
    const tmp = path.join(dir, `state.json.${process.pid}.tmp`);
    writeFileSync(tmp, `${JSON.stringify(state, null, 2)}\n`);
    renameSync(tmp, path.join(dir, "state.json"));
    return result;
  } finally {
    rmSync(lock, { force: true });
  }
}
