import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { withFileLock } from "../../adapters/file-lock.js";
import { stateDir } from "../../adapters/local-state.js";
import type { AppContext } from "../dependencies.js";

/** Set inside a critical section of this async call chain: a nested checked write is already in it. */
const inside = new AsyncLocalStorage<string>();

/**
 * Runs a write whose domain rule reads the log first (one answer per question, a task's
 * transitions, review cycles, rule keys, supersessions, ADR numbers) as one critical section
 * per clone: the log is read, checked and appended while holding `.git/adrift/domain.lock`, so
 * of two writers racing for the same action the second reads the first's event and gets the
 * domain's refusal instead of a second success. Writes without such a rule do not take it.
 * Re-entrant within one call chain (a checked write that calls another); two library calls of
 * one process serialise like two processes.
 */
export function withDomainLock<T>(ctx: AppContext, fn: () => Promise<T>): Promise<T> {
  const dir = stateDir(ctx.git.location.gitDir);
  const lock = path.join(dir, "domain.lock");
  if (inside.getStore() === lock) return fn();
  mkdirSync(dir, { recursive: true });
  return withFileLock(lock, () => inside.run(lock, fn));
}

/** `fn` as a checked write: every call runs inside `withDomainLock` (its first argument the context). */
export function checkedWrite<A extends [AppContext, ...unknown[]], R>(
  fn: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  return (...args: A) => withDomainLock(args[0], () => fn(...args));
}
