import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { performance } from "node:perf_hooks";
import { AdriftError } from "../core/errors.js";
import { isRunning } from "./processes.js";

/**
 * A lock whose holder cannot be asked (it names another machine, or no holder at all) counts as
 * abandoned once it is older than this. A lock held by a live process of this machine is never
 * broken, however old.
 */
export const STALE_LOCK_MS = 30_000;

/** How long a caller waits for a lock before giving up with an error that names its holder. */
const WAIT_MS = 60_000;

/** Waits without blocking the event loop, so a holder in this same process can finish and release. */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** What a lock file holds: who took it, so a waiter can tell that its holder is gone. */
function ownerLine(): string {
  return `${process.pid} ${hostname()}\n`;
}

/** Who holds a lock, by its file's text: a process of this machine, or someone adrift cannot ask. */
type Holder = { kind: "local"; pid: number } | { kind: "unknown" };

function holderOf(owner: string): Holder {
  const [pid, host] = owner.trim().split(" ");
  return host === hostname() && /^\d+$/.test(pid ?? "")
    ? { kind: "local", pid: Number(pid) }
    : { kind: "unknown" };
}

/**
 * How old `file` is by the file system's own clock: the modification time of a probe written
 * beside it now, minus the file's. The process clock is not compared with file times, so a
 * skewed clock (or a network file system's) never makes a fresh lock look abandoned.
 */
function ageOnDisk(file: string): number {
  const probe = `${file}.age-${process.pid}`;
  try {
    closeSync(openSync(probe, "w"));
    return statSync(probe).mtimeMs - statSync(file).mtimeMs;
  } finally {
    rmSync(probe, { force: true });
  }
}

/**
 * True when the holder of the lock whose file says `owner` is gone: a process of this machine
 * that no longer runs, or (a holder adrift cannot ask) a lock file older than STALE_LOCK_MS.
 */
export function isAbandoned(lock: string, owner: string): boolean {
  const holder = holderOf(owner);
  if (holder.kind === "local") return !isRunning(holder.pid);
  return ageOnDisk(lock) > STALE_LOCK_MS;
}

/**
 * Removes `lock` when its holder is gone. Reads the owner again just before removing, so a lock
 * retaken meanwhile is left alone.
 */
function breakIfAbandoned(lock: string): void {
  try {
    const owner = readFileSync(lock, "utf8");
    if (isAbandoned(lock, owner) && readFileSync(lock, "utf8") === owner)
      rmSync(lock, { force: true });
  } catch {
    // the holder released it meanwhile
  }
}

function holderText(lock: string): string {
  try {
    const holder = holderOf(readFileSync(lock, "utf8"));
    return holder.kind === "local"
      ? `process ${holder.pid} still holds it`
      : "its holder is unknown";
  } catch {
    return "it was released just now";
  }
}

/**
 * Runs `fn` holding `lock` (a file created exclusively, naming its holder), and removes the lock
 * after. Concurrent adrift processes serialise here. A lock whose holder died is broken (see
 * `isAbandoned`); a live holder is waited for at most a minute, then an `io_failed` error names
 * the lock and its holder (`waitMs` shortens the wait, for tests).
 */
export async function withFileLock<T>(
  lock: string,
  fn: () => Promise<T>,
  options: { waitMs?: number } = {},
): Promise<T> {
  const wait = options.waitMs ?? WAIT_MS;
  const deadline = performance.now() + wait;
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lock, "wx");
      try {
        writeSync(fd, ownerLine());
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      breakIfAbandoned(lock);
      if (performance.now() > deadline)
        throw new AdriftError(
          "io_failed",
          `could not take the lock ${lock} within ${wait / 1000} s (${holderText(lock)}); wait for that adrift to finish, or remove the lock if none is running`,
          { lock },
        );
      await sleep(Math.min(50, 2 + attempt));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { force: true });
  }
}
