// The folded state carried across appends to the log. The log is append-only NDJSON and the
// fold follows id order, so when every log file of the cached fold is still there with its
// bytes as they were (a prefix of what it holds now) and every appended event sorts after the
// greatest id the cached log held, folding the appended events onto the cached state gives
// exactly what reading and folding the whole log again would. Anything else — a file changed
// in place, gone, ending in a torn line; an appended line that does not validate, comes from a
// newer adrift, or sorts before the log's last id; other marks set aside — reads the log whole.
import path from "node:path";
import { type LogFileStamp, logGrowth, stampsOfKey } from "../../adapters/log-files.js";
import type { StateCacheEntry } from "../../adapters/state-cache.js";
import type { AdriftEvent } from "../../core/events/envelope.js";
import { foldEvents } from "../../core/project/fold.js";
import type { ProjectState } from "../../core/project/state.js";
import type { AppContext } from "../dependencies.js";
import { noteNewestId } from "./newest-seen.js";

/**
 * The state folded with the appended events, the greatest id of the log it now stands for, and
 * how many bytes were appended since the cached fold.
 */
export type GrownState = { state: ProjectState; last: string; appended: number };

/** What a key names besides the stamps: the log dir and the marks set aside (as JSON). */
function restOfKey(key: string): string {
  const parts = JSON.parse(key) as unknown[];
  return JSON.stringify([parts[0], parts.slice(2)]);
}

/** The events appended to the log between two of its keys, and how many bytes they took. */
export type AppendedEvents = { events: AdriftEvent[]; appended: number };

/**
 * The events appended to the log since it was as `before` names it, now that it is as `key`
 * names it: when every log file then is still there with its bytes as they were (a prefix of
 * what it holds now, ending in a whole line), and every appended line validates as an event
 * this adrift knows; undefined otherwise. In the order of the files, not sorted.
 */
export function eventsAppended(
  ctx: AppContext,
  before: string,
  key: string,
): Promise<AppendedEvents | undefined> {
  // A site build asks twice (the state cache's fold, its own last build): read and check once.
  const asked = `${before}\0${key}`;
  let last = lastAsked.get(ctx);
  if (last?.asked !== asked) {
    last = { asked, answer: readAppended(ctx, before, key) };
    lastAsked.set(ctx, last);
  }
  return last.answer;
}

/** The last `eventsAppended` each command (its context) asked. */
const lastAsked = new WeakMap<
  AppContext,
  { asked: string; answer: Promise<AppendedEvents | undefined> }
>();

async function readAppended(
  ctx: AppContext,
  before: string,
  key: string,
): Promise<AppendedEvents | undefined> {
  try {
    if (restOfKey(before) !== restOfKey(key)) return undefined;
    const then = new Map(stampsOfKey(before).map((s) => [s[0], s]));
    const now: LogFileStamp[] = stampsOfKey(key);
    if ([...then.keys()].some((file) => !now.some((s) => s[0] === file))) return undefined;
    const grown = now.filter(([file, size, digest]) => {
      const old = then.get(file);
      return !old || old[1] !== size || old[2] !== digest;
    });
    const events: AdriftEvent[] = [];
    let appended = 0;
    if (grown.length === 0) return { events, appended };
    const { parseLogBuffer } = await import("../../adapters/log-parse.js");
    for (const stamp of grown) {
      const [file] = stamp;
      const added = await logGrowth(
        path.join(ctx.git.location.root, file),
        then.get(file) ?? ([file, 0, ""] satisfies LogFileStamp),
        stamp,
      );
      if (!added) return undefined;
      appended += added.length;
      const parsed = parseLogBuffer(added, file.split(path.sep).join("/"));
      if (parsed.problems.length > 0) return undefined;
      for (const line of parsed.lines) {
        if ("unknown" in line.event) return undefined;
        events.push(line.event);
      }
    }
    return { events, appended };
  } catch {
    return undefined;
  }
}

/**
 * The cached state with the events appended since it was folded, when the log only grew by
 * whole lines that fold on top of it (see the top of this file); undefined otherwise, and the
 * caller reads the log whole. `key` is the log's key now (with the marks set aside).
 */
export async function stateAfterGrowth(
  ctx: AppContext,
  cached: StateCacheEntry,
  key: string,
): Promise<GrownState | undefined> {
  const growth = await eventsAppended(ctx, cached.key, key);
  if (!growth || growth.events.length === 0) return undefined;
  const events = [...growth.events].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // Strictly after the cached log's last id and each other: no id is shared with any line.
  let last = cached.last;
  for (const event of events) {
    if (!(event.id > last)) return undefined;
    last = event.id;
  }
  try {
    noteNewestId(ctx, events);
    const { setAsideMarkIds } = await import("../staleness/marks-set-aside.js");
    const setAside = await setAsideMarkIds(ctx);
    return {
      state: foldEvents(events, cached.state, { setAside }),
      last,
      appended: growth.appended,
    };
  } catch {
    return undefined;
  }
}
