// Contents the history index cannot tell, asked of git: after a merge, what HEAD and the bases
// hold at the files the content rule compares, and the changes a merge made that no commit lists.
import type { GitAdapter } from "../../adapters/git/types.js";
import { timed } from "../../adapters/profile.js";
import { literalBase } from "../../core/rules/scope.js";
import {
  type CommitInfo,
  type HistoryIndex,
  NO_FILE,
  reachableFrom,
} from "../../core/staleness/history.js";
import {
  contentNeeds,
  type MergeGap,
  mergeGapCandidates,
  withMergeGaps,
} from "../../core/staleness/merges.js";
import type { AssessedRecord, ContentLookup } from "../../core/staleness/record-contents.js";
import type { CandidateCache } from "../../core/staleness/scope-candidates.js";
import type { StaleFinding } from "../../core/staleness/types.js";
import type { FingerprintSource, HistoryDetails } from "./types.js";

/**
 * What HEAD holds, and what each record's basis held, at the paths judging `records` over a
 * merged history needs (`contentNeeds`): one `cat-file --batch-check` for each side.
 */
export async function lookUpContents(
  git: GitAdapter,
  head: string,
  index: HistoryIndex,
  records: readonly AssessedRecord[],
  cache: CandidateCache,
): Promise<ContentLookup> {
  const now = new Set<string>();
  const pairs: [string, string][] = [];
  const asked = new Set<string>();
  for (const record of records) {
    const needs = contentNeeds(record, index, cache);
    for (const path of needs.now) now.add(path);
    for (const path of needs.atBasis) {
      if (record.seen && path in record.seen) continue;
      const key = `${record.basis.revision}\0${path}`;
      if (asked.has(key)) continue;
      asked.add(key);
      pairs.push([record.basis.revision, path]);
    }
  }
  if (now.size === 0 && pairs.length === 0) return { now: () => undefined, at: () => undefined };
  const [held, then] = await timed("look up contents", () =>
    Promise.all([
      now.size > 0 ? git.objectIds(head, [...now]) : new Map<string, string>(),
      git.objectIdsAt(pairs),
    ]),
  );
  const basis = new Map(pairs.map(([rev, path], i) => [`${rev}\0${path}`, then[i] ?? NO_FILE]));
  return {
    now: (path) => (now.has(path) ? (held.get(path) ?? NO_FILE) : undefined),
    at: (revision, path) => basis.get(`${revision}\0${path}`),
  };
}

/**
 * After a merge: the changes no listed commit shows (see core/staleness/merges.ts) added to the
 * findings not already stale — HEAD's files under their scopes compared with their
 * fingerprints, each difference checked against the basis revision, and the merges that changed
 * the file named (those whose first parent, else some parent, held it otherwise).
 */
export async function addMergeGaps(
  git: GitAdapter,
  head: string,
  index: HistoryIndex,
  records: readonly AssessedRecord[],
  findings: StaleFinding[],
  fingerprintSource: FingerprintSource | undefined,
  details: HistoryDetails | undefined,
): Promise<void> {
  const pending = records.flatMap((_, i) =>
    findings[i]!.method === "history" && findings[i]!.state !== "stale" ? [i] : [],
  );
  if (pending.length === 0) return;
  let stored: Map<string, Record<string, string> | undefined> | undefined;
  const fingerprintsOf = async (record: AssessedRecord) => {
    if (record.basis.fingerprints) return record.basis.fingerprints;
    if (!fingerprintSource) return undefined;
    stored ??= await fingerprintSource();
    return stored.get(record.id);
  };
  const bases = [
    ...new Set(pending.flatMap((i) => records[i]!.basis.touched_paths.map(literalBase))),
  ];
  const listed = await git.listFiles(head, bases.includes("") ? undefined : bases);
  const now = new Map(listed.map((e) => [e.path, e.oid]));
  const sorted = [...now.keys()].sort();
  const candidates: [number, MergeGap[]][] = [];
  for (const i of pending) {
    const gaps = mergeGapCandidates(
      records[i]!,
      await fingerprintsOf(records[i]!),
      now,
      sorted,
      index,
    );
    if (gaps.length > 0) candidates.push([i, gaps]);
  }
  if (candidates.length === 0) return;
  // A fingerprint is the author's word: the basis revision itself says what it held.
  const held = await git.objectIdsAt(
    candidates.flatMap(([i, gaps]) =>
      gaps.map((g): [string, string] => [records[i]!.basis.revision, g.path]),
    ),
  );
  let k = 0;
  for (const [i, gaps] of candidates) {
    const real = gaps.flatMap((g) => {
      const seen = held[k++] ?? NO_FILE;
      return seen === g.now ? [] : [{ ...g, seen }];
    });
    if (real.length === 0) continue;
    const record = records[i]!;
    findings[i] = withMergeGaps(
      record,
      findings[i]!,
      real,
      await mergesChanging(git, index, record, real),
    );
    if (details) {
      const follows = new Set([
        ...(details.follows.get(record.id) ?? []),
        ...real.map((g) => g.path),
      ]);
      details.follows.set(record.id, [...follows].sort());
    }
  }
}

/** The merges after `record`'s basis that changed one of the gaps' files, oldest first. */
async function mergesChanging(
  git: GitAdapter,
  index: HistoryIndex,
  record: AssessedRecord,
  gaps: readonly MergeGap[],
): Promise<{ hash: string; author: string; subject: string }[]> {
  const bit = index.baseBits.get(record.basis.revision);
  const merges = index.commits.filter(
    (c, at) => !c.boundary && c.parents.length > 1 && !reachableFrom(index, at, bit),
  );
  if (merges.length === 0) return [];
  const pairs: [string, string][] = [];
  for (const m of merges)
    for (const g of gaps) for (const rev of [m.hash, ...m.parents]) pairs.push([rev, g.path]);
  const ids = await git.objectIdsAt(pairs);
  const at = new Map(pairs.map(([rev, p], j) => [`${rev}\0${p}`, ids[j] ?? NO_FILE]));
  const changedFrom = (m: CommitInfo, parents: readonly string[]) =>
    gaps.some((g) =>
      parents.some((p) => at.get(`${p}\0${g.path}`) !== at.get(`${m.hash}\0${g.path}`)),
    );
  let found = merges.filter((m) => changedFrom(m, m.parents.slice(0, 1)));
  if (found.length === 0) found = merges.filter((m) => changedFrom(m, m.parents));
  return found.map((c) => ({ hash: c.hash, author: c.author, subject: c.subject }));
}
