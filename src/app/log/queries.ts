import { AdriftError } from "../../core/errors.js";
import { resolveRef } from "../../core/project/lookup.js";
import { waitsForPerson } from "../../core/project/records.js";
import type { ProjectState, RecordView } from "../../core/project/state.js";
import { cardIncompleteness } from "../../core/rules/completeness.js";
import type { AppContext } from "../dependencies.js";
import { staleRecordIds, statusWithStaleness } from "../staleness/stale-records.js";
import { loadProject } from "./load.js";

/** A record as listings show it: the view plus its completeness. */
export type RecordSummary = RecordView & { incomplete: ReturnType<typeof cardIncompleteness> };

function summarize(record: RecordView): RecordSummary {
  return { ...record, incomplete: cardIncompleteness(record) };
}

/** One artifact by id, prefix or key, with where its creating event stands in the log. */
export async function showArtifact(ctx: AppContext, ref: string) {
  const { state, log } = await loadProject(ctx);
  const id = resolveRef(state, ref);
  const type = state.artifacts.get(id)!;
  const at = log.positions.get(id);
  const record = state.records.get(id);
  if (record) return { id, type, at, record: summarize(record) };
  const session = state.sessions.get(id);
  if (session) return { id, type, at, session };
  const workline = state.worklines.get(id);
  if (workline) return { id, type, at, workline };
  const backlog = backlogView(state, id);
  if (backlog) return { id, type, at, ...backlog };
  const event = log.events.find((e) => e.id === id);
  if (!event)
    throw new AdriftError("not_found", `no event created ${id}; find ids with \`adrift list\``);
  return { id, type, at, event };
}

function backlogView(state: ProjectState, id: string) {
  const rule = state.rules.get(id);
  if (rule) return { rule };
  const epic = state.epics.get(id);
  if (epic) return { epic };
  const story = state.stories.get(id);
  if (story) return { story };
  const task = state.tasks.get(id);
  if (task) return { task };
  const question = state.questions.get(id);
  return question ? { question } : undefined;
}

export type ListFilter = {
  type?: "intent" | "decision";
  /** a lifecycle status; `incomplete` and `proposed` (waiting for a person) are computed */
  status?: "active" | "stale" | "superseded" | "incomplete" | "proposed";
  workline?: string;
  tag?: string;
};

/** Records (intent cards and decisions) matching the filter, oldest first. */
export async function listRecords(ctx: AppContext, filter: ListFilter = {}) {
  return [...(await listRecordRows(ctx, filter))];
}

/**
 * `listRecords` made as it is read: each row is built when asked for and can be dropped once
 * written, so a listing of a million records never holds its rows beside the folded state.
 * The filter's workline is resolved now (an unknown one fails before anything is written).
 */
export async function listRecordRows(
  ctx: AppContext,
  filter: ListFilter = {},
): Promise<Iterable<RecordSummary>> {
  const { state } = await loadProject(ctx);
  const workline = filter.workline
    ? resolveRef(state, filter.workline, { accept: ["workline_opened"], what: "workline" })
    : undefined;
  // Asked for stale (or active) records, the records computed stale and not yet marked are
  // stale too, as `adrift stale` says.
  const stale =
    filter.status === "stale" || filter.status === "active"
      ? await staleRecordIds(ctx, state)
      : undefined;
  return matchingRows(state, filter, workline, stale);
}

function* matchingRows(
  state: ProjectState,
  filter: ListFilter,
  workline: string | undefined,
  stale: ReadonlySet<string> | undefined,
): Generator<RecordSummary> {
  for (const view of state.records.values()) {
    if (filter.type && view.kind !== filter.type) continue;
    if (workline && view.workline_id !== workline) continue;
    if (filter.tag && !view.tags.includes(filter.tag)) continue;
    const record = stale ? statusWithStaleness(view, stale) : view;
    const summary = summarize(record);
    if (
      filter.status === "incomplete"
        ? summary.incomplete.length === 0
        : filter.status === "proposed"
          ? !waitsForPerson(record)
          : filter.status && record.status !== filter.status
    )
      continue;
    yield summary;
  }
}
