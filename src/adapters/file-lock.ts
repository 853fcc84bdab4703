import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { AdriftError } from "../core/errors.js";

/** A lock older than this was left by a process that died (doctor reports such locks too). */
export const STALE_LOCK_MS = 30_000;

/** How long a caller waits for a lock before giving up. */
const WAIT_MS = 60_000;

/** Waits without blocking the event loop, so a holder in this same process can finish and release. */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** What a lock file holds: who took it, so a waiter can tell that its holder is gone. */
function ownerLine(): string {
  return `${process.pid} ${hostname()}\n`;
}

/** True when `owner` names a process of this machine that no longer runs. */
function ownerIsGone(owner: string): boolean {
  const [pid, host] = owner.trim().split(" ");
  if (host !== hostname() || !/^\d+$/.test(pid ?? "")) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * Removes `lock` when its holder is gone: a process of this machine that no longer runs, or a
 * lock older than STALE_LOCK_MS (a holder on another machine, or a lock without an owner).
 * Reads the owner again just before removing, so a lock retaken meanwhile is left alone.
 */
function breakIfAbandoned(lock: string): void {
  try {
    const owner = readFileSync(lock, "utf8");
    const abandoned = ownerIsGone(owner) || Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS;
    if (abandoned && readFileSync(lock, "utf8") === owner) rmSync(lock, { force: true });
  } catch {
    // the holder released it meanwhile
  }
}

/**
 * Runs `fn` holding `lock` (a file created exclusively, naming its holder), and removes the lock
 * after. Concurrent adrift processes serialise here. A lock whose holder died is broken (at once
 * when the holder was a process of this machine, else after STALE_LOCK_MS); waiting is bounded
 * by a minute, then an `io_failed` error names the lock.
 */
export async function withFileLock<T>(lock: string, fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
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
      if (Date.now() > deadline)
        throw new AdriftError(
          "io_failed",
          `could not take the lock ${lock} within ${WAIT_MS / 1000} s; remove it if no adrift is running`,
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
