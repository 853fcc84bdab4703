import { monotonicFactory } from "ulid";

/** The time source; tests pin it. */
export type Clock = { now(): Date };

/** The id source; tests pin it. Ids are ULIDs, monotonic within a millisecond. */
export type IdSource = { next(time?: number): string };

/** Wall-clock time. */
export const systemClock: Clock = { now: () => new Date() };

/** Monotonic ULIDs from the system's randomness. */
export function ulidSource(): IdSource {
  const factory = monotonicFactory();
  return { next: (time?: number) => factory(time) };
}

/** A clock that starts at `start` and advances `stepMs` on every call (for tests and the demo). */
export function steppingClock(start: Date, stepMs = 1000): Clock {
  let t = start.getTime();
  return {
    now: () => {
      const d = new Date(t);
      t += stepMs;
      return d;
    },
  };
}
