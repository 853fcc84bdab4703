// Rename detection as `git diff -M` does it (diffcore-rename.c and diffcore-delta.c of git
// 2.33 and later), so the embedded adapter pairs files exactly as the git CLI adapter reports
// them: exact renames first, then files whose basename is unique on both sides (at 75%
// similarity), then the full matrix of the rest (at 50%), best pairs first. One rule changed
// since: git 2.43.2 and 2.44 count a last line without a newline, earlier versions drop it.

/** git's scores run from 0 to MAX_SCORE; a percentage is score * 100 / MAX_SCORE, truncated. */
const MAX_SCORE = 60000;
/** `-M` without a number: 50%. */
const DEFAULT_RENAME_SCORE = 30000;
/** Candidate sources kept per destination in the matrix. */
const CANDIDATES_PER_DESTINATION = 4;
/** git looks for NUL in the first 8000 bytes to call a blob binary. */
const FIRST_FEW_BYTES = 8000;
/** A prime between 2^16 and 2^17: span hashes are taken modulo it. */
const HASHBASE = 107927;

/** One side of a changed path: the blob (or gitlink) and its mode as git stores it. */
export type DiffSide = { oid: string; mode: number };

/**
 * A path that differs between two trees, in git's queue order (by path, byte order): added
 * (`after` only), deleted (`before` only) or modified (both).
 */
export type DiffPair = { path: string; before?: DiffSide; after?: DiffSide };

/**
 * A pair after rename detection; `from` is the source of a rename, `score` its similarity.
 * `before` and `after` are the blob ids it found (at `from` for a rename) and left.
 */
export type DetectedChange = { before?: string; after?: string } & (
  | { status: "A" | "D" | "M" | "T"; path: string }
  | { status: "R"; path: string; from: string; score: number }
);

/** Reads a blob's bytes by object id. */
export type BlobReader = (oid: string) => Promise<Uint8Array>;

const S_IFMT = 0o170000;
const isRegular = (mode: number) => (mode & S_IFMT) === 0o100000;

/** The part of a path after its last `/`. */
function basename(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** git's `basename_same`: the two paths end in the same file name. */
function basenameSame(a: string, b: string): number {
  let i = a.length;
  let j = b.length;
  while (i > 0 && j > 0) {
    const x = a.charCodeAt(--i);
    if (x !== b.charCodeAt(--j)) return 0;
    if (x === 0x2f) return 1;
  }
  return (i === 0 || a.charCodeAt(i - 1) === 0x2f) && (j === 0 || b.charCodeAt(j - 1) === 0x2f)
    ? 1
    : 0;
}

/**
 * git's `hash_chars`: the blob cut into chunks ending at a newline or after 64 bytes, each
 * hashed into one of HASHBASE buckets; the result maps a bucket to the bytes its chunks hold.
 * In a text blob (no NUL in its first 8000 bytes) a CR before LF is not counted. A last line
 * without a newline counts unless `finalLine` is false (git before 2.43.2).
 */
export function spanHashes(data: Uint8Array, finalLine = true): Map<number, number> {
  const limit = Math.min(data.length, FIRST_FEW_BYTES);
  let binary = false;
  for (let i = 0; i < limit; i++)
    if (data[i] === 0) {
      binary = true;
      break;
    }
  const counts = new Map<number, number>();
  const add = (hash: number, n: number) => counts.set(hash, (counts.get(hash) ?? 0) + n);
  let n = 0;
  let accum1 = 0;
  let accum2 = 0;
  for (let i = 0; i < data.length; i++) {
    const c = data[i]!;
    if (!binary && c === 0x0d && i + 1 < data.length && data[i + 1] === 0x0a) continue;
    const old1 = accum1;
    accum1 = ((accum1 << 7) ^ (accum2 >>> 25)) >>> 0;
    accum2 = ((accum2 << 7) ^ (old1 >>> 25)) >>> 0;
    accum1 = (accum1 + c) >>> 0;
    if (++n < 64 && c !== 0x0a) continue;
    add(((accum1 + Math.imul(accum2, 0x61)) >>> 0) % HASHBASE, n);
    n = 0;
    accum1 = 0;
    accum2 = 0;
  }
  if (n > 0 && finalLine) add(((accum1 + Math.imul(accum2, 0x61)) >>> 0) % HASHBASE, n);
  return counts;
}

/** git's `diffcore_count_changes`: how many bytes of the source's chunks the destination holds. */
function copiedBytes(source: Map<number, number>, destination: Map<number, number>): number {
  let copied = 0;
  for (const [hash, count] of source) copied += Math.min(count, destination.get(hash) ?? 0);
  return copied;
}

/** A blob's size and span hashes, read once per detection. */
type Loaded = { size: number; spans?: Map<number, number>; data: Uint8Array };

/** The options git's `-M` reads from its configuration. */
export type RenameOptions = {
  /** `diff.renameLimit` (default 1000): past limit² source × destination pairs, inexact detection is skipped; ≤ 0 is unlimited. */
  renameLimit?: number;
  /** false to score as git before 2.43.2 did (a last line without a newline not counted) */
  countFinalLine?: boolean;
};

/**
 * Pairs the deleted and added files of a diff queue into renames as `git diff -M` does, and
 * returns the queue in git's output order: each rename where its destination was, the deletions
 * it consumed left out. Modified pairs are `M`, or `T` when the file changed type (a regular file
 * became a symlink or a submodule).
 */
export async function detectRenames(
  queue: readonly DiffPair[],
  read: BlobReader,
  options: RenameOptions = {},
): Promise<DetectedChange[]> {
  const destinations: number[] = [];
  const sources: number[] = [];
  queue.forEach((pair, i) => {
    if (!pair.before && pair.after) destinations.push(i);
    else if (pair.before && !pair.after) sources.push(i);
  });
  // queue index of a destination -> its rename source (queue index) and score
  const renamed = new Map<number, { source: number; score: number }>();
  const used = new Set<number>();
  if (destinations.length > 0 && sources.length > 0)
    await pairRenames(queue, destinations, sources, renamed, used, read, options);
  const out: DetectedChange[] = [];
  queue.forEach((pair, i) => {
    const rename = renamed.get(i);
    if (rename) {
      const score = Math.trunc((rename.score * 100) / MAX_SCORE);
      const source = queue[rename.source]!;
      out.push({
        status: "R",
        path: pair.path,
        from: source.path,
        score,
        before: source.before!.oid,
        after: pair.after!.oid,
      });
    } else if (!pair.before) out.push({ status: "A", path: pair.path, after: pair.after!.oid });
    else if (!pair.after) {
      if (!used.has(i)) out.push({ status: "D", path: pair.path, before: pair.before.oid });
    } else {
      const typeChanged = (pair.before.mode & S_IFMT) !== (pair.after.mode & S_IFMT);
      out.push({
        status: typeChanged ? "T" : "M",
        path: pair.path,
        before: pair.before.oid,
        after: pair.after.oid,
      });
    }
  });
  return out;
}

async function pairRenames(
  queue: readonly DiffPair[],
  destinations: readonly number[],
  allSources: readonly number[],
  renamed: Map<number, { source: number; score: number }>,
  used: Set<number>,
  read: BlobReader,
  options: RenameOptions,
): Promise<void> {
  const loaded = new Map<string, Promise<Loaded>>();
  const load = (oid: string) => {
    let blob = loaded.get(oid);
    if (!blob) {
      blob = read(oid).then((data) => ({ size: data.length, data }));
      loaded.set(oid, blob);
    }
    return blob;
  };
  const before = (i: number) => queue[i]!.before!;
  const after = (i: number) => queue[i]!.after!;
  const record = (destination: number, source: number, score: number) => {
    renamed.set(destination, { source, score });
    used.add(source);
  };

  /** git's `estimate_similarity`: 0 unless both are regular files of comparable size. */
  const similarity = async (source: number, destination: number, minimum: number) => {
    const one = before(source);
    const two = after(destination);
    if (!isRegular(one.mode) || !isRegular(two.mode)) return 0;
    const [a, b] = await Promise.all([load(one.oid), load(two.oid)]);
    const max = Math.max(a.size, b.size);
    const delta = max - Math.min(a.size, b.size);
    if (max * (MAX_SCORE - minimum) < delta * MAX_SCORE) return 0;
    a.spans ??= spanHashes(a.data, options.countFinalLine ?? true);
    b.spans ??= spanHashes(b.data, options.countFinalLine ?? true);
    if (b.size === 0) return 0;
    return Math.trunc((copiedBytes(a.spans, b.spans) * MAX_SCORE) / max);
  };

  // 1. Exact renames: a destination takes the first unused source holding the same blob (of
  //    the same mode unless both are regular files), preferring one with the same file name.
  const byBlob = new Map<string, number[]>();
  for (const s of allSources) {
    const list = byBlob.get(before(s).oid);
    if (list) list.push(s);
    else byBlob.set(before(s).oid, [s]);
  }
  for (const d of destinations) {
    const two = after(d);
    let best = -1;
    let bestScore = -1;
    let tries = 100;
    for (const s of byBlob.get(two.oid) ?? []) {
      const one = before(s);
      if ((!isRegular(one.mode) || !isRegular(two.mode)) && one.mode !== two.mode) continue;
      if (used.has(s)) continue;
      const score = 1 + basenameSame(queue[s]!.path, queue[d]!.path);
      if (score > bestScore) {
        best = s;
        bestScore = score;
        if (score === 2) break;
      }
      if (--tries === 0) break;
    }
    if (best >= 0) record(d, best, MAX_SCORE);
  }

  // 2. Files whose name is unique among the remaining sources and among the remaining
  //    destinations are compared with each other alone, at a higher bar.
  let sources = allSources.filter((s) => !used.has(s));
  const minimum = DEFAULT_RENAME_SCORE;
  const basenameMinimum = minimum + Math.trunc(0.5 * (MAX_SCORE - minimum));
  const uniqueBy = (indices: readonly number[]) => {
    const map = new Map<string, number>();
    for (const i of indices) {
      const base = basename(queue[i]!.path);
      map.set(base, map.has(base) ? -1 : i);
    }
    return map;
  };
  const sourceNames = uniqueBy(sources);
  const destinationNames = uniqueBy(destinations.filter((d) => !renamed.has(d)));
  for (const s of sources) {
    const base = basename(queue[s]!.path);
    const d = destinationNames.get(base);
    if (d === undefined || d === -1 || sourceNames.get(base) === -1 || renamed.has(d)) continue;
    const score = await similarity(s, d, basenameMinimum);
    if (score >= basenameMinimum) record(d, s, score);
  }

  // 3. The matrix: every remaining destination against every remaining source (unless that
  //    is more than renameLimit² pairs), the best four sources kept per destination, then all
  //    kept pairs taken best first (ties: same file name first, then queue order).
  sources = sources.filter((s) => !used.has(s));
  const open = destinations.filter((d) => !renamed.has(d));
  if (open.length === 0 || sources.length === 0) return;
  const limit = options.renameLimit ?? 1000;
  if (limit > 0 && open.length * sources.length > limit * limit) return;
  type Score = { destination: number; source: number; score: number; name: number };
  const compare = (a: Score | undefined, b: Score | undefined): number => {
    if (!a) return b ? 1 : 0;
    if (!b) return -1;
    return a.score === b.score ? b.name - a.name : b.score - a.score;
  };
  const matrix: (Score | undefined)[] = [];
  for (const d of open) {
    const kept: (Score | undefined)[] = new Array(CANDIDATES_PER_DESTINATION).fill(undefined);
    for (const s of sources) {
      const candidate: Score = {
        destination: d,
        source: s,
        score: await similarity(s, d, minimum),
        name: basenameSame(queue[s]!.path, queue[d]!.path),
      };
      let worst = 0;
      for (let k = 1; k < CANDIDATES_PER_DESTINATION; k++)
        if (compare(kept[k], kept[worst]) > 0) worst = k;
      if (compare(kept[worst], candidate) > 0) kept[worst] = candidate;
    }
    matrix.push(...kept);
  }
  matrix.sort(compare);
  for (const entry of matrix) {
    if (!entry || entry.score < minimum) break;
    if (renamed.has(entry.destination) || used.has(entry.source)) continue;
    record(entry.destination, entry.source, entry.score);
  }
}
