import type { AdriftEvent, EventOf } from "../events/envelope.js";
import { applyAdrEvent } from "./adrs.js";
import { applyBacklogEvent } from "./backlog.js";
import { applyQuestionEvent } from "./questions.js";
import { applyRecordEvent } from "./records.js";
import { emptyState, type ProjectState } from "./state.js";

/**
 * What a fold leaves out: `setAside`, the ids of stale marks that do not apply here (uncommitted,
 * naming only commits HEAD does not reach: see app/marks-set-aside.ts). They stay in the log.
 */
export type FoldOptions = { setAside?: ReadonlySet<string> };

/** Folds events (already ordered and de-duplicated) into the project state. Pure. */
export function foldEvents(
  events: Iterable<AdriftEvent>,
  state: ProjectState = emptyState(),
  options: FoldOptions = {},
): ProjectState {
  const { setAside } = options;
  for (const event of events) {
    if (setAside?.size && event.type === "decision_marked_stale" && setAside.has(event.id)) {
      state.event_count++;
      continue;
    }
    applyEvent(state, event);
  }
  return state;
}

/** Applies one event to the state in place. */
export function applyEvent(state: ProjectState, event: AdriftEvent): void {
  state.event_count++;
  switch (event.type) {
    case "session_started":
      state.artifacts.set(event.id, event.type);
      state.sessions.set(event.id, {
        id: event.id,
        title: event.data.title,
        author: event.data.author,
        branch: event.data.branch,
        actor: event.actor,
        at: event.at,
      });
      return;
    case "workline_opened":
      state.artifacts.set(event.id, event.type);
      state.worklines.set(event.id, {
        id: event.id,
        title: event.data.title,
        tag: event.data.tag,
        status: "open",
        session_id: event.session_id,
        at: event.at,
        changed_by: event.id,
      });
      return;
    case "workline_parked":
    case "workline_activated":
    case "workline_closed":
      applyWorklineStatus(state, event);
      return;
    default:
      if (
        applyBacklogEvent(state, event) ||
        applyQuestionEvent(state, event) ||
        applyAdrEvent(state, event)
      )
        return;
      applyRecordEvent(state, event);
  }
}

function applyWorklineStatus(
  state: ProjectState,
  event: EventOf<"workline_parked" | "workline_activated" | "workline_closed">,
): void {
  const workline = state.worklines.get(event.data.workline_id);
  if (!workline) {
    state.dangling.push({
      event_id: event.id,
      ref: event.data.workline_id,
      field: "data.workline_id",
    });
    return;
  }
  workline.status =
    event.type === "workline_parked"
      ? "parked"
      : event.type === "workline_closed"
        ? "closed"
        : "open";
  workline.changed_by = event.id;
}
