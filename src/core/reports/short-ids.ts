/** Fewest characters of an id shown: a ULID's first ten are its time, to the millisecond. */
export const SHORT_ID_LENGTH = 10;

function sharedPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

const ascending = (list: readonly string[]): readonly string[] => {
  for (let i = 1; i < list.length; i++) if (list[i - 1]! > list[i]!) return [...list].sort();
  return list;
};

/**
 * The shortest prefix (at least `min` characters) of each wanted id that no other id of `all`
 * starts with, so a command given it (`adrift decision reverify <prefix>`) finds that record:
 * records written in one batch share their first ten characters. Ids not in `all` keep `min`.
 * One walk over both lists in sorted order: an id's longest shared prefix is with a neighbour.
 */
export function shortIds(
  all: readonly string[],
  wanted: Iterable<string>,
  min = SHORT_ID_LENGTH,
): Map<string, string> {
  const sorted = ascending(all);
  const asked = ascending([...new Set(wanted)]);
  const out = new Map<string, string>();
  let at = 0;
  for (const id of asked) {
    while (at < sorted.length && sorted[at]! < id) at++;
    let length = min;
    if (sorted[at] === id) {
      const before = at > 0 ? sharedPrefix(sorted[at - 1]!, id) : 0;
      let next = at + 1;
      while (next < sorted.length && sorted[next] === id) next++;
      const after = next < sorted.length ? sharedPrefix(sorted[next]!, id) : 0;
      length = Math.max(min, before + 1, after + 1);
    }
    out.set(id, id.slice(0, length));
  }
  return out;
}
