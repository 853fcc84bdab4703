import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { AssessedRecord } from "../core/rules/staleness.js";
import type { StalenessReport } from "../core/rules/staleness-types.js";
import { stateDir } from "./local-state.js";

/** Bumped whenever the cached shape or the computation changes. */
const CACHE_VERSION = 1;

/** Derived state kept under `<git dir>/adrift/` so hooks need not re-read a large log. */
export type StaleCache = {
  version: number;
  /** what the records were derived from: log dir, and each file's size and mtime */
  key: string;
  /** records with a basis (fingerprints dropped; `fingerprinted` says they exist in the log) */
  records: (AssessedRecord & { fingerprinted?: boolean })[];
  open_worklines: string[];
  /** the HEAD the report was computed at, and the report */
  head?: string;
  report?: StalenessReport;
};

function cacheFile(gitDir: string): string {
  return path.join(stateDir(gitDir), "stale-cache.json");
}

/** Reads the cache; undefined when missing, unreadable or of another version. */
export function readStaleCache(gitDir: string): StaleCache | undefined {
  try {
    const cache = JSON.parse(readFileSync(cacheFile(gitDir), "utf8")) as StaleCache;
    return cache.version === CACHE_VERSION ? cache : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the cache atomically; a failure only costs speed, so it is ignored. */
export function writeStaleCache(gitDir: string, cache: Omit<StaleCache, "version">): void {
  try {
    mkdirSync(stateDir(gitDir), { recursive: true });
    const tmp = `${cacheFile(gitDir)}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ version: CACHE_VERSION, ...cache }));
    renameSync(tmp, cacheFile(gitDir));
  } catch {
    // derived state only: the next run recomputes it
  }
}
