// The staged change as one more commit: what it does to the records (the pre-commit hook, and
// `adrift stale --staged`), judged as the commit it is about to be.
import type { GitAdapter } from "../../adapters/git/types.js";
import { assessByFingerprints, currentTree } from "../../core/staleness/assess-fingerprints.js";
import { assessByHistory } from "../../core/staleness/assess-history.js";
import { type CommitInfo, indexHistory } from "../../core/staleness/history.js";
import type { AssessedRecord, ContentLookup } from "../../core/staleness/record-contents.js";
import { recordsTouching } from "../../core/staleness/records-touching.js";
import { CandidateCache, compiledScopes } from "../../core/staleness/scope-candidates.js";
import { STATE_RANK, type StaleFinding, type StalenessReport } from "../../core/staleness/types.js";
import type { FingerprintSource } from "./engine.js";

/** The hash given to the staged change when it is treated as one more commit. */
export const STAGED = "staged";

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

/**
 * What judging the staged change needs besides the change itself: HEAD (a record based on it
 * saw what the change found there), what other bases held at the paths it changes
 * (`atBasis`; undefined where not looked up: the content rule is then not applied there), and
 * per record the paths outside its scope its finding at HEAD followed renames to (a change
 * there is a change where a file in scope went).
 */
export type StagedContext = {
  head?: string;
  atBasis?: (revision: string, path: string) => string | undefined;
  follows?: Readonly<Record<string, readonly string[]>>;
};

/** Both sides of each staged change: the paths whose records it can touch. */
export function stagedPaths(changes: CommitInfo["changes"]): string[] {
  return changes.flatMap((c) => (c.old_path ? [c.path, c.old_path] : [c.path]));
}

/** The unrecorded records the staged change touches through their scope. */
function stagedTouched(records: readonly AssessedRecord[], commit: CommitInfo): AssessedRecord[] {
  const touched = stagedPaths(commit.changes);
  // Asked several times of one hook's records and change (the quick check, the questions, the
  // findings): the same records every time, so looked up once.
  const key = touched.join("\0");
  const known = touchedOf.get(records);
  if (known?.key === key) return known.records;
  const found = recordsTouching(records, touched);
  touchedOf.set(records, { key, records: found });
  return found;
}

/** The ids of the unrecorded and recorded records the staged change touches through their scope. */
export function stagedRecordIds(records: readonly AssessedRecord[], commit: CommitInfo): string[] {
  return stagedTouched(records, commit).map((r) => r.id);
}

/** The last `stagedTouched` answer per records array (never changed once made). */
const touchedOf = new WeakMap<
  readonly AssessedRecord[],
  { key: string; records: AssessedRecord[] }
>();

/**
 * The (basis, path) pairs whose contents `stagedFindings` needs looked up: the staged paths in
 * the scope of each unrecorded record not based on HEAD, where it did not see uncommitted work.
 */
export function stagedQuestions(
  records: readonly AssessedRecord[],
  commit: CommitInfo,
  head: string | undefined,
): [string, string][] {
  const pairs: [string, string][] = [];
  const paths = stagedPaths(commit.changes);
  for (const record of stagedTouched(records, commit)) {
    if (record.recorded || record.basis.revision === head) continue;
    const scopes = compiledScopes(record.basis.touched_paths);
    for (const path of paths)
      if (!(record.seen && path in record.seen) && scopes.some((s) => s.matches(path)))
        pairs.push([record.basis.revision, path]);
  }
  return pairs;
}

/**
 * Findings the staged change alone causes (non-fresh ones, and those it touches as a commit of
 * their own workline), with the content rule: a staged file left as the record saw it is no
 * change (the commit that carries a record with the edit it describes). A change to a path a
 * record's finding followed a rename to makes it stale too.
 */
export function stagedFindings(
  records: readonly AssessedRecord[],
  commit: CommitInfo,
  context: StagedContext = {},
): StaleFinding[] {
  if (commit.changes.length === 0) return [];
  const index = indexHistory([commit], []);
  const cache = new CandidateCache(index.paths);
  const lookup: ContentLookup = {
    now: (path) => index.byPath.get(path)?.at(-1)?.blob,
    at: (revision, path) =>
      revision === context.head
        ? index.byPath.get(path)?.[0]?.was
        : context.atBasis?.(revision, path),
  };
  const out: StaleFinding[] = [];
  const judged = new Set<string>();
  for (const record of stagedTouched(records, commit)) {
    const finding = assessByHistory(record, index, cache, undefined, lookup);
    judged.add(record.id);
    if (finding.state !== "fresh" || finding.own_workline_commits) out.push(finding);
  }
  if (context.follows) out.push(...followedFindings(records, commit, context.follows, judged));
  return out;
}

/**
 * Records the staged change makes stale through a path their finding at HEAD followed a rename
 * to (outside the scope): anything but a pure rename there changes the file the record saw.
 */
function followedFindings(
  records: readonly AssessedRecord[],
  commit: CommitInfo,
  follows: Readonly<Record<string, readonly string[]>>,
  judged: ReadonlySet<string>,
): StaleFinding[] {
  const changed = new Set<string>();
  for (const c of commit.changes) {
    if (c.status === "R" && (c.similarity ?? 0) >= 100) continue; // moved on, not changed
    changed.add(c.path);
    if (c.old_path !== undefined) changed.add(c.old_path);
  }
  // The few records that followed a rename, looked up from their side (not one lookup per record).
  const hits = new Map<string, string>();
  for (const [id, paths] of Object.entries(follows)) {
    const hit = paths.find((p) => changed.has(p));
    if (hit) hits.set(id, hit);
  }
  const out: StaleFinding[] = [];
  if (hits.size === 0) return out;
  for (const record of records) {
    const hit = judged.has(record.id) ? undefined : hits.get(record.id);
    if (!hit) continue;
    out.push({
      record_id: record.id,
      kind: record.kind,
      state: "stale",
      recorded: record.recorded,
      commits: [{ hash: commit.hash, author: commit.author, subject: commit.subject }],
      paths: [{ path: hit, change: "modified", commits: [commit.hash] }],
      method: "history",
    });
  }
  return out;
}

/**
 * The report with its findings made by fingerprints (their basis is not on HEAD's history)
 * compared again with the tree the staged change will commit, where it touches their scope:
 * with `--staged` (the pre-commit hook) a record is judged as it will be after the commit — a
 * squashed merge bringing in the very content a record saw makes it fresh, not stale.
 */
export async function fingerprintsAfterCommit(
  git: GitAdapter,
  report: StalenessReport,
  records: readonly AssessedRecord[],
  commit: CommitInfo,
  fingerprintSource?: FingerprintSource,
): Promise<StalenessReport> {
  if (commit.changes.length === 0 || !report.head) return report;
  const byFingerprints = new Set(
    report.findings.filter((f) => f.method === "fingerprints").map((f) => f.record_id),
  );
  if (byFingerprints.size === 0) return report;
  const touched = stagedTouched(records, commit).filter((r) => byFingerprints.has(r.id));
  if (touched.length === 0) return report;
  // The tree after the commit: HEAD's with the staged blobs (unknown ones leave it as it is).
  if (commit.changes.some((c) => c.status !== "D" && c.blob === undefined)) return report;
  const files = await git.listFiles(report.head);
  const tree = new Map(files.map((f) => [f.path, f.oid]));
  for (const c of commit.changes) {
    if (c.old_path !== undefined) tree.delete(c.old_path);
    if (c.status === "D") tree.delete(c.path);
    else tree.set(c.path, c.blob!);
  }
  const after = currentTree([...tree].map(([path, oid]) => ({ path, oid })));
  let stored: Map<string, Record<string, string> | undefined> | undefined;
  const again = new Map<string, StaleFinding>();
  for (const record of touched) {
    let fingerprints = record.basis.fingerprints;
    if (!fingerprints && fingerprintSource) {
      stored ??= await fingerprintSource();
      fingerprints = stored.get(record.id);
    }
    const finding = assessByFingerprints(record, fingerprints, after);
    if (finding) again.set(record.id, finding);
  }
  return { ...report, findings: report.findings.map((f) => again.get(f.record_id) ?? f) };
}

const RANK = STATE_RANK;

/** Adds the staged findings to a HEAD report (the worse state wins; commits and paths add up). */
export function mergeStaged(report: StalenessReport, staged: StaleFinding[]): StalenessReport {
  if (staged.length === 0) return report;
  const byId = new Map(staged.map((f) => [f.record_id, f]));
  const findings = report.findings.map((f) => {
    const s = byId.get(f.record_id);
    if (!s) return f;
    const own = (f.own_workline_commits ?? 0) + (s.own_workline_commits ?? 0);
    return {
      ...f,
      state: RANK[s.state] > RANK[f.state] ? s.state : f.state,
      commits: [...f.commits, ...s.commits],
      paths: [...f.paths, ...s.paths],
      ...(f.anchors || s.anchors ? { anchors: mergeAnchors(f.anchors, s.anchors) } : {}),
      ...(own > 0 ? { own_workline_commits: own } : {}),
    };
  });
  return { ...report, findings };
}

/** HEAD's anchor changes with the staged change's: for one anchor, the staged change's word wins unless it left it unchanged. */
function mergeAnchors(
  head: StaleFinding["anchors"],
  staged: StaleFinding["anchors"],
): NonNullable<StaleFinding["anchors"]> {
  const out = [...(head ?? [])];
  for (const s of staged ?? []) {
    const at = out.findIndex((a) => a.path === s.path && a.symbol === s.symbol);
    if (at < 0) out.push(s);
    else if (s.change !== "unchanged")
      out[at] = { ...s, commits: [...out[at]!.commits, ...s.commits] };
  }
  return out;
}
