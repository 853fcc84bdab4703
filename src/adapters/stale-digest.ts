// The stale findings of `stale`'s report at a HEAD, kept small for the PR comment. A report is
// determined by the log's contents (the key) and HEAD, except one that did without history for
// some records (it has notices: a fetch may change it), which is never kept here. So the digest
// answers for the same key and HEAD, whatever happened to the engine's own files since (a cache
// restored into a fresh clone has them with new inodes and mtimes).
import { readFileSync } from "node:fs";
import path from "node:path";
import type { StalenessReport } from "../core/staleness/types.js";
import { writeFileAtomically } from "./atomic-file.js";
import { stateDir } from "./local-state.js";

/**
 * Bumped whenever the digest's shape or meaning changes, and with the engine's CACHE_VERSION:
 * the digest is read before the engine is asked, so it cannot see the engine's version itself.
 */
const DIGEST_VERSION = 7;

type StoredDigest = {
  version: number;
  /** the log key the report was asked for, and the HEAD it was computed at */
  key: string;
  head: string;
  report: StalenessReport;
};

function digestFile(gitDir: string): string {
  return path.join(stateDir(gitDir), "stale-digest.json");
}

/** The digest for the log as `key` names it at `head`; undefined when it was written for another. */
export function readStaleDigest(
  gitDir: string,
  key: string,
  head: string,
): StalenessReport | undefined {
  try {
    const stored = JSON.parse(readFileSync(digestFile(gitDir), "utf8")) as StoredDigest;
    const current =
      stored.version === DIGEST_VERSION &&
      stored.key === key &&
      stored.head === head &&
      stored.report.notices.length === 0;
    return current ? stored.report : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the stale findings of `report`, computed by the engine for the log as `key` named it
 * (taken before asking), at the HEAD the report names. Not written for a report without a HEAD,
 * or with notices (it did without history for some records: a fetch may change it).
 */
export function writeStaleDigest(gitDir: string, key: string, report: StalenessReport): void {
  try {
    const head = report.head;
    if (!head || report.notices.length > 0) return;
    const stored: StoredDigest = {
      version: DIGEST_VERSION,
      key,
      head,
      report: {
        ...report,
        findings: report.findings.filter((f) => f.state !== "fresh"),
      },
    };
    writeFileAtomically(digestFile(gitDir), JSON.stringify(stored), { mkdir: true });
  } catch {
    // derived state only: the next run asks the engine again
  }
}
