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
import type { AdriftEvent } from "../../core/events/envelope.js";
import type { ProjectState, RecordView } from "../../core/project/state.js";
import { SITE_FORMAT } from "../../core/render/site/site-pages.js";
import {
  CORRESPONDENCE_VERSION,
  type CorrespondenceOverview,
} from "../../core/reports/correspondence.js";
import type { AdrInput } from "../../core/reports/inputs.js";
import type { SiteInput } from "../../core/site/site-model.js";
import { freshFinding } from "../../core/staleness/fresh-finding.js";
import { type ComputedState, STATE_RANK, type StaleFinding } from "../../core/staleness/types.js";
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
  /** the correspondence overview the build drew its lists from (the next build may patch it) */
  overview?: CorrespondenceOverview;
  /** the staleness notices at HEAD (part of `shared`) */
  notices?: string[];
  /** the records the build showed (the fold's count) */
  records?: number;
  /** the records with a finding, by computed state: what the lists showed of staleness */
  states?: Record<string, string[]>;
};

/** True when `value` is a build's basis (as its manifest keeps it). */
export function isBasis(value: unknown): value is SiteBasis {
  const b = value as Partial<SiteBasis> | undefined;
  return (
    typeof b?.log === "string" &&
    typeof b.events === "number" &&
    typeof b.shared === "string" &&
    Array.isArray(b.diffs)
  );
}

function isOverview(value: unknown): value is CorrespondenceOverview {
  const o = value as Partial<CorrespondenceOverview> | undefined;
  return (
    o?.format === "adrift.correspondence" &&
    o.version === CORRESPONDENCE_VERSION &&
    Array.isArray(o.areas) &&
    Array.isArray(o.adrs) &&
    Array.isArray(o.propagation) &&
    Array.isArray(o.uncovered) &&
    Array.isArray(o.notices) &&
    typeof o.summary === "object"
  );
}

/** What a build is made from besides the log (see `siteBasis`). */
export type SiteSources = {
  name: string;
  liveReload?: string;
  head: string;
  /** the ADRs as read, with each file's date and Markdown (`source`) by path */
  adrs: readonly AdrInput[];
  texts: ReadonlyMap<string, { source?: string; date?: string }>;
  /** HEAD's counted files */
  files: readonly string[];
  notices: readonly string[];
};

/** The basis of a build from `sources` and the log as `log` names it, folded to `events` events. */
export function siteBasis(
  ctx: AppContext,
  sources: SiteSources,
  log: string,
  events: number,
  diffRecords: ReadonlySet<string>,
): SiteBasis {
  const shared = createHash("sha256")
    .update(
      JSON.stringify([
        SITE_FORMAT,
        sources.name,
        sources.liveReload ?? "",
        sources.head,
        ctx.config,
        sources.notices,
        // What an ADR's file says (its page, the graph and every holder's record page show it);
        // its drift follows from the records' staleness, which the log and HEAD decide.
        sources.adrs.map((a) => {
          const text = sources.texts.get(a.path);
          return [
            a.id,
            a.path,
            a.number ?? null,
            a.title,
            a.status,
            text?.date ?? null,
            a.record_ids,
            a.relations,
            createHash("sha256")
              .update(text?.source ?? "\0")
              .digest("base64url"),
          ];
        }),
      ]),
    )
    .update("\0")
    .update(sources.files.join("\0"))
    .digest("base64url");
  return { log, events, shared, diffs: [...diffRecords].sort() };
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
 * The records `events` recorded, when recording new records is all they did and each is one the
 * relation graph does not draw — in no supersession, not stale (marked or computed: it starts no
 * drift), held by no ADR (`held`) — else undefined: then the graph, the ADRs' pages and the
 * correspondence overview are as they were but for what those records govern.
 */
function newUndrawnRecords(
  events: readonly AdriftEvent[],
  state: ProjectState,
  states: ReadonlyMap<string, string>,
  held: ReadonlySet<string>,
): RecordView[] | undefined {
  const added: RecordView[] = [];
  for (const event of events) {
    const record = RECORDING.has(event.type) ? state.records.get(event.id) : undefined;
    if (
      !record ||
      record.supersedes.length > 0 ||
      record.superseded_by !== undefined ||
      record.status === "stale" ||
      states.get(record.id) === "stale" ||
      held.has(record.id)
    )
      return undefined;
    added.push(record);
  }
  return added;
}

/** The events appended since the build `before` describes, when it can tell (see `recordsAsBefore`). */
async function appendedSince(
  ctx: AppContext,
  before: unknown,
  now: SiteBasis,
): Promise<{ before: SiteBasis; events: AdriftEvent[] } | undefined> {
  if (!isBasis(before) || before.shared !== now.shared) return undefined;
  const { eventsAppended } = await import("../log/state-after-growth.js");
  const growth = await eventsAppended(ctx, before.log, now.log);
  if (!growth || now.events !== before.events + growth.events.length) return undefined;
  return { before, events: growth.events };
}

/**
 * The correspondence overview of the build `before` describes, and the records appended since,
 * when those are all that changed and none is drawn in the graph (`newUndrawnRecords`): the
 * overview then changes only in the areas the new decisions govern (`overviewWithNewRecords`).
 */
export async function overviewAsBefore(
  ctx: AppContext,
  before: unknown,
  now: SiteBasis,
  state: ProjectState,
  states: ReadonlyMap<string, string>,
  adrs: readonly AdrInput[],
): Promise<{ overview: CorrespondenceOverview; added: RecordView[] } | undefined> {
  const since = await appendedSince(ctx, before, now);
  if (!since || !isOverview(since.before.overview)) return undefined;
  const held = new Set(adrs.flatMap((a) => a.record_ids));
  const added = newUndrawnRecords(since.events, state, states, held);
  return added ? { overview: since.before.overview, added } : undefined;
}

/**
 * The pages that show what they showed in the build `before` describes (none when it cannot be
 * told: another HEAD, ADRs, configuration, a log that did not only grow by appends): the records
 * no appended event names; the graph and the ADRs' pages when every appended event records a new
 * record that the graph would not draw (`newUndrawnRecords`).
 */
export async function recordsAsBefore(
  ctx: AppContext,
  input: SiteInput,
  before: unknown,
  now: SiteBasis,
): Promise<PagesAsBefore> {
  const same: PagesAsBefore = { records: new Set(), graph: false };
  const since = await appendedSince(ctx, before, now);
  if (!since) return same;
  const named = new Set<string>();
  for (const event of since.events) {
    named.add(event.id);
    namesOf(event.data, named);
  }
  const held = new Set(input.adrs.flatMap((a) => a.record_ids));
  same.graph = newUndrawnRecords(since.events, input.state, input.states, held) !== undefined;
  const hadDiffs = new Set(since.before.diffs);
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
  return same;
}

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

/** True when a basis keeps what staleness showed (a manifest written before it did does not). */
export function keepsStaleness(
  basis: SiteBasis,
): basis is SiteBasis & Required<Pick<SiteBasis, "states" | "notices" | "records">> {
  const { states, notices, records } = basis;
  return (
    typeof records === "number" &&
    isStrings(notices) &&
    typeof states === "object" &&
    states !== null &&
    Object.entries(states).every(
      ([state, ids]) => Object.hasOwn(STATE_RANK, state) && isStrings(ids),
    )
  );
}

/** The records' computed states by state, as a manifest keeps them (`SiteBasis.states`). */
export function statesByState(
  states: ReadonlyMap<string, ComputedState>,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [id, state] of states) {
    const ids = out[state] ?? [];
    ids.push(id);
    out[state] = ids;
  }
  return out;
}

/** Staleness at HEAD as a rebuild takes it from the last build (see `stalenessAsBefore`). */
export type StalenessAsBefore = {
  /** every record's computed state */
  states: Map<string, ComputedState>;
  /** the findings of the new records (the only ones it knows whole) */
  findings: Map<string, StaleFinding>;
  notices: string[];
  /** the new records, in the order of the events that recorded them */
  added: RecordView[];
};

/**
 * Staleness at HEAD without computing it, when the build `before` describes was made at the same
 * HEAD, ADRs and configuration (`now` was taken with its notices and diffs) and the log only grew
 * since by events that record new records based on HEAD itself — no anchors, no uncommitted
 * work, no mark, in no supersession, held by no ADR (`newUndrawnRecords`). Staleness judges a
 * record by itself and HEAD: every other record computes to what it did in that build, and each
 * new one to a fresh finding (nothing comes after its basis), or none when it has no scope. Only
 * when that build had no staleness notice: every finding came from history below HEAD, which
 * nothing can change (a notice means some history was missing, and a fetch could bring it).
 * Undefined otherwise: then staleness is computed.
 */
export async function stalenessAsBefore(
  ctx: AppContext,
  before: unknown,
  now: SiteBasis,
  head: string,
  state: ProjectState,
  adrs: readonly AdrInput[],
): Promise<StalenessAsBefore | undefined> {
  // With notices, some record was compared by fingerprints (its history missing here): fetching
  // history would judge it again at the same HEAD. Without, every finding came from history.
  if (!isBasis(before) || !keepsStaleness(before) || before.notices.length > 0) return undefined;
  const since = await appendedSince(ctx, before, now);
  if (!since || state.records.size !== before.records + since.events.length) return undefined;
  const held = new Set(adrs.flatMap((a) => a.record_ids));
  const added = newUndrawnRecords(since.events, state, new Map(), held);
  if (!added) return undefined;
  const states = new Map<string, ComputedState>();
  for (const [computed, ids] of Object.entries(before.states))
    for (const id of ids) states.set(id, computed as ComputedState);
  const findings = new Map<string, StaleFinding>();
  for (const record of added) {
    const basis = record.basis;
    if (!basis) continue;
    if (
      basis.revision !== head ||
      basis.anchors?.length ||
      basis.uncommitted?.length ||
      record.status !== "active" ||
      states.has(record.id)
    )
      return undefined;
    if (basis.touched_paths.length === 0) continue;
    findings.set(record.id, freshFinding({ ...record, recorded: false }));
    states.set(record.id, "fresh");
  }
  return { states, findings, notices: before.notices, added };
}
