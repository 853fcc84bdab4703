import path from "node:path";
import { withMarksLock } from "../../adapters/local-state.js";
import {
  type LogFileStamp,
  logDirsOf,
  logFileStamps,
  stampsOfKey,
} from "../../adapters/log-files.js";
import { markedReportText, readStaleCache } from "../../adapters/stale-cache.js";
import type { StaleFinding, StalenessReport } from "../../core/staleness/types.js";
import type { AppContext } from "../dependencies.js";
import { deferRefresh, refreshDeferred, takeDeferredRefresh } from "./deferred-refresh.js";
import { fromLog } from "./lean-log.js";
import { carryMarkState, logKeyWithMarks } from "./marks-set-aside.js";
import { cacheKey, saveCache } from "./report-cache.js";
import { STAGED } from "./staged.js";

/** What `--record` wrote. */
export type RecordedMarks = { marked: string[]; file?: string };

/** The findings that are stale and not yet marked in the log. */
export function unrecorded(report: StalenessReport): StaleFinding[] {
  return report.findings.filter((f) => f.state === "stale" && !f.recorded);
}

/** Appends `decision_marked_stale` for every newly stale record (idempotent), in one append. */
export async function recordStaleness(
  ctx: AppContext,
  report: StalenessReport,
): Promise<RecordedMarks> {
  const { marked, file } = await markUnrecorded(ctx, report);
  return file ? { marked, file } : { marked };
}

/** What marking wrote, and the records another adrift marked since the report was computed. */
export type Marking = RecordedMarks & { meanwhile: string[] };

/**
 * Marks the report's unrecorded stale records. The check and the append happen under the
 * clone's marks lock, against the log as it is then: another adrift (a hook, the watcher, a
 * second `stale --record`) may have marked some of them since the report was computed, and a
 * record is never marked twice.
 */
export async function markUnrecorded(
  ctx: AppContext,
  report: StalenessReport,
  readAt?: string,
  deferred = false,
): Promise<Marking> {
  const candidates = unrecorded(report);
  if (candidates.length === 0) return { marked: [], meanwhile: [] };
  return withMarksLock(ctx.git.location.gitDir, async () => {
    // The log as the report read it (`readAt`, its key taken before): no mark written since. A
    // mark grows its file, so another key means another writer came first: read the log again.
    const unchanged = readAt !== undefined && (await cacheKey(ctx)) === readAt;
    const now = unchanged
      ? undefined
      : new Map((await fromLog(ctx)).records.map((r) => [r.id, r.recorded]));
    const fresh = now ? candidates.filter((f) => now.get(f.record_id) === false) : candidates;
    const meanwhile = now
      ? candidates.filter((f) => now.get(f.record_id) === true).map((f) => f.record_id)
      : [];
    if (fresh.length === 0) return { marked: [], meanwhile };
    const { writeEventsToFile } = await import("../recording/writer.js");
    const detected = ctx.clock.now().toISOString();
    // The gate is written again from the cache below (refreshAfterMarks), not extended here.
    const { file, appended } = await writeEventsToFile(
      ctx,
      fresh.map((f) => {
        const staged = f.commits.some((c) => c.hash === STAGED);
        return {
          type: "decision_marked_stale" as const,
          data: {
            decision_id: f.record_id,
            reason: "paths_changed" as const,
            commits: f.commits.filter((c) => c.hash !== STAGED),
            paths: [...new Set(f.paths.map((p) => p.path))],
            detected_at: detected,
            ...(staged ? { staged: true } : {}),
          },
        };
      }),
      { extendGate: false },
    );
    const marked = fresh.map((f) => f.record_id);
    const { root, gitDir } = ctx.git.location;
    const relative = path.relative(root, file);
    const append = { appended, head: report.head };
    // Still under the lock: the next marker finds the cache matching the log it reads, or the
    // note that brings it there (`deferred`: the pre-commit, while git waits).
    if (!(deferred && deferRefresh(gitDir, root, { file: relative, marked, ...append })))
      await refreshAfterMarks(ctx, new Set(marked), relative, append);
    return { marked, file: relative, meanwhile };
  });
}

/**
 * Brings the cache up to date with marks a pre-commit appended and left for the next reader
 * (`deferred-refresh.ts`), when that append is still exactly what the file last received.
 */
export async function settleDeferredRefresh(ctx: AppContext): Promise<void> {
  const { gitDir, root } = ctx.git.location;
  if (!refreshDeferred(gitDir)) return;
  await withMarksLock(gitDir, async () => {
    const refresh = takeDeferredRefresh(gitDir, root);
    if (refresh) await refreshAfterMarks(ctx, new Set(refresh.marked), refresh.file, refresh);
  });
}

/**
 * Keeps the cache valid across adrift's own append of marks (otherwise the next commit would
 * re-read the whole log): when the file written is the only one that changed, the cached records
 * and report are updated in place. Any other change leaves the cache to be rebuilt.
 */
export async function refreshAfterMarks(
  ctx: AppContext,
  marked: Set<string>,
  file: string,
  append: { appended: number; head: string },
) {
  const gitDir = ctx.git.location.gitDir;
  const cached = readStaleCache(gitDir);
  // The append may have sealed a torn last line there: the next run reads the log again.
  if (!cached || cached.problems?.some((p) => p.file === file)) return;
  const root = ctx.git.location.root;
  const now = await logFileStamps(logDirsOf(root, ctx.config.log_dir), root, gitDir);
  const others = (stamps: LogFileStamp[]) => JSON.stringify(stamps.filter(([f]) => f !== file));
  const before = stampsOfKey(cached.key);
  if (others(before) !== others(now)) return;
  // The marks were made from a report at HEAD: they apply here, and what is set aside stays.
  await carryMarkState(ctx, before, now, { file, ...append, count: marked.size });
  const key = await logKeyWithMarks(ctx, now);
  // The stored report with the marked findings marked, its other findings left as text.
  const report = cached.head
    ? markedReportText(gitDir, cached.key, cached.head, key, marked)
    : undefined;
  const mark = <T extends { id?: string; record_id?: string; recorded: boolean }>(r: T): T =>
    marked.has(r.id ?? r.record_id ?? "") ? { ...r, recorded: true } : r;
  // Everything else the cache holds (what carries the report forward) stays as it was.
  const { version: _version, ...kept } = cached;
  await saveCache(
    ctx,
    {
      ...kept,
      key,
      records: cached.records.map(mark),
      unrecorded: cached.unrecorded?.filter((id) => !marked.has(id)),
    },
    report !== undefined ? { text: report } : undefined,
  );
}
