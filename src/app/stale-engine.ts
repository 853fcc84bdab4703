// The staleness computation over a list of records. Kept free of zod and of the log reader so
// the pre-commit hook can run it from the cache without loading either.
import { setImmediate } from "node:timers/promises";
import type { GitAdapter } from "../adapters/git/types.js";
import { startSpan, timed } from "../adapters/profile.js";
import { serialiseFinding } from "../adapters/stale-cache.js";
import {
  boundaryCovered,
  type CommitInfo,
  type HistoryIndex,
  indexHistory,
} from "../core/rules/history.js";
import { HistoryScan, type ScanResult } from "../core/rules/history-scan.js";
import { compileScopes, globBase, scopeKind } from "../core/rules/scope.js";
import {
  type AssessedRecord,
  assessByFingerprints,
  assessByHistory,
  CandidateCache,
  type CurrentTree,
  candidatesFor,
  currentTree,
  recordsTouching,
} from "../core/rules/staleness.js";
import type {
  ComputedState,
  StaleFinding,
  StalenessReport,
} from "../core/rules/staleness-types.js";
import type { Progress } from "./context.js";

/** The hash given to the staged change when it is treated as one more commit. */
export const STAGED = "staged";

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
    const hits = candidatesFor(scope, sorted);
    for (const file of hits) matched.add(file);
    if (scope.kind === "directory" || (scope.kind === "path" && !oids.has(scope.entry)))
      directories.push(scope.entry.replace(/\/+$/, ""));
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

/** The literal directory part of a scope entry (the whole entry when it has no wildcard). */
function literalBase(entry: string): string {
  return scopeKind(entry) === "glob" ? globBase(entry).replace(/\/$/, "") : entry;
}

/** HEAD, the bases present here, and the history index over all of them. */
export type PreparedHistory = {
  head: string | undefined;
  bases: Set<string>;
  present: Set<string>;
  index: HistoryIndex;
  excluded: string[];
  /** the finding of a record by id, when the records were scanned with the history */
  assess?: (id: string) => StaleFinding | undefined;
};

/**
 * How to read history: `split: false` runs one `git log` instead of two halves at once;
 * `progress` hears the commits read.
 */
export type HistoryOptions = { split?: boolean; progress?: Progress };

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
  progress?: HistoryOptions["progress"],
): Promise<boolean> {
  const boundaries: CommitInfo[] = [];
  let read = 0;
  const add = (c: CommitInfo) => {
    if (c.boundary) boundaries.push(c);
    else scan.add(c);
    if (progress && ++read % 500 === 0) progress("reading history, commits", read);
  };
  if (!mid) {
    await git.streamCommits(head, exclude, { boundary: true }, add);
  } else {
    let first = true;
    const later: CommitInfo[] = [];
    const upper = git.streamCommits(head, [mid, ...exclude], { boundary: true }, add).then(() => {
      first = false;
      for (const c of later) add(c);
      later.length = 0;
    });
    const lower = git.streamCommits(mid, exclude, { boundary: true }, (c) => {
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
  // Records judged a slice at a time: git waits while node does not read its pipe.
  const attach = (scan: HistoryScan) =>
    Promise.resolve(records).then(async (list) => {
      scan.attach(list, (_, finding) => serialiseFinding(finding));
      while (scan.judgePassed(JUDGED_PER_TURN)) await setImmediate();
    });
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
    const mid = options.split === false ? undefined : splitPoint(times, head, oldest);
    if (await streamInto(git, scan, head, [oldest], mid, options.progress)) return;
    scan = new HistoryScan(present);
    attached = attach(scan);
    await streamInto(git, scan, head, [oldest], undefined, options.progress);
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
  await streamInto(git, slow, head, mergeBases, undefined);
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
  const assess = (id: string) => {
    const r = at.get(id);
    return r === undefined ? undefined : scanned.assess(r);
  };
  return { head, bases, present, index: scanned.index, excluded: scanned.excluded, assess };
}

/** Fingerprints of records whose basis had them but the caller dropped them (the cache does). */
export type FingerprintSource = () => Promise<Map<string, Record<string, string> | undefined>>;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * Computes every record's state at HEAD from history; records whose basis revision is missing
 * or off HEAD's history are compared by fingerprints instead, with a notice.
 */
export async function historyReport(
  git: GitAdapter,
  records: readonly AssessedRecord[],
  fingerprintSource?: FingerprintSource,
  preparing?: Promise<PreparedHistory>,
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
  const { head, present, index, excluded, assess } = prepared;
  if (!head) return { head: "", findings: [], notices: ["the repository has no commits yet"] };
  let cache: CandidateCache | undefined;
  const findings: StaleFinding[] = [];
  let tree: CurrentTree | undefined;
  let stored: Map<string, Record<string, string> | undefined> | undefined;
  const counts = { missing: 0, offHistory: 0, unknown: 0 };
  for (const record of records) {
    const base = record.basis.revision;
    if (index.baseBits.has(base) || excluded.includes(base)) {
      const scanned = assess?.(record.id);
      if (scanned) findings.push(scanned);
      else {
        cache ??= new CandidateCache(index.paths);
        findings.push(assessByHistory(record, index, cache));
      }
      continue;
    }
    tree ??= currentTree(await git.listFiles(head));
    let fingerprints = record.basis.fingerprints;
    if (!fingerprints && fingerprintSource) {
      stored ??= await fingerprintSource();
      fingerprints = stored.get(record.id);
    }
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

function freshFinding(record: AssessedRecord): StaleFinding {
  return {
    record_id: record.id,
    kind: record.kind,
    state: "fresh",
    recorded: record.recorded,
    commits: [],
    paths: [],
    method: "history",
  };
}

/** The staged change as a commit that is about to be made (it will carry the active workline's trailer). */
export function stagedCommit(
  changes: CommitInfo["changes"],
  author: { name?: string; email?: string },
  activeWorkline: string | undefined,
  time: number,
): CommitInfo {
  return {
    hash: STAGED,
    parents: [],
    author: author.name ?? author.email ?? "",
    author_email: author.email ?? "",
    time,
    subject: "(staged change)",
    worklines: activeWorkline ? [activeWorkline] : [],
    changes,
  };
}

/** Findings the staged change alone causes (only non-fresh ones). */
export function stagedFindings(
  records: readonly AssessedRecord[],
  commit: CommitInfo,
): StaleFinding[] {
  if (commit.changes.length === 0) return [];
  const index = indexHistory([commit], []);
  const cache = new CandidateCache(index.paths);
  const out: StaleFinding[] = [];
  const touched = commit.changes.flatMap((c) => (c.old_path ? [c.path, c.old_path] : [c.path]));
  for (const record of recordsTouching(records, touched)) {
    const finding = assessByHistory(record, index, cache);
    if (finding.state !== "fresh") out.push(finding);
  }
  return out;
}

const RANK: Record<ComputedState, number> = { fresh: 0, moved: 1, review: 2, stale: 3 };

/** Adds the staged findings to a HEAD report (the worse state wins; commits and paths add up). */
export function mergeStaged(report: StalenessReport, staged: StaleFinding[]): StalenessReport {
  if (staged.length === 0) return report;
  const byId = new Map(staged.map((f) => [f.record_id, f]));
  const findings = report.findings.map((f) => {
    const s = byId.get(f.record_id);
    if (!s) return f;
    return {
      ...f,
      state: RANK[s.state] > RANK[f.state] ? s.state : f.state,
      commits: [...f.commits, ...s.commits],
      paths: [...f.paths, ...s.paths],
    };
  });
  return { ...report, findings };
}
