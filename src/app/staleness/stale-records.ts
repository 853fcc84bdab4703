// The records every listing calls stale: those the log marks, and those computed stale at HEAD
// and not yet marked (commits made without the hooks, a fast-forward, a revert or cherry-pick,
// which run no pre-commit) — the same set `adrift stale` reports (see standing-marks.ts).
import type { ProjectState } from "../../core/project/state.js";
import { isStale } from "../../core/staleness/standing-marks.js";
import type { AppContext } from "../dependencies.js";

/** The ids of the records that are stale: marked in `state`'s log, or computed stale at HEAD. */
export async function staleRecordIds(ctx: AppContext, state: ProjectState): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const r of state.records.values()) if (r.status === "stale") ids.add(r.id);
  const { computeStaleness } = await import("./stale-report.js");
  const report = await computeStaleness(ctx, { folded: () => Promise.resolve(state) });
  for (const f of report.findings) if (isStale(f)) ids.add(f.record_id);
  return ids;
}

/** A record's status with staleness computed at HEAD counted: `stale` when `stale` holds its id. */
export function statusWithStaleness<T extends { id: string; status: string }>(
  record: T,
  stale: ReadonlySet<string>,
): T {
  return record.status === "active" && stale.has(record.id)
    ? { ...record, status: "stale" }
    : record;
}
