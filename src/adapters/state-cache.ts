import { readFileSync } from "node:fs";
import path from "node:path";
import type { AdrView, ProjectState } from "../core/project/state.js";
import {
  type RecordColumns,
  type ReportIndex,
  recordColumns,
  recordTable,
} from "../core/reports/report-index.js";
import { makeDirectory, writeFileAtomically } from "./atomic-file.js";
import { stateDir } from "./local-state.js";

/** Bumped whenever the folded state's shape or the fold changes meaning. */
const STATE_CACHE_VERSION = 3;

function cacheFile(gitDir: string): string {
  return path.join(stateDir(gitDir), "state-cache.json");
}

/** Tags the state's top-level maps and sets (nested ones are not expected in the state). */
function replacer(_key: string, value: unknown): unknown {
  if (value instanceof Map) return { $map: [...value] };
  if (value instanceof Set) return { $set: [...value] };
  return value;
}

/** Restores the maps and sets of the state's top level (a reviver on every value is 4× slower). */
function revive(state: Record<string, unknown>): ProjectState {
  for (const [key, value] of Object.entries(state)) {
    if (!value || typeof value !== "object" || Array.isArray(value)) continue;
    const tagged = value as { $map?: [unknown, unknown][]; $set?: unknown[] };
    if (tagged.$map) state[key] = new Map(tagged.$map);
    else if (tagged.$set) state[key] = new Set(tagged.$set);
  }
  return state as ProjectState;
}

/**
 * The folded state of the log as last computed, when `key` (the log files' sizes and
 * modification times) still matches; undefined otherwise. Reports read it instead of
 * re-validating tens of thousands of events on every run.
 */
export function readStateCache(gitDir: string, key: string): ProjectState | undefined {
  try {
    const cached = JSON.parse(readFileSync(cacheFile(gitDir), "utf8")) as {
      version: number;
      key: string;
      state: Record<string, unknown>;
    };
    return cached.version === STATE_CACHE_VERSION && cached.key === key
      ? revive(cached.state)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the cache atomically; a failure only costs speed, so it is ignored. */
export function writeStateCache(gitDir: string, key: string, state: ProjectState): void {
  try {
    writeFileAtomically(
      cacheFile(gitDir),
      JSON.stringify({ version: STATE_CACHE_VERSION, key, state }, replacer),
      { mkdir: true },
    );
  } catch {
    // derived state only: the next run recomputes it
  }
}

/** Bumped whenever the report index's shape or meaning changes. */
const REPORT_INDEX_VERSION = 4;

type StoredIndex = {
  version: number;
  key: string;
  records: RecordColumns;
  adrs: [string, AdrView][];
  backlog: ReportIndex["backlog"];
  questions: ReportIndex["questions"];
};

function indexFile(gitDir: string): string {
  return path.join(stateDir(gitDir), "report-index.json");
}

/**
 * The report index of the log as last derived, when `key` (as for the state cache) still
 * matches; undefined otherwise. A fraction of the folded state's size: what the PR comment reads.
 */
export function readReportIndex(gitDir: string, key: string): ReportIndex | undefined {
  try {
    const stored = JSON.parse(readFileSync(indexFile(gitDir), "utf8")) as StoredIndex;
    if (stored.version !== REPORT_INDEX_VERSION || stored.key !== key) return undefined;
    return {
      records: recordTable(stored.records),
      adrs: new Map(stored.adrs),
      backlog: stored.backlog,
      questions: stored.questions,
    };
  } catch {
    return undefined;
  }
}

/** Writes the report index atomically; a failure only costs speed, so it is ignored. */
export function writeReportIndex(gitDir: string, key: string, index: ReportIndex): void {
  try {
    makeDirectory(stateDir(gitDir));
    const stored: StoredIndex = {
      version: REPORT_INDEX_VERSION,
      key,
      records: recordColumns(index.records.values()),
      adrs: [...index.adrs],
      backlog: index.backlog,
      questions: index.questions,
    };
    writeFileAtomically(indexFile(gitDir), JSON.stringify(stored));
  } catch {
    // derived state only: the next run recomputes it
  }
}
