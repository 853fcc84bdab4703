// The stale findings of `stale`'s report at a HEAD, kept small for the PR comment. Derived from
// the staleness engine's own cache files and keyed by their stat identity, so it never outlives
// them: it answers only while they, the log and HEAD are as they were when it was written.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { StalenessReport } from "../core/rules/staleness-types.js";
import { stateDir } from "./local-state.js";

/**
 * Bumped whenever the digest's shape or meaning changes, and with the engine's CACHE_VERSION:
 * the digest is read before the engine is asked, so it cannot see the engine's version itself.
 */
const DIGEST_VERSION = 3;

/** The staleness engine's cache files (src/adapters/stale-cache.ts) the digest is derived from. */
const SOURCES = ["stale-cache.json", "stale-report.json"];

type StoredDigest = {
  version: number;
  /** the log key the report was asked for, and the HEAD it was computed at */
  key: string;
  head: string;
  /** stat identity of each source file right after the report was computed */
  sources: string[];
  report: StalenessReport;
};

function digestFile(gitDir: string): string {
  return path.join(stateDir(gitDir), "stale-digest.json");
}

/** Size, times and inode of the engine's cache files; undefined when one is missing. */
function sourceStamps(gitDir: string): string[] | undefined {
  try {
    return SOURCES.map((name) => {
      const s = statSync(path.join(stateDir(gitDir), name));
      return `${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.ino}`;
    });
  } catch {
    return undefined;
  }
}

/**
 * The digest for the log as `key` names it at `head`, when the engine's cache files are those it
 * was derived from; undefined otherwise (then ask the engine).
 */
export function readStaleDigest(
  gitDir: string,
  key: string,
  head: string,
): StalenessReport | undefined {
  try {
    const stamps = sourceStamps(gitDir);
    if (!stamps) return undefined;
    const stored = JSON.parse(readFileSync(digestFile(gitDir), "utf8")) as StoredDigest;
    const current =
      stored.version === DIGEST_VERSION &&
      stored.key === key &&
      stored.head === head &&
      stored.sources.length === stamps.length &&
      stored.sources.every((s, i) => s === stamps[i]);
    // A report that did without history for some records (notices say so) is not answered from
    // here: a fetch may have brought that history, and the engine checks.
    return current && stored.report.notices.length === 0 ? stored.report : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the stale findings of `report`, computed by the engine for the log as `key` named it
 * (taken before asking), at the HEAD the report names. Not written when the engine left no
 * cache files, or the report names no HEAD.
 */
export function writeStaleDigest(gitDir: string, key: string, report: StalenessReport): void {
  try {
    const sources = sourceStamps(gitDir);
    const head = report.head;
    if (!sources || !head) return;
    const stored: StoredDigest = {
      version: DIGEST_VERSION,
      key,
      head,
      sources,
      report: { ...report, findings: report.findings.filter((f) => f.state === "stale") },
    };
    mkdirSync(stateDir(gitDir), { recursive: true });
    const tmp = `${digestFile(gitDir)}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(stored));
    renameSync(tmp, digestFile(gitDir));
  } catch {
    // derived state only: the next run asks the engine again
  }
}
