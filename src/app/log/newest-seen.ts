import { ulidTime } from "../../core/events/event-time.js";
import type { AppContext } from "../dependencies.js";

/** Per context: the greatest id time of the log as this context last read it. */
const newest = new WeakMap<AppContext, number>();

/** Notes the newest id of a log `ctx` read (`ids` in id order, the newest last). */
export function noteNewestId(ctx: AppContext, ids: readonly { id: string }[]): void {
  const time = ulidTime(ids.at(-1)?.id);
  if (time !== undefined && time > (newest.get(ctx) ?? 0)) newest.set(ctx, time);
}

/**
 * The time to give the id of an event written now: the clock's, or just after the newest id
 * this context read when that is later (a line dated ahead of this clock), so that a write
 * made after reading the log is ordered after what it read and never loses to it silently.
 */
export function idTimeFor(ctx: AppContext, now: number): number {
  const seen = newest.get(ctx);
  return seen !== undefined && seen >= now ? seen + 1 : now;
}
