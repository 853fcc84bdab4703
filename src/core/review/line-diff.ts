/** One line of a hunk: kept (context), removed or added. */
export type DiffLine = { op: " " | "-" | "+"; text: string };

/** A run of changes with its context, as `diff -u` shows it (line numbers from 1). */
export type Hunk = {
  old_start: number;
  old_lines: number;
  new_start: number;
  new_lines: number;
  lines: DiffLine[];
};

/** Most edits a diff is computed for; beyond it the change is described, not shown. */
export const MAX_DIFF_EDITS = 4_000;

/** Lines of a text (a final newline ends the last line; it does not start another). */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/**
 * The shortest edit script from `a` to `b` (Myers' O(ND) algorithm), as one op per line, or
 * undefined when it needs more than `maxEdits` edits (a rewrite, better described than shown).
 */
export function editScript(
  a: readonly string[],
  b: readonly string[],
  maxEdits = MAX_DIFF_EDITS,
): DiffLine[] | undefined {
  // Common head and tail first: most changes are small, in the middle of a large file.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  const middle = middleScript(x, y, maxEdits);
  if (!middle) return undefined;
  return [
    ...a.slice(0, head).map((text) => ({ op: " " as const, text })),
    ...middle,
    ...a.slice(a.length - tail).map((text) => ({ op: " " as const, text })),
  ];
}

function middleScript(
  a: readonly string[],
  b: readonly string[],
  maxEdits: number,
): DiffLine[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, maxEdits);
  if (n + m > maxEdits && Math.abs(n - m) > maxEdits) return undefined;
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let px =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!)
          ? v[offset + k + 1]!
          : v[offset + k - 1]! + 1;
      let py = px - k;
      while (px < n && py < m && a[px] === b[py]) {
        px++;
        py++;
      }
      next[offset + k] = px;
      if (px >= n && py >= m) return backtrack(a, b, [...trace.slice(1), next], offset, d, k);
    }
    v = next;
  }
  return undefined;
}

/** Walks the saved frontiers back from (n, m) to (0, 0), collecting the ops. */
function backtrack(
  a: readonly string[],
  b: readonly string[],
  frontiers: Int32Array[],
  offset: number,
  dEnd: number,
  kEnd: number,
): DiffLine[] {
  const out: DiffLine[] = [];
  let x = a.length;
  let y = b.length;
  let k = kEnd;
  for (let d = dEnd; d > 0; d--) {
    const v = frontiers[d - 1]!;
    const down = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[offset + prevK]!;
    const prevY = prevX - prevK;
    while (x > (down ? prevX : prevX + 1) && y > (down ? prevY + 1 : prevY)) {
      out.push({ op: " ", text: a[--x]! });
      y--;
    }
    if (down) out.push({ op: "+", text: b[--y]! });
    else out.push({ op: "-", text: a[--x]! });
    k = prevK;
  }
  while (x > 0 && y > 0) {
    out.push({ op: " ", text: a[--x]! });
    y--;
  }
  return out.reverse();
}

/** The changes of an edit script grouped into hunks with `context` kept lines around each. */
export function hunksOf(script: readonly DiffLine[], context = 3): Hunk[] {
  // Line numbers before each op, on both sides.
  const oldAt: number[] = [];
  const newAt: number[] = [];
  let oldLine = 1;
  let newLine = 1;
  const changes: number[] = [];
  script.forEach((line, i) => {
    oldAt.push(oldLine);
    newAt.push(newLine);
    if (line.op !== "+") oldLine++;
    if (line.op !== "-") newLine++;
    if (line.op !== " ") changes.push(i);
  });
  const hunks: Hunk[] = [];
  let g = 0;
  while (g < changes.length) {
    let last = g;
    // Changes closer than twice the context share a hunk (their contexts would overlap).
    while (last + 1 < changes.length && changes[last + 1]! - changes[last]! <= 2 * context + 1)
      last++;
    const from = Math.max(0, changes[g]! - context);
    const to = Math.min(script.length - 1, changes[last]! + context);
    const hunk: Hunk = {
      old_start: oldAt[from]!,
      new_start: newAt[from]!,
      old_lines: 0,
      new_lines: 0,
      lines: [],
    };
    for (let i = from; i <= to; i++) add(hunk, script[i]!);
    // An empty side is numbered as `diff -u` does: the line before.
    if (hunk.old_lines === 0) hunk.old_start--;
    if (hunk.new_lines === 0) hunk.new_start--;
    hunks.push(hunk);
    g = last + 1;
  }
  return hunks;
}

function add(hunk: Hunk, line: DiffLine): void {
  hunk.lines.push(line);
  if (line.op !== "+") hunk.old_lines++;
  if (line.op !== "-") hunk.new_lines++;
}

/** The hunks between two texts, or undefined when the change is too large to show. */
export function diffTexts(before: string, after: string, context = 3): Hunk[] | undefined {
  const script = editScript(splitLines(before), splitLines(after));
  return script && hunksOf(script, context);
}

/** A run of lines, from `start` to `end` inclusive (1-based), on one side of a diff. */
export type LineSpan = { start: number; end: number };

/**
 * The hunks that touch an anchor: those whose old lines overlap one of `old` spans (the anchors
 * at the basis) or whose new lines overlap one of `new` spans (where they are at HEAD). The rest
 * changed the file outside its anchors.
 */
export function hunksWithin(
  hunks: readonly Hunk[],
  spans: { old: readonly LineSpan[]; new: readonly LineSpan[] },
): Hunk[] {
  const overlaps = (start: number, count: number, list: readonly LineSpan[]) =>
    list.some((s) => start <= s.end && start + Math.max(count, 1) - 1 >= s.start);
  return hunks.filter(
    (h) =>
      overlaps(h.old_start, h.old_lines, spans.old) ||
      overlaps(h.new_start, h.new_lines, spans.new),
  );
}
