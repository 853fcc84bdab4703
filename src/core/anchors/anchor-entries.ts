// How a scope entry names an anchor: `path#Symbol`. A `#` may be part of a file name, so an entry
// is an anchor only when it is not itself a file and the part before one of its `#` is a file.

/** The ways `entry` could split into a file and a symbol, the shortest file first. */
export function anchorSplits(entry: string): { path: string; symbol: string }[] {
  const out: { path: string; symbol: string }[] = [];
  for (let at = entry.indexOf("#"); at >= 0; at = entry.indexOf("#", at + 1)) {
    const path = entry.slice(0, at);
    const symbol = entry.slice(at + 1);
    if (path && symbol && !path.endsWith("/")) out.push({ path, symbol });
  }
  return out;
}

/** The entry naming an anchor (`path#symbol`), as scopes and messages show it. */
export function anchorEntry(anchor: { path: string; symbol: string }): string {
  return `${anchor.path}#${anchor.symbol}`;
}

/** Up to `limit` of `names` closest to `wanted` (shared prefix or suffix, then edit distance). */
export function closeNames(wanted: string, names: readonly string[], limit = 5): string[] {
  const lower = wanted.toLowerCase();
  const last = lower.split(".").pop()!;
  const scored = names.map((name) => {
    const n = name.toLowerCase();
    const tail = n.split(".").pop()!;
    let score = editDistance(lower, n);
    if (tail === last || n.endsWith(`.${last}`)) score -= 100;
    else if (n.includes(last) || last.includes(tail)) score -= 50;
    return { name, score };
  });
  return scored
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((s) => s.name);
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}
