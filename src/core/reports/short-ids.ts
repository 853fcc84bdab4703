/** Fewest characters of an id shown: a ULID's first ten are its time, to the millisecond. */
export const SHORT_ID_LENGTH = 10;

function sharedPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * The shortest prefix (at least `min` characters) of each wanted id that no other id of `all`
 * starts with, so a command given it (`adrift decision reverify <prefix>`) finds that record:
 * records written in one batch share their first ten characters. Ids not in `all` keep `min`.
 */
export function shortIds(
  all: readonly string[],
  wanted: Iterable<string>,
  min = SHORT_ID_LENGTH,
): Map<string, string> {
  let sorted = all;
  for (let i = 1; i < all.length; i++)
    if (all[i - 1]! >= all[i]!) {
      sorted = [...all].sort();
      break;
    }
  const out = new Map<string, string>();
  for (const id of wanted) {
    if (out.has(id)) continue;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! < id) lo = mid + 1;
      else hi = mid;
    }
    let length = min;
    if (sorted[lo] === id) {
      // Neighbours in sorted order share the longest prefixes with it.
      const before = lo > 0 ? sharedPrefix(sorted[lo - 1]!, id) : 0;
      let next = lo + 1;
      while (next < sorted.length && sorted[next] === id) next++;
      const after = next < sorted.length ? sharedPrefix(sorted[next]!, id) : 0;
      length = Math.max(min, before + 1, after + 1);
    }
    out.set(id, id.slice(0, length));
  }
  return out;
}
