// The time an event claims: its `at`, and the time in its id (a ULID), which orders the log.
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** The time (ms since the epoch) a ULID says it was made at, or undefined for no ULID. */
export function ulidTime(id: string | undefined): number | undefined {
  if (!id || !/^[0-9A-HJKMNP-TV-Z]{26}$/.test(id)) return undefined;
  let time = 0;
  for (const char of id.slice(0, 10)) time = time * 32 + CROCKFORD.indexOf(char);
  return time;
}

/**
 * How far after the checking clock an event may be dated before it counts as future-dated: an
 * hour covers clocks that drift, not a clock set to another day or a forged date.
 */
export const FUTURE_TOLERANCE_MS = 60 * 60 * 1000;

/**
 * How close after another event's id a later id may be and still be an id adrift moved forward
 * to follow what it read (a write after an event dated ahead of its clock): not a date of its own.
 */
const FOLLOWS_MS = 1000;

/** What `futureDating` reads of a line. */
export type DatedLine = { id?: string; at?: string };

/**
 * Why `line` is dated after `now` (by more than the tolerance), or undefined when it is not:
 * its `at`, or the time in its id — unless the id only follows another id of the log
 * (`idTimes`, sorted) that is itself ahead: adrift orders a write after what it read, so the
 * line that set the date is the one to report, not the writes that followed it.
 */
export function futureDating(
  line: DatedLine,
  now: number,
  idTimes: readonly number[],
): string | undefined {
  const limit = now + FUTURE_TOLERANCE_MS;
  const at = line.at ? Date.parse(line.at) : Number.NaN;
  if (at > limit) return `dated ${line.at}`;
  const idTime = ulidTime(line.id);
  if (idTime === undefined || idTime <= limit) return undefined;
  if (followsAnother(idTime, idTimes)) return undefined;
  return `given an id of ${new Date(idTime).toISOString()}`;
}

/** True when another id time of `sorted` lies in [time - FOLLOWS_MS, time). */
function followsAnother(time: number, sorted: readonly number[]): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < time) low = mid + 1;
    else high = mid;
  }
  const before = low > 0 ? sorted[low - 1] : undefined;
  return before !== undefined && time - before <= FOLLOWS_MS;
}

/** The sorted id times of `ids`. */
export function idTimesOf(ids: Iterable<string>): number[] {
  const times: number[] = [];
  for (const id of ids) {
    const time = ulidTime(id);
    if (time !== undefined) times.push(time);
  }
  return times.sort((a, b) => a - b);
}
