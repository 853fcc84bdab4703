import { timed } from "../../adapters/profile.js";
import {
  readStaleReport,
  reportBasisOf,
  type StaleCache,
  writeStaleCache,
} from "../../adapters/stale-cache.js";
import type { Problem } from "../../core/events/parse.js";
import type { PreviousReport } from "../../core/staleness/advance.js";
import type { AssessedRecord } from "../../core/staleness/record-contents.js";
import type { AppContext } from "../dependencies.js";
import { dropHookGate, writeHookGate } from "../hooks/gate.js";
import { fromLog } from "./lean-log.js";
import { logKeyWithMarks } from "./marks-set-aside.js";

export function withoutFingerprints(records: AssessedRecord[]): StaleCache["records"] {
  return records.map((r) => {
    const { fingerprints, ...basis } = r.basis;
    return { ...r, basis, ...(fingerprints ? { fingerprinted: true } : {}) };
  });
}

/**
 * The cached report (at this HEAD or an earlier one, for the records as they were then), with
 * what carrying it forward needs; undefined when there is none or it was written without that.
 */
export function previousReport(
  gitDir: string,
  cached: StaleCache | undefined,
  head: string | undefined,
): PreviousReport | undefined {
  const basis = reportBasisOf(cached);
  if (!basis || !head) return undefined;
  const report = readStaleReport(gitDir, basis.key, basis.head);
  if (!report) return undefined;
  return {
    head: basis.head,
    records: basis.records,
    findings: new Map(report.findings.map((f) => [f.record_id, f])),
    follows: basis.follows,
    oldest: basis.oldest,
    linear: basis.linear === true,
  };
}

/**
 * Writes the staleness cache (and the report, when given), and the hook gate derived from it:
 * the old gate goes first, so no hook reads it against a cache that no longer backs it.
 */
export async function saveCache(
  ctx: AppContext,
  cache: Parameters<typeof writeStaleCache>[1],
  report?: Parameters<typeof writeStaleCache>[2],
): Promise<void> {
  const gitDir = ctx.git.location.gitDir;
  dropHookGate(gitDir);
  writeStaleCache(gitDir, cache, report);
  await writeHookGate(ctx, cache);
}

/**
 * The unreadable lines of the log a cache was derived from, when it does not know them (its
 * records came from a caller's fold): read once with the lean reader, and kept in the cache.
 */
export async function problemsOfLog(ctx: AppContext, cached: StaleCache): Promise<Problem[]> {
  const { problems } = await timed("read the log for its problems", () => fromLog(ctx));
  const { version: _version, ...kept } = cached;
  await saveCache(ctx, { ...kept, problems });
  return problems;
}

/** What the cached records were derived from: the log dir, each log file's contents, the marks set aside. */
export function cacheKey(ctx: AppContext): Promise<string> {
  return logKeyWithMarks(ctx);
}
