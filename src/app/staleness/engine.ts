// The staleness computation over a list of records. Kept free of zod and of the log reader so
// the pre-commit hook can run it from the cache without loading either.
import { setImmediate } from "node:timers/promises";
import type { GitAdapter } from "../../adapters/git/types.js";
import { profileNote, startSpan, timed } from "../../adapters/profile.js";
import { serialiseFinding } from "../../adapters/stale-cache.js";
import { isAdriftError } from "../../core/errors.js";
import {
  compileScopes,
  globBase,
  isExclusion,
  literalBase,
  scopeKind,
} from "../../core/rules/scope.js";
import {
  type Answer,
  type NoAdvance,
  type PreviousReport,
  planAdvance,
  type Question,
  questionKey,
} from "../../core/staleness/advance.js";
import {
  assessByFingerprints,
  type CurrentTree,
  currentTree,
} from "../../core/staleness/assess-fingerprints.js";
import { assessByHistory } from "../../core/staleness/assess-history.js";
import { freshFinding } from "../../core/staleness/fresh-finding.js";
import {
  boundaryCovered,
  type CommitInfo,
  type HistoryIndex,
  indexHistory,
  NO_FILE,
} from "../../core/staleness/history.js";
import { HistoryScan, type ScanResult } from "../../core/staleness/history-scan.js";
import type { AssessedRecord, ContentLookup } from "../../core/staleness/record-contents.js";
import { CandidateCache, candidatesFor } from "../../core/staleness/scope-candidates.js";
import type { StaleFinding, StalenessReport } from "../../core/staleness/types.js";
import type { Progress } from "../dependencies.js";
import { addMergeGaps, lookUpContents } from "./contents.js";
import type { FingerprintSource, HistoryDetails } from "./types.js";

export type { FingerprintSource, HistoryDetails };

/** Most files fingerprinted one by one; wider scopes keep only their directories' tree ids. */
export const MAX_FINGERPRINTED_FILES = 20_000;

/** Blob ids of the files a scope matches at `revision`, tree ids of its directories (keys ending in `/`). */
export async function fingerprintFiles(
  git: GitAdapter,
  revision: string,
  touched: readonly string[],
  breadthRatio = 0.5,
): Promise<{
  fingerprints: Record<string, string>;
  matched: number;
  total: number;
  empty: string[];
}> {
  const files = await git.listFiles(revision, touched.map(literalBase));
  const oids = new Map(files.map((f) => [f.path, f.oid]));
  const sorted = [...oids.keys()].sort();
  const matched = new Set<string>();
  const directories: string[] = [];
  const empty: string[] = [];
  for (const scope of compileScopes(touched)) {
    if (scope.exclude) continue; // it narrows the others' hits
    const hits = candidatesFor(scope, sorted);
    for (const file of hits) matched.add(file);
    if (scope.kind === "directory" || (scope.kind === "path" && !oids.has(scope.literal)))
      directories.push(scope.literal.replace(/\/+$/, ""));
    if (hits.length === 0) empty.push(scope.entry);
  }
  const fingerprints: Record<string, string> = {};
  for (const [dir, oid] of await git.objectIds(revision, directories))
    fingerprints[`${dir}/`] = oid;
  if (matched.size <= MAX_FINGERPRINTED_FILES)
    for (const file of [...matched].sort()) fingerprints[file] = oids.get(file)!;
  // The total only decides the broad-scope warning: counting past matched/ratio is not needed.
  const enough = Math.ceil(matched.size / Math.max(breadthRatio, 0.01)) + 1;
  const total = matched.size === 0 ? 0 : await git.countFiles(revision, enough);
  return { fingerprints, matched: matched.size, total, empty };
}

/** HEAD, the bases present here, and the history index over all of them. */
export type PreparedHistory = {
  head: string | undefined;
  bases: Set<string>;
  present: Set<string>;
  index: HistoryIndex;
  excluded: string[];
  /**
   * The finding of a record by id, when the records were scanned with the history; `followed`
   * receives the paths its finding depends on besides those it lists (see `assessByHistory`),
   * `lookup` the contents the index cannot tell.
   */
  assess?: (id: string, followed?: string[], lookup?: ContentLookup) => StaleFinding | undefined;
  /** True when the record with this id was judged while the history streamed. */
  judged?: (id: string) => boolean;
};

/**
 * How to read history: `split: false` runs one `git log` instead of two halves at once;
 * `progress` hears the commits read; `paths` lists the changes under those pathspecs only (every
 * commit is still read: see `GitAdapter.streamCommits`).
 */
export type HistoryOptions = { split?: boolean; progress?: Progress; paths?: readonly string[] };

/** Records to assess while the history streams (a promise: they may still be read from the log). */
export type ScanRecords = Promise<readonly AssessedRecord[]> | readonly AssessedRecord[];

/**
 * Streams HEAD's history excluding `exclude` into a scan. With `mid` (a commit between the
 * oldest basis and HEAD), two `git log` processes run at once — HEAD down to `mid`, and `mid`
 * down to the oldest basis — and their commits are added in that order, which is still
 * children before parents. Returns false when `mid` turned out not to be on HEAD's history.
 */
async function streamInto(
  git: GitAdapter,
  scan: HistoryScan,
  head: string,
  exclude: readonly string[],
  mid: string | undefined,
  options: HistoryOptions = {},
): Promise<boolean> {
  const { progress, paths } = options;
  const listed = { boundary: true, ...(paths ? { paths } : {}) };
  const boundaries: CommitInfo[] = [];
  let read = 0;
  const add = (c: CommitInfo) => {
    if (c.boundary) boundaries.push(c);
    else scan.add(c);
    if (progress && ++read % 500 === 0) progress("reading history, commits", read);
  };
  if (!mid) {
    await git.streamCommits(head, exclude, listed, add);
  } else {
    let first = true;
    const later: CommitInfo[] = [];
    const upper = git.streamCommits(head, [mid, ...exclude], listed, add).then(() => {
      first = false;
      for (const c of later) add(c);
      later.length = 0;
    });
    const lower = git.streamCommits(mid, exclude, listed, (c) => {
      if (first) later.push(c);
      else add(c);
    });
    const settled = await Promise.allSettled([upper, lower]);
    for (const s of settled) if (s.status === "rejected") throw s.reason;
    if (!boundaries.some((c) => c.hash === mid)) return false;
  }
  for (const c of boundaries) if (!scan.has(c.hash)) scan.add(c);
  return true;
}

/** A basis revision near the middle of the range by committer time, to split `git log` at. */
export function splitPoint(
  times: Map<string, number>,
  head: string,
  oldest: string,
): string | undefined {
  const from = times.get(oldest);
  const to = times.get(head);
  if (from === undefined || to === undefined || to - from < 2) return undefined;
  const middle = (from + to) / 2;
  let best: string | undefined;
  let distance = Number.POSITIVE_INFINITY;
  for (const [hash, time] of times) {
    if (hash === head || hash === oldest || time <= from || time >= to) continue;
    const d = Math.abs(time - middle);
    if (d < distance || (d === distance && hash < best!)) {
      best = hash;
      distance = d;
    }
  }
  return best;
}

/** Records judged between two turns of the event loop while git may still be writing. */
const JUDGED_PER_TURN = 500;

/**
 * Scans the history for all bases at once. Fast path: exclude only the oldest basis and check
 * (boundary commits reachable from every basis) that nothing was lost; otherwise exclude the
 * bases' common ancestors (`git merge-base --octopus`, slower on thousands of bases).
 * `excluded` lists excluded commits known to be on HEAD's history.
 */
async function scanHistory(
  git: GitAdapter,
  head: string,
  present: Set<string>,
  times: Map<string, number>,
  records: ScanRecords,
  options: HistoryOptions,
): Promise<ScanResult & { excluded: string[] }> {
  try {
    return await scanExcluding(git, head, present, times, records, options);
  } catch (error) {
    if (!isAdriftError(error) || error.details.reason !== "skewed_dates") throw error;
    // Commit dates go back in time: git's walk cannot leave commits out exactly. Read it all.
    profileNote("commit dates go back in time: history read whole, nothing excluded");
    const scan = new HistoryScan(present);
    await Promise.all([
      attachTo(scan, records),
      streamInto(git, scan, head, [], undefined, options),
    ]);
    return { ...scan.finish(), excluded: [] };
  }
}

/** Attaches the records to a scan, judging them a slice at a time (git waits while node does not read its pipe). */
function attachTo(scan: HistoryScan, records: ScanRecords): Promise<void> {
  return Promise.resolve(records).then(async (list) => {
    scan.attach(list, (_, finding) => serialiseFinding(finding));
    while (scan.judgePassed(JUDGED_PER_TURN)) await setImmediate();
  });
}

/** `scanHistory` reading only what the bases leave out (git excludes their ancestors). */
async function scanExcluding(
  git: GitAdapter,
  head: string,
  present: Set<string>,
  times: Map<string, number>,
  records: ScanRecords,
  options: HistoryOptions,
): Promise<ScanResult & { excluded: string[] }> {
  const attach = (scan: HistoryScan) => attachTo(scan, records);
  if (present.size === 0) {
    const scan = new HistoryScan([]);
    await attach(scan);
    return { ...scan.finish(), excluded: [] };
  }
  const oldest = [...present].sort((a, b) => times.get(a)! - times.get(b)! || (a < b ? -1 : 1))[0]!;
  let scan = new HistoryScan(present);
  let attached = attach(scan);
  attached.catch(() => undefined);
  const streamed = timed("git log (streamed, indexed)", async () => {
    // A limited read is cheap and one process already: no split.
    const mid =
      options.split === false || options.paths ? undefined : splitPoint(times, head, oldest);
    if (await streamInto(git, scan, head, [oldest], mid, options)) return;
    scan = new HistoryScan(present);
    attached = attach(scan);
    await streamInto(git, scan, head, [oldest], undefined, options);
  });
  await streamed;
  await attached;
  const finished = startSpan("finish index");
  const fast = scan.finish();
  finished();
  const { index } = fast;
  const onHistory = oldest === head || index.commits.some((c) => c.boundary && c.hash === oldest);
  const lost = [...present].some((b) => b !== oldest && !index.baseBits.has(b));
  if (onHistory && !lost && boundaryCovered(index)) return { ...fast, excluded: [oldest] };
  const mergeBases = await git.mergeBases([...present, head]);
  const slow = new HistoryScan(present);
  await attach(slow);
  await streamInto(git, slow, head, mergeBases, undefined, options);
  return { ...slow.finish(), excluded: mergeBases };
}

/**
 * Reads HEAD's history for the given basis revisions (start it early: it runs git), assessing
 * `records` against each commit as it arrives.
 */
export async function prepareHistory(
  git: GitAdapter,
  revisions: Iterable<string>,
  records: ScanRecords = [],
  options: HistoryOptions = {},
): Promise<PreparedHistory> {
  const bases = new Set(revisions);
  const head = await git.resolveRevision("HEAD");
  if (!head) return { head, bases, present: new Set(), index: indexHistory([], []), excluded: [] };
  const candidates = [...bases].filter((b) => /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(b));
  const times = await timed("commit times", () => git.commitTimes([...candidates, head]));
  const present = new Set(candidates.filter((b) => times.has(b)));
  const scanned = await scanHistory(git, head, present, times, records, options);
  const at = new Map((await records).map((r, i) => [r.id, i]));
  const assess = (id: string, followed?: string[], lookup?: ContentLookup) => {
    const r = at.get(id);
    return r === undefined ? undefined : scanned.assess(r, followed, lookup);
  };
  const judged = (id: string) => {
    const r = at.get(id);
    return r !== undefined && scanned.judged(r);
  };
  return {
    head,
    bases,
    present,
    index: scanned.index,
    excluded: scanned.excluded,
    assess,
    judged,
  };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * Computes every record's state at HEAD from history; records whose basis revision is missing
 * or off HEAD's history are compared by fingerprints instead, with a notice. `details`, when
 * given, receives what carrying the report forward needs.
 */
export async function historyReport(
  git: GitAdapter,
  records: readonly AssessedRecord[],
  fingerprintSource?: FingerprintSource,
  preparing?: Promise<PreparedHistory>,
  details?: HistoryDetails,
): Promise<StalenessReport> {
  let prepared = await (preparing ??
    prepareHistory(
      git,
      records.map((r) => r.basis.revision),
      records,
    ));
  if (records.some((r) => !prepared.bases.has(r.basis.revision)))
    prepared = await prepareHistory(
      git,
      records.map((r) => r.basis.revision),
      records,
    );
  const { head, present, index, excluded, assess, judged } = prepared;
  if (details) {
    details.missing = [];
    details.excluded = excluded;
    details.linear = index.commits.every((c) => c.boundary || c.parents.length <= 1);
  }
  if (!head) return { head: "", findings: [], notices: ["the repository has no commits yet"] };
  let cache: CandidateCache | undefined;
  const byHistory = (record: AssessedRecord) =>
    index.baseBits.has(record.basis.revision) || excluded.includes(record.basis.revision);
  // After a merge, the index cannot say what HEAD holds: git is asked, once for all records.
  let lookup: ContentLookup | undefined;
  if (!index.linear) {
    cache ??= new CandidateCache(index.paths);
    const pending = records.filter((r) => byHistory(r) && !judged?.(r.id));
    lookup = await lookUpContents(git, head, index, pending, cache);
  }
  const findings: StaleFinding[] = [];
  let tree: CurrentTree | undefined;
  let stored: Map<string, Record<string, string> | undefined> | undefined;
  const counts = { missing: 0, offHistory: 0, unknown: 0 };
  for (const record of records) {
    const base = record.basis.revision;
    if (byHistory(record)) {
      const followed: string[] | undefined = details ? [] : undefined;
      const scanned = assess?.(record.id, followed, lookup);
      if (scanned) findings.push(scanned);
      else {
        cache ??= new CandidateCache(index.paths);
        findings.push(assessByHistory(record, index, cache, followed, lookup));
      }
      if (followed && followed.length > 0)
        details!.follows.set(record.id, [...new Set(followed)].sort());
      continue;
    }
    tree ??= currentTree(await git.listFiles(head));
    let fingerprints = record.basis.fingerprints;
    if (!fingerprints && fingerprintSource) {
      stored ??= await fingerprintSource();
      fingerprints = stored.get(record.id);
    }
    if (!present.has(base)) details?.missing?.push(base);
    if (present.has(base)) {
      counts.offHistory++;
      fingerprints ??= (await fingerprintFiles(git, base, record.basis.touched_paths)).fingerprints;
    } else counts.missing++;
    const finding = assessByFingerprints(record, fingerprints, tree);
    if (finding) findings.push(finding);
    else {
      counts.unknown++;
      findings.push({ ...freshFinding(record), method: "fingerprints" });
    }
  }
  if (!index.linear)
    await addMergeGaps(git, head, index, records, findings, fingerprintSource, details);
  const notices: string[] = [];
  if (counts.missing > 0) {
    const why = (await git.isShallow())
      ? "this is a shallow clone"
      : "history was rewritten or not fetched";
    notices.push(
      `history unavailable for ${plural(counts.missing, "record")} (their basis revision is not here: ${why}); compared fingerprints with HEAD instead — nothing is reported stale only because its revision is missing`,
    );
  }
  if (counts.offHistory > 0)
    notices.push(
      `${plural(counts.offHistory, "record")} ${counts.offHistory === 1 ? "is" : "are"} based on a revision outside HEAD's history; compared fingerprints with HEAD instead`,
    );
  if (counts.unknown > 0)
    notices.push(
      `${plural(counts.unknown, "record")} without fingerprints and without history here: cannot tell whether ${counts.unknown === 1 ? "it is" : "they are"} stale (fetch the history: git fetch --unshallow)`,
    );
  return { head, findings, notices };
}

/** Most new commits a previous report is carried forward over; beyond, history is read whole. */
export const MAX_ADVANCE_COMMITS = 1_000;

/** The commits from `head` down to `previousHead` (excluded), newest first; undefined when too many. */
async function commitsSince(
  git: GitAdapter,
  head: string,
  previousHead: string,
): Promise<CommitInfo[] | undefined> {
  const chain: CommitInfo[] = [];
  const enough = new Error("enough commits");
  try {
    await git.streamCommits(head, [previousHead], {}, (c) => {
      if (chain.length === MAX_ADVANCE_COMMITS) throw enough;
      chain.push(c);
    });
  } catch (error) {
    if (error === enough) return undefined;
    throw error;
  }
  return chain;
}

/**
 * Most pathspecs a limited read is given. git tests every tree entry it walks against each one:
 * on 20,000 commits a log under one directory took 0.26 s, under 8 0.53 s, under 16 0.75 s —
 * against 0.42 s for the whole log (whose longer output node must then parse, ~0.3 s more).
 */
const MAX_PATHSPECS = 6;

/**
 * Literal pathspecs covering the records' scopes (a glob by its literal directory); undefined when
 * one covers the whole tree anyway, or when there are so many that a whole read is cheaper.
 */
function pathspecsOf(records: readonly AssessedRecord[]): string[] | undefined {
  const specs = new Set<string>();
  for (const record of records)
    for (const entry of record.basis.touched_paths) {
      if (isExclusion(entry)) continue; // the other entries' pathspecs cover more than needed
      const spec = scopeKind(entry) === "glob" ? globBase(entry) : literalBase(entry);
      if (spec === "" || spec === "/") return undefined;
      specs.add(spec);
    }
  return specs.size <= MAX_PATHSPECS ? [...specs].sort() : undefined;
}

/** True when the index holds a deletion or a rename (a limited read may have paired them otherwise). */
function renamesOrDeletions(index: HistoryIndex): boolean {
  for (const events of index.byPath.values())
    for (const e of events) if (e.kind !== "added" && e.kind !== "modified") return true;
  return false;
}

/**
 * For each question, what the basis held at the file and whether it exists both there and at
 * `head` with other contents (one `cat-file --batch-check` for all of them).
 */
async function answerQuestions(
  git: GitAdapter,
  head: string,
  questions: readonly Question[],
): Promise<Map<string, Answer>> {
  const paths = [...new Set(questions.map((q) => q.path))];
  const pairs: [string, string][] = [
    ...paths.map((path): [string, string] => [head, path]),
    ...questions.map((q): [string, string] => [q.revision, q.path]),
  ];
  const ids = await git.objectIdsAt(pairs);
  const now = new Map(paths.map((path, i) => [path, ids[i]]));
  const answers = new Map<string, Answer>();
  questions.forEach(({ revision, path }, i) => {
    const before = ids[paths.length + i];
    const after = now.get(path);
    answers.set(questionKey(revision, path), {
      basis: before ?? NO_FILE,
      changed: before !== undefined && after !== undefined && before !== after,
    });
  });
  return answers;
}

/** A report carried forward, and the rename paths its findings followed. */
export type Advanced = {
  report: StalenessReport;
  follows: Map<string, string[]>;
  /** how many new commits it was carried over, and how many records were judged from history */
  commits: number;
  judged: number;
};

/**
 * The report at `head` from `previous` (see core/staleness/advance.ts): the findings that still hold
 * are kept, the other records judged again over the history a full read would use (the same
 * oldest basis left out). A `{ reason }` when it cannot be done exactly: read history whole.
 */
export async function advanceReport(
  git: GitAdapter,
  head: string,
  previous: PreviousReport,
  records: readonly AssessedRecord[],
  fingerprintSource?: FingerprintSource,
): Promise<Advanced | NoAdvance> {
  let chain: CommitInfo[] | undefined = [];
  try {
    if (head !== previous.head) chain = await commitsSince(git, head, previous.head);
  } catch {
    return { reason: "the previous HEAD is not in this repository any more" };
  }
  if (!chain) return { reason: `more than ${MAX_ADVANCE_COMMITS} new commits` };
  // Nothing new, yet another HEAD: it moved back (a reset, a checkout of a branch behind). The
  // previous report counted commits HEAD no longer reaches.
  if (chain.length === 0 && head !== previous.head)
    return { reason: "HEAD moved back to a commit the previous HEAD descends from" };
  const times = await git.commitTimes([previous.head, previous.oldest]);
  let plan = planAdvance(previous, records, chain, times);
  if ("reason" in plan) return plan;
  if (plan.questions.length > 0) {
    const answers = await answerQuestions(git, previous.head, plan.questions);
    plan = planAdvance(previous, records, chain, times, answers);
    if ("reason" in plan) return plan;
  }
  const follows = new Map<string, string[]>();
  for (const [r, finding] of plan.kept.entries()) {
    const followed = finding && previous.follows[records[r]!.id];
    if (followed) follows.set(records[r]!.id, [...followed]);
  }
  profileNote(
    `previous report carried forward over ${chain.length} commit(s): ${records.length - plan.again.length - plan.updated} finding(s) kept as they were, ${plan.updated} brought up to date, ${plan.again.length} judged again`,
  );
  // A record based on HEAD itself has nothing after its basis: fresh, without reading history.
  for (const r of plan.again)
    if (records[r]!.basis.revision === head) plan.kept[r] = freshFinding(records[r]!);
  const again = plan.again.filter((r) => !plan.kept[r]).map((r) => records[r]!);
  const commits = chain.length;
  if (again.length === 0)
    return {
      report: { head, findings: plan.kept as StaleFinding[], notices: [] },
      follows,
      commits,
      judged: 0,
    };
  // The oldest basis goes in as a revision so the read leaves out what the full read would.
  // Only the changes under the records' scopes are read: exact unless a file there was deleted or
  // renamed (git pairs renames only among the paths it compares; then read all the changes).
  const revisions = [previous.oldest, ...again.map((r) => r.basis.revision)];
  const paths = pathspecsOf(again);
  let preparing = prepareHistory(git, revisions, again, paths ? { paths } : {});
  if (paths && renamesOrDeletions((await preparing).index)) {
    profileNote("a file under the scopes was deleted or renamed: all changes read");
    preparing = prepareHistory(git, revisions, again);
  }
  const prepared = await preparing;
  if (prepared.excluded.length !== 1 || prepared.excluded[0] !== previous.oldest)
    return { reason: "the history read for the records judged again left out other commits" };
  const judged = await historyReport(git, again, fingerprintSource, preparing, { follows });
  const byId = new Map(judged.findings.map((f) => [f.record_id, f]));
  const findings = records.map((record, r) => plan.kept[r] ?? byId.get(record.id)!);
  return {
    report: { head, findings, notices: judged.notices },
    follows,
    commits,
    judged: again.length,
  };
}
