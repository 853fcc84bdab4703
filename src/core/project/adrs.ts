import type { Person } from "../events/common.js";
import type { AdriftEvent } from "../events/envelope.js";
import type { ProjectState } from "./state.js";

/** Applies `adr_*` events; ignores the rest. Returns whether the event was one of them. */
export function applyAdrEvent(state: ProjectState, event: AdriftEvent): boolean {
  switch (event.type) {
    case "adr_drafted":
      state.adr_drafts.set(event.data.draft_path, { ...event.data, event_id: event.id });
      return true;
    case "adr_accepted":
      state.adrs.set(event.data.adr_id, {
        id: event.data.adr_id,
        status: "accepted",
        number: event.data.number,
        path: event.data.path,
        record_ids: [...event.data.record_ids],
        accepted_by: event.data.accepted_by,
        event_id:
          state.adrs.get(event.data.adr_id)?.status === "accepted"
            ? state.adrs.get(event.data.adr_id)!.event_id
            : event.id,
        at: event.at,
      });
      return true;
    case "adr_rejected":
      state.adrs.set(event.data.adr_id, {
        id: event.data.adr_id,
        status: "rejected",
        path: event.data.draft_path,
        record_ids: [...(state.adr_drafts.get(event.data.draft_path)?.record_ids ?? [])],
        reason: event.data.reason,
        event_id: event.id,
        at: event.at,
      });
      return true;
    case "adr_imported":
      state.adrs.set(event.data.adr_id, {
        id: event.data.adr_id,
        status: "imported",
        number: event.data.number,
        path: event.data.path,
        title: event.data.title,
        imported_status: event.data.status,
        record_ids: [],
        event_id: event.id,
        at: event.at,
      });
      return true;
    default:
      return false;
  }
}
