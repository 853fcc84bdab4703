import { FindingJudge } from "./finding-judge.js";
import type { HistoryIndex, PathEvent } from "./history.js";
import { type AssessedRecord, type ContentLookup, recordContents } from "./record-contents.js";
import { type CandidateCache, compiledScopes } from "./scope-candidates.js";
import type { StaleFinding } from "./types.js";

/** True when commit event `e` counts for `record`: not reachable from its basis, not its own workline. */
export function countsFor(record: AssessedRecord, index: HistoryIndex): (e: PathEvent) => boolean {
  const bit = index.baseBits.get(record.basis.revision);
  const { reach, words, commits: all } = index;
  const word = bit === undefined ? -1 : bit >>> 5;
  const mask = bit === undefined ? 0 : 1 << (bit & 31);
  const own = record.workline_id;
  // Commits after the basis in topological order cannot be its ancestors: no bitset lookup.
  const basisAt = bit === undefined ? -1 : index.basePositions[bit]!;
  return (e: PathEvent) =>
    (e.commit > basisAt || word < 0 || (reach[e.commit * words + word]! & mask) === 0) &&
    !(own && all[e.commit]!.worklines.length > 0 && all[e.commit]!.worklines.includes(own));
}

/**
 * A record is stale by commit history when commits reachable from HEAD and not from the basis, outside the
 * record's own workline, that added, modified, deleted or renamed a file in scope — and left it
 * otherwise than the record saw it (the content rule: a file HEAD holds as the record saw it is
 * no change, and a commit that left a file as the record saw it does not count). `followed`
 * receives the paths the finding depends on besides the changes it lists: those outside the
 * scope it followed renames through, and those the content rule left out. `lookup` gives the
 * contents the index cannot tell (see `recordContents`).
 */
export function assessByHistory(
  record: AssessedRecord,
  index: HistoryIndex,
  cache: CandidateCache,
  followed?: string[],
  lookup?: ContentLookup,
): StaleFinding {
  const scopes = compiledScopes(record.basis.touched_paths);
  // The hot loop of `stale` (records × changed files × commits): kept free of allocations.
  const counts = countsFor(record, index);
  const contents = recordContents(record, index, lookup);
  const judge = new FindingJudge(record, scopes, index, counts, contents);
  judge.followed = followed;
  const seen = new Set<string>();
  const buffer: PathEvent[] = [];
  const own = record.workline_id ? ownWorkline(record, index) : undefined;
  const ownCommits = own ? new Set<number>() : undefined;
  for (const scope of scopes)
    for (const file of cache.get(scope)) {
      if (scopes.length > 1) {
        if (seen.has(file)) continue;
        seen.add(file);
      }
      const onPath = index.byPath.get(file)!;
      buffer.length = 0;
      for (let k = 0; k < onPath.length; k++) {
        const e = onPath[k]!;
        if (counts(e)) buffer.push(e);
        else if (own?.(e)) ownCommits!.add(e.commit);
      }
      if (buffer.length > 0) judge.file(file, buffer);
    }
  return judge.finding(undefined, ownCommits?.size ?? 0);
}

/** True when event `e` is of a commit after the basis carrying the record's own workline. */
function ownWorkline(record: AssessedRecord, index: HistoryIndex): (e: PathEvent) => boolean {
  const bit = index.baseBits.get(record.basis.revision);
  const basisAt = bit === undefined ? -1 : index.basePositions[bit]!;
  const own = record.workline_id!;
  const { reach, words, commits } = index;
  const word = bit === undefined ? -1 : bit >>> 5;
  const mask = bit === undefined ? 0 : 1 << (bit & 31);
  return (e) =>
    (e.commit > basisAt || word < 0 || (reach[e.commit * words + word]! & mask) === 0) &&
    commits[e.commit]!.worklines.includes(own);
}
