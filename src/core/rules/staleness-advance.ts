/**
 * Carrying a staleness report forward when HEAD moved on by a few commits (SPEC §3 unchanged):
 * a finding still holds when none of the new commits changed a path its record's scope matches,
 * nor a path outside the scope its finding followed a rename through. Only the other records are
 * judged again, over the same history a full read would use.
 *
 * Why a kept finding is exactly what a full read would give: the commits that count for a record
 * are those reachable from HEAD and not from its basis. With the new commits in one line on top
 * of the previous HEAD, those are the previous ones plus the new ones, and none of the new ones
 * touched what the record looks at. Their order is the canonical one (`orderCommits`: the oldest
 * ready commit first); the new commits are never parents of the previous ones, so adding them
 * leaves the previous commits' order as it was. A merge among the new commits could bring in
 * history that changes which commits are left out (the oldest basis's ancestors): then nothing
 * is carried forward.
 */
import type { CommitInfo } from "./history.js";
import { ScopeMatcher } from "./scope-index.js";
import type { AssessedRecord } from "./staleness.js";
import type { StaleFinding } from "./staleness-types.js";

/** What a report leaves for the next one to carry it forward. */
export type PreviousReport = {
  /** the HEAD it was computed at */
  head: string;
  /** the records it judged, with their bases and scopes as they were then */
  records: readonly AssessedRecord[];
  /** its findings, by record id */
  findings: ReadonlyMap<string, StaleFinding>;
  /** per record id: the paths outside its scope its finding followed renames through */
  follows: Readonly<Record<string, readonly string[]>>;
  /** the commit whose ancestors the history read left out: the oldest basis */
  oldest: string;
};

/** Which findings are kept, and which records are judged again. */
export type AdvancePlan = {
  /** per current record: its previous finding when it still holds, else undefined */
  kept: (StaleFinding | undefined)[];
  /** the indices of the records to judge again */
  again: number[];
};

/** Why a report cannot be carried forward (then every record is judged again). */
export type NoAdvance = { reason: string };

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Plans carrying `previous` forward to the current `records` at HEAD, given `chain`: the commits
 * from HEAD down to the previous HEAD (excluded), newest first, as git lists them. `times`
 * holds the committer times of the previous HEAD and of the oldest basis.
 */
export function planAdvance(
  previous: PreviousReport,
  records: readonly AssessedRecord[],
  chain: readonly CommitInfo[],
  times: ReadonlyMap<string, number>,
): AdvancePlan | NoAdvance {
  // One line of commits on top of the previous HEAD.
  for (let i = 0; i < chain.length; i++) {
    const below = i + 1 < chain.length ? chain[i + 1]!.hash : previous.head;
    const parents = chain[i]!.parents;
    if (parents.length !== 1 || parents[0] !== below)
      return { reason: "the new commits are not one line on top of the previous HEAD" };
  }
  for (const finding of previous.findings.values())
    if (finding.method !== "history")
      return { reason: "the previous report compared fingerprints for some records" };
  // The bases must leave the same commits out as the previous read did: the oldest basis is
  // still one, and no basis sorts before it (bases new since then are among the new commits).
  const previousBases = new Set(previous.records.map((r) => r.basis.revision));
  const timeOf = new Map(times);
  for (const c of chain) timeOf.set(c.hash, c.time);
  const oldestTime = times.get(previous.oldest);
  if (oldestTime === undefined) return { reason: "the oldest basis's time is unknown" };
  let oldestKept = false;
  for (const record of records) {
    const base = record.basis.revision;
    if (base === previous.oldest) oldestKept = true;
    if (previousBases.has(base)) continue;
    const time = timeOf.get(base);
    if (time === undefined)
      return {
        reason: "a record is based on a commit outside the previous history and the new commits",
      };
    if (time < oldestTime || (time === oldestTime && base < previous.oldest))
      return { reason: "a new basis sorts before the oldest one" };
  }
  if (!oldestKept) return { reason: "no record is based on the oldest basis any more" };

  const before = new Map(previous.records.map((r) => [r.id, r]));
  const kept: (StaleFinding | undefined)[] = records.map((record) => {
    const was = before.get(record.id);
    const finding = previous.findings.get(record.id);
    if (
      !was ||
      !finding ||
      was.basis.revision !== record.basis.revision ||
      !sameList(was.basis.touched_paths, record.basis.touched_paths) ||
      was.workline_id !== record.workline_id
    )
      return undefined;
    return finding.recorded === record.recorded
      ? finding
      : { ...finding, recorded: record.recorded };
  });
  // Paths the new commits changed (both sides of a rename).
  const changed = new Set<string>();
  for (const c of chain)
    for (const change of c.changes) {
      changed.add(change.path);
      if (change.old_path !== undefined) changed.add(change.old_path);
    }
  const matcher = new ScopeMatcher(records);
  for (const path of changed) for (const r of matcher.recordsFor(path)) kept[r] = undefined;
  records.forEach((record, r) => {
    if (kept[r] && previous.follows[record.id]?.some((p) => changed.has(p))) kept[r] = undefined;
  });
  const again: number[] = [];
  kept.forEach((finding, r) => {
    if (!finding) again.push(r);
  });
  return { kept, again };
}
