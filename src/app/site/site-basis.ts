// What a site build was made from, kept in its manifest, and what the next build learns from it:
// the records whose pages show exactly what they showed then, so their keys need not be computed.
//
// A record's page shows its own record (the events that name it), its staleness finding, the
// titles of the records it supersedes or is superseded by, the question it answers, the ADRs
// that hold it, how many files of HEAD each of its scope entries matches, and whether it shows
// diffs. When the log only grew by appended events since the last build and everything shared
// (HEAD, the tree's files, the ADRs, the configuration, the staleness notices, the layout) is as
// it was, a page can differ only for a record an appended event names, or one whose neighbour or
// question an appended event names, or one that gained or lost its diffs: the fold changes a
// record only through an event naming it, and staleness judges a record by itself and HEAD (the
// engine's own carry-forward rests on that). Any other change computes every key again.
import { createHash } from "node:crypto";
import type { RecordView } from "../../core/project/state.js";
import { SITE_FORMAT } from "../../core/render/site/site-pages.js";
import type { SiteInput } from "../../core/site/site-model.js";
import type { AppContext } from "../dependencies.js";

/** What a build was made from, as its manifest keeps it. */
export type SiteBasis = {
  /** the log's key: each file's size and digest, the marks set aside */
  log: string;
  /** the events the fold holds (an appended line that folds to no new event is a change too) */
  events: number;
  /** digest of what every record's page rests on besides its own record and finding */
  shared: string;
  /** the records whose pages show diffs */
  diffs: string[];
};

function isBasis(value: unknown): value is SiteBasis {
  const b = value as Partial<SiteBasis> | undefined;
  return (
    typeof b?.log === "string" &&
    typeof b.events === "number" &&
    typeof b.shared === "string" &&
    Array.isArray(b.diffs)
  );
}

/** The basis of a build of `input` from the log as `log` names it; `files`: HEAD's counted files. */
export function siteBasis(
  ctx: AppContext,
  input: SiteInput,
  log: string,
  files: readonly string[],
  notices: readonly string[],
): SiteBasis {
  const shared = createHash("sha256")
    .update(
      JSON.stringify([
        SITE_FORMAT,
        input.name,
        input.liveReload ?? "",
        input.report.head,
        ctx.config,
        notices,
        // What an ADR's file says (its page, the graph and every holder's record page show it);
        // its drift follows from the records' staleness, which the log and HEAD decide.
        input.adrs.map((a) => [
          a.id,
          a.path,
          a.number,
          a.title,
          a.status,
          a.date ?? null,
          a.record_ids,
          a.relations,
          createHash("sha256")
            .update(a.source ?? "")
            .digest("base64url"),
        ]),
      ]),
    )
    .update("\0")
    .update(files.join("\0"))
    .digest("base64url");
  return { log, events: input.state.event_count, shared, diffs: [...input.diffRecords].sort() };
}

/** Every id-like string an event holds: its own id and each string of its data, however deep. */
function namesOf(value: unknown, into: Set<string>): void {
  if (typeof value === "string") into.add(value);
  else if (Array.isArray(value)) for (const item of value) namesOf(item, into);
  else if (value && typeof value === "object")
    for (const item of Object.values(value)) namesOf(item, into);
}

/**
 * What a rebuild knows shows what it showed in the last build: these records' pages; the graph
 * and the ADRs' pages (`graph`).
 */
export type PagesAsBefore = { records: Set<string>; graph: boolean };

/** The events that record a new record (and change no other). */
const RECORDING = new Set(["decision_recorded", "intent_card_recorded"]);

/**
 * Whether a record is drawn in the relation graph, or could be: in a supersession, stale (marked
 * or computed), or held by an ADR (`siteGraph` draws ADRs and these records only).
 */
function inGraph(input: SiteInput, record: RecordView, held: ReadonlySet<string>): boolean {
  return (
    record.supersedes.length > 0 ||
    record.superseded_by !== undefined ||
    (record.status !== "superseded" &&
      (record.status === "stale" || input.findings.get(record.id)?.state === "stale")) ||
    held.has(record.id)
  );
}

/**
 * The pages that show what they showed in the build `before` describes (none when it cannot be
 * told: another HEAD, ADRs, configuration, a log that did not only grow by appends): the records
 * no appended event names; the graph and the ADRs' pages when every appended event records a new
 * record (nothing else changed) that the graph would not draw: in no supersession, not stale (it
 * starts no drift), held by no ADR.
 */
export async function recordsAsBefore(
  ctx: AppContext,
  input: SiteInput,
  before: unknown,
  now: SiteBasis,
): Promise<PagesAsBefore> {
  const same: PagesAsBefore = { records: new Set(), graph: false };
  if (!isBasis(before) || before.shared !== now.shared) return same;
  const { eventsAppended } = await import("../log/state-after-growth.js");
  const growth = await eventsAppended(ctx, before.log, now.log);
  if (!growth || now.events !== before.events + growth.events.length) return same;
  const named = new Set<string>();
  for (const event of growth.events) {
    named.add(event.id);
    namesOf(event.data, named);
  }
  const held = new Set(input.adrs.flatMap((a) => a.record_ids));
  const graph = growth.events.every((event) => {
    const record = RECORDING.has(event.type) ? input.state.records.get(event.id) : undefined;
    return record !== undefined && !inGraph(input, record, held);
  });
  const hadDiffs = new Set(before.diffs);
  for (const record of input.state.records.values()) {
    if (
      named.has(record.id) ||
      (record.question_id !== undefined && named.has(record.question_id)) ||
      (record.superseded_by !== undefined && named.has(record.superseded_by)) ||
      record.supersedes.some((id) => named.has(id)) ||
      hadDiffs.has(record.id) !== input.diffRecords.has(record.id)
    )
      continue;
    same.records.add(record.id);
  }
  same.graph = graph;
  return same;
}
