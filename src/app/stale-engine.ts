// The staleness computation over a list of records. Kept free of zod and of the log reader so
// the pre-commit hook can run it from the cache without loading either.
import type { GitAdapter } from "../adapters/git/types.js";
import { startSpan, timed } from "../adapters/profile.js";
import {
  boundaryCovered,
  type CommitInfo,
  type HistoryIndex,
  indexHistory,
} from "../core/rules/history.js";
import { compileScopes } from "../core/rules/scope.js";
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
  if (!/[*?[\]{}]/.test(entry)) return entry;
  const literal: string[] = [];
  for (const segment of entry.split("/").slice(0, -1)) {
    if (/[*?[\]{}]/.test(segment)) break;
    literal.push(segment);
  }
  return literal.join("/");
}

/**
 * The history index for all bases at once. Fast path: exclude only the oldest basis and check
 * (boundary commits reachable from every basis) that nothing was lost; otherwise exclude the
 * bases' common ancestors (`git merge-base --octopus`, slower on thousands of bases).
 * `excluded` lists excluded commits known to be on HEAD's history.
 */
async function historyIndex(
  git: GitAdapter,
  head: string,
  present: Set<string>,
): Promise<{ index: HistoryIndex; excluded: string[] }> {
  if (present.size === 0) return { index: indexHistory([], present), excluded: [] };
  const times = await timed("commit times", () => git.commitTimes([...present]));
  const oldest = [...times].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
  const commits = await timed("git log", () =>
    git.commitsBetween(head, [oldest], { boundary: true }),
  );
  const indexed = startSpan("index history");
  const fast = indexHistory(commits, present);
  indexed();
  const onHistory = oldest === head || fast.commits.some((c) => c.boundary && c.hash === oldest);
  const lost = [...present].some((b) => b !== oldest && !fast.baseBits.has(b));
  if (onHistory && !lost && boundaryCovered(fast)) return { index: fast, excluded: [oldest] };
  const mergeBases = await git.mergeBases([...present, head]);
  return {
    index: indexHistory(await git.commitsBetween(head, mergeBases, { boundary: true }), present),
    excluded: mergeBases,
  };
}

/** HEAD, the bases present here, and the history index over all of them. */
export type PreparedHistory = {
  head: string | undefined;
  bases: Set<string>;
  present: Set<string>;
  index: HistoryIndex;
  excluded: string[];
};

/** Reads HEAD's history for the given basis revisions (start it early: it runs git). */
export async function prepareHistory(
  git: GitAdapter,
  revisions: Iterable<string>,
): Promise<PreparedHistory> {
  const bases = new Set(revisions);
  const head = await git.resolveRevision("HEAD");
  const present = head
    ? await timed("present commits", () => git.presentCommits([...bases]))
    : new Set<string>();
  const { index, excluded } = head
    ? await historyIndex(git, head, present)
    : { index: indexHistory([], present), excluded: [] };
  return { head, bases, present, index, excluded };
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
    ));
  if (records.some((r) => !prepared.bases.has(r.basis.revision)))
    prepared = await prepareHistory(
      git,
      records.map((r) => r.basis.revision),
    );
  const { head, present, index, excluded } = prepared;
  if (!head) return { head: "", findings: [], notices: ["the repository has no commits yet"] };
  const cache = new CandidateCache(index.paths);
  const findings: StaleFinding[] = [];
  let tree: CurrentTree | undefined;
  let stored: Map<string, Record<string, string> | undefined> | undefined;
  const counts = { missing: 0, offHistory: 0, unknown: 0 };
  for (const record of records) {
    const base = record.basis.revision;
    if (index.baseBits.has(base) || excluded.includes(base)) {
      findings.push(assessByHistory(record, index, cache));
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
