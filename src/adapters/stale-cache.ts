import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Problem } from "../core/events/parse.js";
import type { AssessedRecord } from "../core/staleness/staleness.js";
import type { StaleFinding, StalenessReport } from "../core/staleness/types.js";
import { writeFileAtomically } from "./atomic-file.js";
import { stateDir } from "./local-state.js";

/** Bumped whenever the cached shape or the computation changes. */
const CACHE_VERSION = 5;

/** Derived state kept under `<git dir>/adrift/` so hooks need not re-read a large log. */
export type StaleCache = {
  version: number;
  /** what the records were derived from: log dir, and each file's size and mtime */
  key: string;
  /** records with a basis (fingerprints dropped; `fingerprinted` says they exist in the log) */
  records: (AssessedRecord & { fingerprinted?: boolean })[];
  open_worklines: string[];
  /**
   * The log lines the records were read without (unreadable: their events left out); absent
   * when not known (the records came from a caller's fold): the next `stale` reads the log.
   */
  problems?: Problem[];
  /** the HEAD the report (kept in its own file, it can be large) was computed at */
  head?: string;
  /** records the report found stale and not yet marked */
  unrecorded?: string[];
  /**
   * The commit whose ancestors the report's history read left out (the oldest basis), when it
   * left out only that one: with `follows`, what carrying the report forward needs.
   */
  oldest?: string;
  /** per record id: the paths outside its scope its finding followed renames through */
  follows?: Record<string, string[]>;
  /** true when the report's history read had no merge */
  linear?: boolean;
  /**
   * Basis revisions the report found missing (shallow clone, rewritten history): once one is
   * here (a fetch), the report is computed again although HEAD and the log did not change.
   */
  missing?: string[];
  /**
   * The stored report's own key, HEAD and records, when the records were read again since without
   * computing a report (the pre-commit hook after the log changed): what carries it forward.
   */
  previous?: ReportBasis;
};

/** What the stored report was computed from, and what carrying it forward needs. */
export type ReportBasis = {
  key: string;
  head: string;
  records: StaleCache["records"];
  oldest: string;
  follows: Record<string, string[]>;
  linear?: boolean;
};

/** The stored report's basis: the cache's own when it holds a report, else the one it kept. */
export function reportBasisOf(cache: StaleCache | undefined): ReportBasis | undefined {
  if (!cache) return undefined;
  const { key, head, records, oldest, follows, linear } = cache;
  if (head && oldest && follows)
    return { key, head, records, oldest, follows, ...(linear ? { linear } : {}) };
  return cache.previous;
}

/** The full report at `head`, stored beside the cache. */
export type StaleReportCache = { key: string; head: string; report: StalenessReport };

function cacheFile(gitDir: string, name = "stale-cache.json"): string {
  return path.join(stateDir(gitDir), name);
}

const REPORT = "stale-report.json";

/** Reads the cache; undefined when missing, unreadable or of another version. */
export function readStaleCache(gitDir: string): StaleCache | undefined {
  try {
    const cache = JSON.parse(readFileSync(cacheFile(gitDir), "utf8")) as StaleCache;
    return cache.version === CACHE_VERSION ? cache : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the stored report when it was computed from `key` at `head`. */
export function readStaleReport(
  gitDir: string,
  key: string,
  head: string | undefined,
): StalenessReport | undefined {
  if (head === undefined) return undefined;
  try {
    const text = readFileSync(cacheFile(gitDir, REPORT), "utf8");
    const prefix = reportPrefix(key, head);
    if (!text.startsWith(prefix) || !text.endsWith("}")) return undefined;
    const json = text.slice(prefix.length, -1);
    const report = JSON.parse(json) as StalenessReport;
    serialised.set(report.findings, { head: report.head, notices: report.notices, json });
    rememberFindingTexts(json, report.findings);
    return report;
  } catch {
    return undefined;
  }
}

function writeAtomically(file: string, value: unknown): void {
  writeFileAtomically(file, JSON.stringify(value));
}

/** Reports already serialised, by their findings array (a report is large: serialise it once). */
const serialised = new WeakMap<
  readonly StaleFinding[],
  { head: string; notices: readonly string[]; json: string }
>();

/** Findings serialised ahead of the report (while git still ran), by finding. */
const findingJson = new WeakMap<StaleFinding, string>();

/**
 * Remembers each finding's own JSON, cut from the stored report's text: a report carried forward
 * to a later HEAD keeps most findings as they were, and need not serialise them again. Inside
 * JSON strings every quote is escaped, so `},{"record_id":` occurs only between two findings
 * (`record_id` is a finding's first key and no nested object has one).
 */
function rememberFindingTexts(json: string, findings: readonly StaleFinding[]): void {
  const open = json.indexOf(',"findings":[');
  const close = json.lastIndexOf('],"notices":');
  if (open < 0 || close < 0 || findings.length === 0) return;
  const body = json.slice(open + ',"findings":['.length, close);
  const parts = body.split('},{"record_id":');
  if (parts.length !== findings.length) return;
  const last = parts.length - 1;
  parts.forEach((part, i) => {
    const text = `${i === 0 ? "" : '{"record_id":'}${part}${i === last ? "" : "}"}`;
    findingJson.set(findings[i]!, text);
  });
}

/** Serialises a finding now (it will not change): the report is later joined from the pieces. */
export function serialiseFinding(finding: StaleFinding): void {
  findingJson.set(finding, JSON.stringify(finding));
}

/**
 * The report as compact JSON — exactly `JSON.stringify(report)` — serialised once however often
 * it is written or printed, from findings serialised ahead where there are.
 */
export function reportJson(report: StalenessReport): string {
  const known = knownReportJson(report);
  if (known !== undefined) return known;
  const findings = report.findings.map((f) => findingJson.get(f) ?? JSON.stringify(f));
  const json = `{"head":${JSON.stringify(report.head)},"findings":[${findings.join(",")}],"notices":${JSON.stringify(report.notices)}}`;
  serialised.set(report.findings, { head: report.head, notices: report.notices, json });
  return json;
}

/** That JSON when `report` (or an object with the same head, findings and notices) was serialised. */
export function knownReportJson(report: StalenessReport): string | undefined {
  const known = serialised.get(report.findings);
  return known && known.head === report.head && known.notices === report.notices
    ? known.json
    : undefined;
}

/** The stored report file's text up to the report itself: key and head checked without parsing. */
function reportPrefix(key: string, head: string): string {
  return `{"key":${JSON.stringify(key)},"head":${JSON.stringify(head)},"report":`;
}

/** Writes the cache and the report atomically; a failure only costs speed, so it is ignored. */
export function writeStaleCache(
  gitDir: string,
  cache: Omit<StaleCache, "version">,
  report?: StaleReportCache,
): void {
  try {
    mkdirSync(stateDir(gitDir), { recursive: true });
    if (report)
      writeFileAtomically(
        cacheFile(gitDir, REPORT),
        `${reportPrefix(report.key, report.head)}${reportJson(report.report)}}`,
      );
    writeAtomically(cacheFile(gitDir), { version: CACHE_VERSION, ...cache });
  } catch {
    // derived state only: the next run recomputes it
  }
}
