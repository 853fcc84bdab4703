import { readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { Problem } from "../core/events/parse.js";
import type { AssessedRecord } from "../core/staleness/record-contents.js";
import type { StaleFinding, StalenessReport } from "../core/staleness/types.js";
import { makeDirectory, writeFileAtomically, writeFileAtomicallyWithStat } from "./atomic-file.js";
import { stateDir } from "./local-state.js";
import { fileIdentity, readIndexedFindings, reportIndex } from "./report-index.js";
import {
  cacheText,
  indexMatches,
  readStaleCacheSlice as readSlice,
  staleCacheIndex,
} from "./stale-cache-index.js";

/** Bumped whenever the cached shape or the computation changes. */
const CACHE_VERSION = 7;

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

/**
 * The records a change of some paths can touch (`readStaleCacheSlice`), in the cache's order,
 * with the renames their findings followed, and the cache's other fields.
 */
export type StaleCacheSlice = Omit<StaleCache, "version" | "records" | "follows" | "previous"> & {
  records: StaleCache["records"];
  /** per record of `records`: the paths its finding followed (absent: the report has none) */
  follows?: Record<string, string[]>;
};

/** The full report at `head`, stored beside the cache. */
export type StaleReportCache = { key: string; head: string; report: StalenessReport };

function cacheFile(gitDir: string, name = "stale-cache.json"): string {
  return path.join(stateDir(gitDir), name);
}

const REPORT = "stale-report.json";
/** The cache's records by path and by id (`stale-cache-index.ts`). */
const CACHE_INDEX = "stale-cache.idx";
/** Where each finding is in the stored report (`report-index.ts`). */
const REPORT_INDEX = "stale-report.idx";

/** Reads the cache; undefined when missing, unreadable or of another version. */
export function readStaleCache(gitDir: string): StaleCache | undefined {
  const file = cacheFile(gitDir);
  const cache = readOnce(file, () => {
    const read = JSON.parse(readFileSync(file, "utf8")) as StaleCache;
    return read.version === CACHE_VERSION ? read : undefined;
  });
  if (cache) healCacheIndex(gitDir, cache);
  return cache;
}

/** The cache files whose index was found usable (or written) by this process, by stamp. */
const indexed = new Set<string>();

/**
 * Writes the cache again with its index when its index is missing or names another file: the
 * cache was written by an adrift without one, or copied (a restored CI cache, a copied clone:
 * new inodes). Once: the next pre-commit reads its records through the index again.
 */
function healCacheIndex(gitDir: string, cache: StaleCache): void {
  const file = cacheFile(gitDir);
  const stamp = stampOf(file);
  if (stamp === undefined || indexed.has(stamp)) return;
  if (!indexMatches(file, cacheFile(gitDir, CACHE_INDEX))) {
    try {
      writeCache(gitDir, cache);
    } catch {
      return; // derived state only: read whole again next time
    }
    // The process keeps what it parsed: the file written holds the same cache.
    const written = stampOf(file);
    if (written !== undefined) {
      parsed.set(file, { stamp: written, value: cache });
      indexed.add(written);
    }
    return;
  }
  indexed.add(stamp);
}

/**
 * What one process already parsed of a state file, by path (and what was asked of it), with the file's identity then
 * (inode, size, modification time in nanoseconds): a hook reads the cache and the report at
 * several steps, and parsing them (megabytes of JSON) again would give the same objects. A file
 * written since (always by an atomic rename: a new inode) is read again. Callers never change
 * what they are given.
 */
const parsed = new Map<string, { stamp: string; value: unknown }>();

function stampOf(file: string): string | undefined {
  try {
    const s = statSync(file, { bigint: true });
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
  } catch {
    return undefined;
  }
}

function readOnce<T>(file: string, read: () => T | undefined, what = file): T | undefined {
  const stamp = stampOf(file);
  if (stamp === undefined) return undefined;
  const known = parsed.get(what);
  if (known?.stamp === stamp) return known.value as T | undefined;
  let value: T | undefined;
  try {
    value = read();
  } catch {
    value = undefined;
  }
  // Stamped before reading: a write meanwhile changes the stamp, and the next call reads again.
  parsed.set(what, { stamp, value });
  return value;
}

/** Reads the stored report when it was computed from `key` at `head`. */
export function readStaleReport(
  gitDir: string,
  key: string,
  head: string | undefined,
): StalenessReport | undefined {
  if (head === undefined) return undefined;
  const stored = storedReport(gitDir);
  if (!stored?.text.startsWith(reportPrefix(key, head))) return undefined;
  if (stored.report === undefined) {
    const json = stored.text.slice(stored.start, -1);
    try {
      const report = JSON.parse(json) as StalenessReport;
      serialised.set(report.findings, { head: report.head, notices: report.notices, json });
      // Cut into findings only when a report is written from them (a reader that only shows
      // the report never does).
      // A long-lived process (the site's preview) keeps the last two: the texts only save time.
      unsplit.push([json, report.findings]);
      if (unsplit.length > 2) unsplit.shift();
      stored.report = report;
    } catch {
      stored.report = null;
    }
  }
  return stored.report ?? undefined;
}

const REPORT_KEY = ',"report":';

/** The stored report file's text, read once per version of the file. */
function storedReport(gitDir: string): StoredReport | undefined {
  const file = cacheFile(gitDir, REPORT);
  return readOnce(file, (): StoredReport | undefined => {
    const text = readFileSync(file, "utf8");
    // The key is a JSON string: a quote in it is escaped, so this is where the report starts.
    const at = text.indexOf(REPORT_KEY);
    if (at < 0 || !text.endsWith("}")) return undefined;
    return { text, start: at + REPORT_KEY.length };
  });
}

/** The stored report file's text, and the report once parsed (null: it could not be). */
type StoredReport = { text: string; start: number; report?: StalenessReport | null };

/** Reports already serialised, by their findings array (a report is large: serialise it once). */
const serialised = new WeakMap<
  readonly StaleFinding[],
  { head: string; notices: readonly string[]; json: string }
>();

/** Findings serialised ahead of the report (while git still ran), by finding. */
const findingJson = new WeakMap<StaleFinding, string>();

/** Reports parsed whose findings' texts are not cut out yet (`rememberFindingTexts`). */
const unsplit: [json: string, findings: readonly StaleFinding[]][] = [];

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
  for (const [json, parsed] of unsplit.splice(0)) rememberFindingTexts(json, parsed);
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
  report?: StaleReportCache | { text: string },
): void {
  try {
    makeDirectory(stateDir(gitDir));
    if (report)
      writeReport(
        gitDir,
        "text" in report
          ? report.text
          : `${reportPrefix(report.key, report.head)}${reportJson(report.report)}}`,
      );
    writeCache(gitDir, { version: CACHE_VERSION, ...cache });
  } catch {
    // derived state only: the next run recomputes it
  }
}

/** Writes the cache, then its index (`stale-cache-index.ts`): the records by path and by id. */
function writeCache(gitDir: string, cache: StaleCache): void {
  const { records, ...fields } = cache;
  const { bytes, spans } = cacheText(records, fields);
  const written = writeFileAtomicallyWithStat(cacheFile(gitDir), bytes);
  const follows = reportBasisOf(cache)?.follows;
  const index = staleCacheIndex(records, spans, fields, follows, fileIdentity(written));
  writeFileAtomically(cacheFile(gitDir, CACHE_INDEX), index);
}

/**
 * The part of the cache a change of `paths` can touch (the records whose scopes can match one of
 * them, and the cache's other fields), read through its index without parsing the rest; undefined
 * when there is no index for the cache as it is now.
 */
export function readStaleCacheSlice(
  gitDir: string,
  paths: readonly string[],
): StaleCacheSlice | undefined {
  const file = cacheFile(gitDir);
  // Asked twice by one pre-commit (whether anything is to be marked, then what): read once.
  return readOnce(
    file,
    () => readSlice(file, cacheFile(gitDir, CACHE_INDEX), paths) as StaleCacheSlice | undefined,
    `${file}\0${paths.join("\0")}`,
  );
}

/** Writes the stored report's text, then its index (none when the text is not laid out as adrift writes it). */
function writeReport(gitDir: string, text: string): void {
  const bytes = Buffer.from(text);
  const written = writeFileAtomicallyWithStat(cacheFile(gitDir, REPORT), bytes);
  if (!writeReportIndexOf(gitDir, bytes, fileIdentity(written)))
    rmSync(cacheFile(gitDir, REPORT_INDEX), { force: true });
}

/** Writes the index of the report `bytes` as the file `identity` names; false when they are not laid out as adrift writes them. */
function writeReportIndexOf(gitDir: string, bytes: Buffer, identity: string): boolean {
  const at = bytes.indexOf(REPORT_KEY);
  const index = at < 0 ? undefined : reportIndex(bytes, at + REPORT_KEY.length, identity);
  if (index) writeFileAtomically(cacheFile(gitDir, REPORT_INDEX), index);
  return index !== undefined;
}

/**
 * Writes the index of the report file `file` from its `bytes` as read at `stamp` (`stampOf`), when
 * the file is still as it was read; false when it is not, or the index could not be written.
 */
function writeReportIndex(
  gitDir: string,
  bytes: Buffer,
  file: string,
  stamp: string | undefined,
): boolean {
  try {
    const identity = fileIdentity(statSync(file, { bigint: true }));
    // The stamp is the identity and the change time: the bytes are the file's as it is now.
    if (stamp === undefined || stamp !== stampOf(file) || !stamp.startsWith(`${identity}:`))
      return false;
    return writeReportIndexOf(gitDir, bytes, identity);
  } catch {
    return false;
  }
}

/** Where each finding's text is in a stored report's JSON (`{"head":…,"findings":[…],"notices":…}`). */
type ReportLayout = { json: string; open: number; close: number };

function layoutOf(stored: StoredReport): ReportLayout | undefined {
  const json = stored.text.slice(stored.start, -1);
  const open = json.indexOf(FINDINGS_OPEN);
  const close = json.lastIndexOf(FINDINGS_CLOSE);
  if (!json.startsWith('{"head":') || open < 0 || close < open) return undefined;
  return { json, open: open + FINDINGS_OPEN.length, close };
}

const FINDINGS_OPEN = ',"findings":[';
const FINDINGS_CLOSE = '],"notices":';

/**
 * The span of the finding of `id` in the findings' text, when there is one. Inside JSON strings
 * every quote is escaped, so `{"record_id":"<id>",` occurs only where that finding starts, and
 * `},{"record_id":` only between two findings (`record_id` is a finding's first key and no
 * nested object has one).
 */
function findingSpan(layout: ReportLayout, id: string): [number, number] | undefined {
  const { json, open, close } = layout;
  const head = `{"record_id":${JSON.stringify(id)},`;
  const at = json.indexOf(head, open - 1);
  if (at < 0 || at >= close) return undefined;
  if (at !== open && json.slice(at - 1, at) !== ",") return undefined;
  const next = json.indexOf('},{"record_id":', at);
  return [at, next >= 0 && next < close ? next + 1 : close];
}

/**
 * What `readStaleReport` gives, with only the findings of `ids` (in the report's order), each
 * parsed from its own span of the stored text: a hook that needs a few findings of a report of
 * thousands does not parse the rest. Undefined where `readStaleReport` gives none, or when the
 * stored text is not laid out as adrift writes it (the caller then reads it whole).
 */
export function readStaleFindings(
  gitDir: string,
  key: string,
  head: string | undefined,
  ids: ReadonlySet<string>,
): StalenessReport | undefined {
  if (head === undefined) return undefined;
  const file = cacheFile(gitDir, REPORT);
  const known = parsed.get(file);
  // Unless this process has the file's text already, only the findings asked for are read.
  if (!known || known.stamp !== stampOf(file)) {
    const indexed = readIndexedFindings(
      file,
      cacheFile(gitDir, REPORT_INDEX),
      reportPrefix(key, head),
      ids,
    );
    if (indexed === "mismatch") return undefined;
    if (indexed) return indexed as StalenessReport;
  }
  const stored = storedReport(gitDir);
  if (!stored?.text.startsWith(reportPrefix(key, head))) return undefined;
  if (stored.report === null) return undefined;
  if (stored.report)
    return {
      ...stored.report,
      findings: stored.report.findings.filter((f) => ids.has(f.record_id)),
    };
  // No usable index (the report was copied, or written by an adrift without one): written now
  // from the text read, and read through; else the findings are cut from the text.
  if (writeReportIndex(gitDir, Buffer.from(stored.text), file, parsed.get(file)?.stamp)) {
    const through = readIndexedFindings(
      file,
      cacheFile(gitDir, REPORT_INDEX),
      reportPrefix(key, head),
      ids,
    );
    if (through && through !== "mismatch") return through as StalenessReport;
  }
  const layout = layoutOf(stored);
  if (!layout) return undefined;
  try {
    const { json, open, close } = layout;
    const spans = [...ids]
      .map((id) => findingSpan(layout, id))
      .filter((s) => s !== undefined)
      .sort((a, b) => a[0] - b[0]);
    const findings = spans.map(([from, to]) => JSON.parse(json.slice(from, to)) as StaleFinding);
    return {
      head: JSON.parse(json.slice('{"head":'.length, open - FINDINGS_OPEN.length)) as string,
      findings,
      notices: JSON.parse(json.slice(close + FINDINGS_CLOSE.length, -1)) as string[],
    };
  } catch {
    return undefined;
  }
}

/**
 * The stored report's file text, keyed `newKey` instead of `key`, with the findings of `marked`
 * marked recorded — byte for byte what writing the parsed report so marked gives — without parsing
 * the others. Undefined when there is no report from `key` at `head`.
 */
export function markedReportText(
  gitDir: string,
  key: string,
  head: string,
  newKey: string,
  marked: ReadonlySet<string>,
): string | undefined {
  const stored = storedReport(gitDir);
  if (!stored?.text.startsWith(reportPrefix(key, head))) return undefined;
  const layout = layoutOf(stored);
  if (!layout) return undefined;
  try {
    const { json } = layout;
    const spans = [...marked]
      .map((id) => findingSpan(layout, id))
      .filter((s) => s !== undefined)
      .sort((a, b) => a[0] - b[0]);
    let out = "";
    let from = 0;
    for (const [start, end] of spans) {
      const finding = JSON.parse(json.slice(start, end)) as StaleFinding;
      out += json.slice(from, start) + JSON.stringify({ ...finding, recorded: true });
      from = end;
    }
    return `${reportPrefix(newKey, head)}${out}${json.slice(from)}}`;
  } catch {
    return undefined;
  }
}
