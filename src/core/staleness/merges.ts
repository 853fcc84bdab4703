/**
 * Changes no listed commit shows. A merge's own changes are the files whose contents differ from
 * every parent's (`git log -c`): a change that reaches HEAD through a merge counts on the commit
 * that made it. But a merge can also take, for a file, the side that never changed it since the
 * sides parted — dropping the change the record's basis holds (a conflict resolved the other
 * way). Then HEAD holds the file otherwise than the basis did, and no commit after the basis
 * lists a change to it. After a merge, the content rule compares HEAD with what the record saw
 * for the files no commit after its basis touched, so that such a change is not missed. (After
 * a merge the index cannot say what HEAD holds either: `contentNeeds` says what to ask git.)
 */

import { countsFor } from "./assess-history.js";
import { type HistoryIndex, NO_FILE, reachableFrom } from "./history.js";
import type { AssessedRecord } from "./record-contents.js";
import { type CandidateCache, candidatesFor, compiledScopes } from "./scope-candidates.js";
import {
  MAX_LISTED_COMMITS,
  MAX_LISTED_PATHS,
  type PathChange,
  STATE_RANK,
  type StaleFinding,
} from "./types.js";

/**
 * What judging `record` over `index` with a lookup needs to know (see `ContentLookup`): what
 * HEAD holds at each changed file of its scope and at the paths renames took them to, and what
 * the basis held at those files. Records whose files no counting commit touched need nothing.
 */
export function contentNeeds(
  record: AssessedRecord,
  index: HistoryIndex,
  cache: CandidateCache,
): { now: string[]; atBasis: string[] } {
  const counts = countsFor(record, index);
  const atBasis = new Set<string>();
  for (const scope of compiledScopes(record.basis.touched_paths))
    for (const file of cache.get(scope))
      if (!atBasis.has(file) && index.byPath.get(file)!.some(counts)) atBasis.add(file);
  const now = new Set(atBasis);
  const queue = [...atBasis];
  while (queue.length > 0) {
    for (const e of index.byPath.get(queue.pop()!) ?? [])
      if (e.kind === "renamed_from" && !now.has(e.other!)) {
        now.add(e.other!);
        queue.push(e.other!);
      }
  }
  return { now: [...now], atBasis: [...atBasis] };
}

/** A file of a record's scope HEAD holds otherwise than the record saw, with no change listed. */
export type MergeGap = { path: string; seen: string; now: string };

/**
 * The files of `record`'s scope where HEAD's blob (`head`: path -> blob, `headSorted` its paths)
 * differs from the record's fingerprint and no commit after the basis touched them — candidates:
 * the caller checks them against the basis revision itself (a fingerprint is the author's word).
 * None without fingerprints listing the scope's files, and none where the record saw
 * uncommitted work (no commit is to be found there).
 */
export function mergeGapCandidates(
  record: AssessedRecord,
  fingerprints: Record<string, string> | undefined,
  head: ReadonlyMap<string, string>,
  headSorted: readonly string[],
  index: HistoryIndex,
): MergeGap[] {
  if (!fingerprints) return [];
  const files = Object.keys(fingerprints).filter((k) => !k.endsWith("/"));
  if (files.length === 0 && Object.keys(fingerprints).length > 0) return []; // only directories
  const bit = index.baseBits.get(record.basis.revision);
  const touched = (path: string) =>
    (index.byPath.get(path) ?? []).some((e) => !reachableFrom(index, e.commit, bit));
  const skip = (path: string) =>
    (record.seen !== undefined && path in record.seen) || touched(path);
  const scopes = compiledScopes(record.basis.touched_paths);
  const gaps: MergeGap[] = [];
  for (const path of files) {
    if (!scopes.some((s) => s.matches(path))) continue; // a scope amended since
    const now = head.get(path) ?? NO_FILE;
    if (now !== fingerprints[path] && !skip(path))
      gaps.push({ path, seen: fingerprints[path]!, now });
  }
  const seenHere = new Set<string>();
  for (const scope of scopes)
    for (const path of candidatesFor(scope, headSorted)) {
      if (path in fingerprints || seenHere.has(path) || skip(path)) continue;
      seenHere.add(path);
      gaps.push({ path, seen: NO_FILE, now: head.get(path)! });
    }
  return gaps;
}

const RANK = STATE_RANK;

/**
 * The finding with the changes the merges made (`gaps`, checked against the basis) added: a
 * file modified or deleted makes the record stale, one added under a directory or glob entry
 * is to review (stale where an exact path names it). `merges` are the commits named for them.
 */
export function withMergeGaps(
  record: AssessedRecord,
  finding: StaleFinding,
  gaps: readonly MergeGap[],
  merges: readonly { hash: string; author: string; subject: string }[],
): StaleFinding {
  if (gaps.length === 0) return finding;
  let state = finding.state;
  const raise = (s: keyof typeof RANK) => {
    if (RANK[s] > RANK[state]) state = s;
  };
  const exact = new Set(record.basis.touched_paths);
  const added: PathChange[] = gaps.map((gap) => {
    const change = gap.seen === NO_FILE ? "added" : gap.now === NO_FILE ? "deleted" : "modified";
    raise(change === "added" && !exact.has(gap.path) ? "review" : "stale");
    return { path: gap.path, change, commits: merges.slice(0, 1).map((m) => m.hash) };
  });
  const all = [...finding.paths, ...added];
  const listedCommits = [...finding.commits];
  for (const m of merges) if (!listedCommits.some((c) => c.hash === m.hash)) listedCommits.push(m);
  const count =
    finding.commits.length +
    (finding.omitted_commits ?? 0) +
    (listedCommits.length - finding.commits.length);
  const paths = all.length > MAX_LISTED_PATHS ? all.slice(0, MAX_LISTED_PATHS) : all;
  const omittedPaths = (finding.omitted_paths ?? 0) + (all.length - paths.length);
  return {
    ...finding,
    state,
    commits: listedCommits.slice(0, MAX_LISTED_COMMITS),
    ...(count > MAX_LISTED_COMMITS ? { omitted_commits: count - MAX_LISTED_COMMITS } : {}),
    paths,
    ...(omittedPaths > 0 ? { omitted_paths: omittedPaths } : {}),
  };
}
