import type { AssessedRecord } from "./record-contents.js";
import type { StaleFinding } from "./types.js";

/**
 * The finding of a record nothing changed since its basis, as history judges it: a record based
 * on HEAD itself has nothing after its basis, so this is its finding without reading history.
 */
export function freshFinding(
  record: Pick<AssessedRecord, "id" | "kind" | "recorded">,
): StaleFinding {
  return {
    record_id: record.id,
    kind: record.kind,
    state: "fresh",
    recorded: record.recorded,
    commits: [],
    paths: [],
    method: "history",
  };
}
