import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { AssessedRecord } from "../core/rules/staleness.js";
import type { StalenessReport } from "../core/rules/staleness-types.js";
import { stateDir } from "./local-state.js";

/** Bumped whenever the cached shape or the computation changes. */
const CACHE_VERSION = 2;

/** Derived state kept under `<git dir>/adrift/` so hooks need not re-read a large log. */
export type StaleCache = {
  version: number;
  /** what the records were derived from: log dir, and each file's size and mtime */
  key: string;
  /** records with a basis (fingerprints dropped; `fingerprinted` says they exist in the log) */
  records: (AssessedRecord & { fingerprinted?: boolean })[];
  open_worklines: string[];
  /** the HEAD the report (kept in its own file, it can be large) was computed at */
  head?: string;
  /** records the report found stale and not yet marked */
  unrecorded?: string[];
};

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
  try {
    const stored = JSON.parse(readFileSync(cacheFile(gitDir, REPORT), "utf8")) as StaleReportCache;
    return stored.key === key && stored.head === head ? stored.report : undefined;
  } catch {
    return undefined;
  }
}

function writeAtomically(file: string, value: unknown): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(value));
  renameSync(tmp, file);
}

/** Writes the cache and the report atomically; a failure only costs speed, so it is ignored. */
export function writeStaleCache(
  gitDir: string,
  cache: Omit<StaleCache, "version">,
  report?: StaleReportCache,
): void {
  try {
    mkdirSync(stateDir(gitDir), { recursive: true });
    if (report) writeAtomically(cacheFile(gitDir, REPORT), report);
    writeAtomically(cacheFile(gitDir), { version: CACHE_VERSION, ...cache });
  } catch {
    // derived state only: the next run recomputes it
  }
}
