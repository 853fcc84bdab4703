import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { AdrView, ProjectState } from "../core/project/state.js";
import {
  type RecordColumns,
  type RecordWhy,
  type ReportIndex,
  recordColumns,
  recordTable,
} from "../core/reports/report-index.js";
import { makeDirectory, writeFileAtomically } from "./atomic-file.js";
import { stateDir } from "./local-state.js";

/** Bumped whenever the folded state's shape or the fold changes meaning. */
const STATE_CACHE_VERSION = 5;

/**
 * A record's `original_basis` when it is its basis: the fold gives a new record one basis object
 * for both, and re-basing replaces `basis` without touching it. Written once, a fifth of the
 * cache's bytes and objects are not read twice; read back, both are the same object again.
 */
const SAME_AS_BASIS = "$basis";

type CachedRecord = { basis?: unknown; original_basis?: unknown };

function sameBasis(original: unknown, basis: unknown): boolean {
  return (
    original === basis ||
    (basis !== undefined && JSON.stringify(original) === JSON.stringify(basis))
  );
}

function cacheFile(gitDir: string): string {
  return path.join(stateDir(gitDir), "state-cache.json");
}

/**
 * Tags the state's top-level maps and sets (nested ones are not expected in the state), and a
 * record's original basis that is its basis.
 */
function replacer(this: unknown, key: string, value: unknown): unknown {
  if (
    key === "original_basis" &&
    value !== undefined &&
    sameBasis(value, (this as CachedRecord).basis)
  )
    return SAME_AS_BASIS;
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
  const records = state.records;
  if (records instanceof Map)
    for (const record of records.values() as Iterable<CachedRecord>)
      if (record.original_basis === SAME_AS_BASIS) record.original_basis = record.basis;
  return state as ProjectState;
}

/**
 * The folded state as last cached: the key of the log it was folded from (each log file's size
 * and contents, the marks set aside) and the greatest event id that log held, for a later read
 * to fold only what was appended since. Undefined when there is none (or another version's).
 */
export type StateCacheEntry = { key: string; last: string; state: ProjectState };

/** The state cache whatever log it was folded from; the caller compares its key. */
export function readStateCacheEntry(gitDir: string): StateCacheEntry | undefined {
  try {
    const cached = JSON.parse(readFileSync(cacheFile(gitDir), "utf8")) as {
      version: number;
      key: string;
      last?: string;
      state: Record<string, unknown>;
    };
    if (cached.version !== STATE_CACHE_VERSION || typeof cached.key !== "string") return undefined;
    return { key: cached.key, last: cached.last ?? "", state: revive(cached.state) };
  } catch {
    return undefined;
  }
}

/**
 * The folded state of the log as last computed, when `key` (the log files' sizes and
 * contents) still matches; undefined otherwise. Reports read it instead of
 * re-validating tens of thousands of events on every run.
 */
export function readStateCache(gitDir: string, key: string): ProjectState | undefined {
  const entry = readStateCacheEntry(gitDir);
  return entry?.key === key ? entry.state : undefined;
}

/**
 * Writes the cache atomically, with the greatest event id of the log folded (`last`: what an
 * appended event must sort after to be folded on top). A failure only costs speed: ignored.
 */
export function writeStateCache(gitDir: string, key: string, state: ProjectState, last = ""): void {
  try {
    writeFileAtomically(
      cacheFile(gitDir),
      JSON.stringify({ version: STATE_CACHE_VERSION, key, last, state }, replacer),
      { mkdir: true },
    );
  } catch {
    // derived state only: the next run recomputes it
  }
}

function foldedOnceFile(gitDir: string): string {
  return path.join(stateDir(gitDir), "state-folded-once");
}

const digestOf = (key: string) => createHash("sha1").update(key).digest("hex");

/**
 * True when a command already folded the log as `key` names it onto the state cache without
 * writing it back (`noteFoldedOnce`): the log is read a second time as it is, so the cache is
 * worth writing.
 */
export function foldedOnce(gitDir: string, key: string): boolean {
  try {
    return readFileSync(foldedOnceFile(gitDir), "utf8") === digestOf(key);
  } catch {
    return false;
  }
}

/** Notes that the log as `key` names it was folded onto the cache, not written back. */
export function noteFoldedOnce(gitDir: string, key: string): void {
  try {
    writeFileAtomically(foldedOnceFile(gitDir), digestOf(key), { mkdir: true });
  } catch {
    // derived state only: the next run folds the appends again and writes the cache
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
    const whys: [string, RecordWhy][] = [];
    for (const r of index.records.values()) if (r.why) whys.push([r.id, r.why]);
    writeReportWhys(gitDir, key, whys);
  } catch {
    // derived state only: the next run recomputes it
  }
}

/** Bumped whenever the shape of the records' whys file changes. */
const REPORT_WHYS_VERSION = 1;

/** Each record's why, by id: trigger, chosen approach, rationale, constraints. */
type StoredWhys = {
  version: number;
  key: string;
  whys: Record<string, [string, string, string, string]>;
};

function whysFile(gitDir: string): string {
  return path.join(stateDir(gitDir), "report-whys.json");
}

/**
 * Writes the records' whys (by id) beside the report index, in a file of their own: most pull
 * requests name no record, and their comment then never reads them. A failure only costs speed.
 */
export function writeReportWhys(
  gitDir: string,
  key: string,
  whys: Iterable<[string, RecordWhy]>,
): void {
  try {
    const rows: [string, [string, string, string, string]][] = [];
    for (const [id, w] of whys) rows.push([id, [w.trigger, w.chosen, w.rationale, w.constraints]]);
    const stored: StoredWhys = {
      version: REPORT_WHYS_VERSION,
      key,
      whys: Object.fromEntries(rows),
    };
    makeDirectory(stateDir(gitDir));
    writeFileAtomically(whysFile(gitDir), JSON.stringify(stored));
  } catch {
    // derived state only: the next run folds the log for them
  }
}

/**
 * The whys of the records `ids` names, as written with the report index of the log `key` names;
 * undefined when the file was written for another log (or is missing): the caller folds the log.
 */
export function readReportWhys(
  gitDir: string,
  key: string,
  ids: readonly string[],
): Map<string, RecordWhy> | undefined {
  try {
    const stored = JSON.parse(readFileSync(whysFile(gitDir), "utf8")) as StoredWhys;
    if (stored.version !== REPORT_WHYS_VERSION || stored.key !== key) return undefined;
    const out = new Map<string, RecordWhy>();
    for (const id of ids) {
      const w = Object.hasOwn(stored.whys, id) ? stored.whys[id] : undefined;
      if (w) out.set(id, { trigger: w[0], chosen: w[1], rationale: w[2], constraints: w[3] });
    }
    return out;
  } catch {
    return undefined;
  }
}
