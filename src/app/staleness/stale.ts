import { knownReportJson } from "../../adapters/stale-cache.js";
import type { AppContext } from "../dependencies.js";
import { withoutOwnFilesContext } from "./own-files.js";
import { cacheKey } from "./report-cache.js";
import {
  type Marking,
  markUnrecorded,
  settleDeferredRefresh,
  unrecorded,
} from "./stale-marking.js";
import { type StaleOptions, staleness } from "./stale-report.js";

/** `adrift stale`: the report, and with `record` the marks written. */
export async function runStale(
  context: AppContext,
  options: StaleOptions & { record?: boolean; deferRefresh?: boolean } = {},
) {
  const ctx = withoutOwnFilesContext(context);
  await settleDeferredRefresh(ctx);
  // The log's key before the report reads it: what marking checks the log against.
  const readAt = await cacheKey(ctx);
  const report = await staleness(ctx, options, readAt);
  const { meanwhile, ...recorded }: Marking = options.record
    ? await markUnrecorded(ctx, report, readAt, options.deferRefresh)
    : { marked: [], meanwhile: [] };
  // Marked by this run or by another meanwhile: recorded in the log either way.
  const done = new Set([...recorded.marked, ...meanwhile]);
  const findings =
    done.size === 0
      ? report.findings
      : report.findings.map((f) => (done.has(f.record_id) ? { ...f, recorded: true } : f));
  const result = { ...report, findings };
  return { ...result, ...recorded, unrecorded: unrecorded(result).map((f) => f.record_id) };
}

/** `runStale`'s result as compact JSON, reusing the report's serialisation when it is unchanged. */
export function staleResultJson(result: Awaited<ReturnType<typeof runStale>>): string {
  const { head, findings, notices, ...rest } = result;
  const known = knownReportJson({ head, findings, notices });
  if (known === undefined || Object.keys(rest).length === 0) return JSON.stringify(result);
  return `${known.slice(0, -1)},${JSON.stringify(rest).slice(1)}`;
}
