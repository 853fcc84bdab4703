import type { RecordView } from "../project/state.js";
import type { Governor } from "../staleness/scope-index.js";
import { type AdrInput, isAcceptedAdr } from "./inputs.js";

/** What governance reads of a record (a `RecordView` or a report index's record). */
export type GoverningRecord = Pick<RecordView, "id" | "kind" | "status"> & {
  basis?: { touched_paths: readonly string[] };
};

/**
 * Decisions with a scope that are not superseded, whatever their state (a stale decision still
 * governs its code: it is what the team decided there, to be checked again): what covers code
 * among the records, in every report.
 */
export function decisionGovernors(records: Iterable<GoverningRecord>): Governor[] {
  const out: Governor[] = [];
  for (const record of records) {
    if (record.kind !== "decision" || record.status === "superseded") continue;
    const entries = record.basis?.touched_paths ?? [];
    if (entries.length > 0) out.push({ id: record.id, kind: "decision", entries });
  }
  return out;
}

/** Accepted ADRs, each governing the union of its records' scopes. */
export function adrGovernors(
  adrs: readonly AdrInput[],
  records: Pick<ReadonlyMap<string, GoverningRecord>, "get">,
): Governor[] {
  const out: Governor[] = [];
  for (const adr of adrs) {
    if (!isAcceptedAdr(adr)) continue;
    const entries = new Set<string>();
    for (const id of adr.record_ids)
      for (const entry of records.get(id)?.basis?.touched_paths ?? []) entries.add(entry);
    if (entries.size > 0) out.push({ id: adr.id, kind: "adr", entries: [...entries].sort() });
  }
  return out;
}
