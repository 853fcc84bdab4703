import { readLocalState } from "../../adapters/local-state.js";
import { AdriftError } from "../../core/errors.js";
import type { Affects, CardFields, Considered, TierB } from "../../core/events/common.js";
import type { AdriftEvent, EventOf } from "../../core/events/envelope.js";
import {
  AmendInputFields,
  CardInputFields,
  DecisionInputFields,
} from "../../core/events/inputs.js";
import { assertKnownFields, NOTHING_WRITTEN } from "../../core/inputs/argument-errors.js";
import { resolveRef } from "../../core/project/lookup.js";
import type { ProjectState, RecordView } from "../../core/project/state.js";
import { assertMayChange, assertMayRecordUserDecision } from "../../core/rules/amendment.js";
import {
  assertConsideredOptions,
  cardIncompleteness,
  type IncompletenessReason,
} from "../../core/rules/completeness.js";
import { isExclusion, scopeKind, unescapeEntry } from "../../core/rules/scope.js";
import { resolveAffects } from "../backlog/affects.js";
import type { AppContext } from "../dependencies.js";
import { loadProject } from "../log/load.js";
import { decidingActor } from "./actor.js";
import { resolveAnchors, withAnchorEntries } from "./anchors.js";
import { type BasisNotes, buildBasis, literalScopes, normalizeScopes } from "./basis.js";
import { checkedWrite } from "./domain-lock.js";
import { writeEvents } from "./writer.js";

/** What a person or agent gives to record an intent card. */
export type CardInput = Partial<CardFields> & {
  considered?: Considered[];
  trivial?: boolean;
  tags?: string[];
  touched_paths?: string[];
  revision?: string;
  /** `auto`: file entries of the scope become anchors to the symbols the change touched there */
  anchor?: "auto";
  tier_b?: TierB;
  /** the workline it belongs to (id, prefix), instead of the clone's active one */
  workline?: string;
};

/** What a decision adds to a card. */
export type DecisionInput = CardInput & {
  findings?: string[];
  question_id?: string;
  affects?: Affects;
};

/** The answer of a recording use case. */
export type RecordResult = {
  id: string;
  event: AdriftEvent;
  incomplete: IncompletenessReason[];
  notes: BasisNotes;
  /** `proposed` when an agent recorded it: it waits for a person's consent (`intent confirm`) */
  consent: "proposed" | "confirmed";
};

/** An agent's record waits for a person's consent; a person's needs none. */
const consentOf = (event: AdriftEvent): RecordResult["consent"] =>
  event.actor.kind === "agent" ? "proposed" : "confirmed";

const RECORD_TYPES = ["intent_card_recorded", "decision_recorded"] as const;

function cardOf(input: CardInput): CardFields {
  return {
    outcome: input.outcome ?? "",
    trigger: input.trigger ?? "",
    chosen_approach: input.chosen_approach ?? "",
    selection_rationale: input.selection_rationale ?? "",
    constraints: input.constraints ?? "",
    validation_plan: input.validation_plan ?? "",
  };
}

/** The workline new records belong to: the clone's active one, while it is open. */
export function activeWorkline(ctx: AppContext, state: ProjectState): string | undefined {
  const id = readLocalState(ctx.git.location.gitDir).active_workline;
  return id && state.worklines.get(id)?.status === "open" ? id : undefined;
}

/** The workline a new record goes to: the one named, else the active one. */
function worklineOf(ctx: AppContext, state: ProjectState, ref: string | undefined) {
  return ref
    ? resolveRef(state, ref, { accept: ["workline_opened"], what: "workline" })
    : activeWorkline(ctx, state);
}

/** Records an intent card (basis only when paths are given). */
export async function recordIntent(ctx: AppContext, input: CardInput): Promise<RecordResult> {
  assertKnownFields("intent card", CardInputFields, input, NOTHING_WRITTEN);
  assertConsideredOptions(input.considered);
  const { state } = await loadProject(ctx);
  const based = input.touched_paths?.length
    ? await buildBasis(ctx, input.touched_paths, input.revision, anchorMode(input))
    : undefined;
  const data = {
    card: cardOf(input),
    considered: input.considered ?? [],
    trivial: input.trivial ?? false,
    tags: input.tags ?? [],
    ...(based ? { basis: based.basis } : {}),
    ...(input.tier_b ? { tier_b: input.tier_b } : {}),
  };
  const written = await writeEvents(ctx, [
    { type: "intent_card_recorded", data, workline_id: worklineOf(ctx, state, input.workline) },
  ]);
  const event = written.at(-1)!;
  return {
    id: event.id,
    event,
    incomplete: cardIncompleteness(data),
    notes: based?.notes ?? { warnings: [] },
    consent: consentOf(event),
  };
}

/** Records a decision; its basis (revision, default HEAD, and paths) is required. */
export async function recordDecision(ctx: AppContext, input: DecisionInput): Promise<RecordResult> {
  assertKnownFields("decision", DecisionInputFields, input, NOTHING_WRITTEN);
  assertConsideredOptions(input.considered);
  if (input.question_id !== undefined || input.affects !== undefined)
    assertMayRecordUserDecision(await decidingActor(ctx));
  const { state } = await loadProject(ctx);
  const { basis, notes } = await buildBasis(
    ctx,
    input.touched_paths ?? [],
    input.revision,
    anchorMode(input),
  );
  const data = {
    card: cardOf(input),
    considered: input.considered ?? [],
    trivial: input.trivial ?? false,
    tags: input.tags ?? [],
    findings: input.findings ?? [],
    basis,
    ...(input.question_id ? { question_id: input.question_id } : {}),
    ...(input.affects ? { affects: resolveAffects(state, input.affects) } : {}),
    ...(input.tier_b ? { tier_b: input.tier_b } : {}),
  };
  const written = await writeEvents(ctx, [
    { type: "decision_recorded", data, workline_id: worklineOf(ctx, state, input.workline) },
  ]);
  const event = written.at(-1)!;
  return {
    id: event.id,
    event,
    incomplete: cardIncompleteness(data),
    notes,
    consent: consentOf(event),
  };
}

/** Resolves a reference to a record (intent card or decision). */
export function findRecord(state: ProjectState, ref: string): RecordView {
  const id = resolveRef(state, ref, { accept: RECORD_TYPES, what: "record" });
  return state.records.get(id)!;
}

/** Changes to a card; lists replace unless `add_considered` extends. */
export type AmendInput = Partial<CardFields> & {
  considered?: Considered[];
  add_considered?: Considered[];
  tags?: string[];
  trivial?: boolean;
  touched_paths?: string[];
  reason?: string;
};

/** Amends a record with a compensating event; the history is kept. */
async function amendRecordUnlocked(ctx: AppContext, ref: string, input: AmendInput) {
  assertKnownFields("amendment", AmendInputFields, input, NOTHING_WRITTEN);
  assertConsideredOptions(input.considered);
  assertConsideredOptions(input.add_considered, "add_considered");
  const { state } = await loadProject(ctx);
  const record = findRecord(state, ref);
  assertMayChange(record, await decidingActor(ctx), "amend");
  const { add_considered, reason, considered, touched_paths, ...rest } = input;
  const changes: EventOf<"intent_card_amended">["data"]["changes"] = {};
  for (const [key, value] of Object.entries(rest))
    if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
  if (considered || add_considered)
    changes.considered = [...(considered ?? record.considered), ...(add_considered ?? [])];
  if (touched_paths) {
    if (!record.basis)
      throw new AdriftError(
        "validation_failed",
        "--path expects a card that has a basis (code it is based on), got a card without one; record a new card or decision with --path",
      );
    changes.touched_paths = normalizeScopes(touched_paths);
    if (record.basis.revision)
      changes.touched_paths = await literalScopes(
        ctx,
        changes.touched_paths,
        record.basis.revision,
      );
    const named = record.basis.revision
      ? (await resolveAnchors(ctx, record.basis.revision, changes.touched_paths)).anchors
      : [];
    if (named.length > 0)
      throw new AdriftError(
        "usage",
        `--path ${named.map((a) => `'${a.path}#${a.symbol}'`).join(", ")} names a symbol: an amendment changes the scope's files; narrow a record to symbols with adrift decision anchor ${record.id.slice(0, 10)} --path 'file#Symbol'`,
      );
  }
  if (Object.keys(changes).length === 0)
    throw new AdriftError(
      "usage",
      'expected at least one field to change, got none; e.g. adrift intent amend <id> --rationale "…" (see --help)',
    );
  const [event] = (
    await writeEvents(ctx, [
      {
        type: "intent_card_amended",
        data: { target_id: record.id, changes, ...(reason ? { reason } : {}) },
      },
    ])
  ).slice(-1);
  const after = {
    ...record,
    card: { ...record.card },
    considered: changes.considered ?? record.considered,
  };
  for (const [key, value] of Object.entries(rest))
    if (value !== undefined && key in after.card)
      (after.card as Record<string, unknown>)[key] = value;
  return {
    id: event!.id,
    target_id: record.id,
    event: event!,
    incomplete: cardIncompleteness({ ...after, trivial: changes.trivial ?? record.trivial }),
    /** an agent's change: the record waits for a person's consent again */
    waits_for_consent: event!.actor.kind === "agent",
  };
}

export function requireDecisionLike(state: ProjectState, ref: string): RecordView {
  const record = findRecord(state, ref);
  if (!record.basis)
    throw new AdriftError(
      "validation_failed",
      `expected a decision based on code, got record ${record.id}, which has no basis; record a decision with --path instead`,
      {
        id: record.id,
      },
    );
  return record;
}

/**
 * Re-bases a record after it was checked again: new revision (default HEAD). The scope is `paths`
 * when given; else the record's own, with each file entry that was renamed since its basis
 * replaced by the path the file has at HEAD (re-based on the old path, it would govern nothing).
 * From an agent it is a proposal (`decision_reverify_proposed`, a note required) that a person
 * confirms (`confirmRecord`); nothing about the record changes until then.
 */
async function reverifyDecisionUnlocked(
  ctx: AppContext,
  ref: string,
  options: { revision?: string; note?: string; paths?: readonly string[] } = {},
) {
  const { state } = await loadProject(ctx);
  const record = requireDecisionLike(state, ref);
  if (record.status === "superseded")
    throw new AdriftError(
      "conflict",
      `expected an active or stale decision, got ${record.id}, which is superseded by ${record.superseded_by}; reverify that one instead`,
    );
  // An agent never re-verifies alone: from its shell (or the MCP server) this is a proposal.
  const proposing = (await decidingActor(ctx)).kind === "agent";
  const note = options.note?.trim();
  if (proposing && !note)
    throw new AdriftError(
      "validation_failed",
      `an agent's re-verification is a proposal a person confirms, and it says what was checked: expected a note, got none; e.g. adrift decision reverify ${record.id.slice(0, 10)} --note "checked that …"`,
      { id: record.id, reason: "note_required" },
    );
  const { paths, followed } = options.paths?.length
    ? { paths: options.paths, followed: [] }
    : await followRenames(ctx, record, options.revision ?? "HEAD");
  const { basis, notes } = options.paths?.length
    ? await buildBasis(ctx, paths, options.revision)
    : await rebaseAnchored(ctx, record.basis?.anchors ?? [], paths, options.revision);
  const written = await writeEvents(ctx, [
    proposing
      ? {
          type: "decision_reverify_proposed",
          data: { decision_id: record.id, basis, note: note! },
        }
      : {
          type: "decision_reverified",
          data: { decision_id: record.id, basis, ...(note ? { note } : {}) },
        },
  ]);
  return {
    id: written.at(-1)!.id,
    decision_id: record.id,
    basis,
    notes,
    followed,
    was: record.status,
    /** true when this was an agent's proposal: the record stays as it was until a person confirms */
    proposed: proposing,
  };
}

/**
 * The record's scope with each file entry renamed since its basis replaced by its path at HEAD
 * (from the staleness report), when re-basing on HEAD; the renames followed, as `old → new`.
 */
async function followRenames(
  ctx: AppContext,
  record: RecordView,
  revision: string,
): Promise<{ paths: readonly string[]; followed: string[] }> {
  const scope = record.basis!.touched_paths;
  const head = await ctx.git.resolveRevision("HEAD");
  if (!head || (await ctx.git.resolveRevision(revision)) !== head)
    return { paths: scope, followed: [] };
  const { computeStaleness } = await import("../staleness/stale-report.js");
  const finding = (await computeStaleness(ctx)).findings.find((f) => f.record_id === record.id);
  const renamed = new Map<string, string>();
  for (const change of finding?.paths ?? [])
    if (change.change === "renamed" && change.new_path) renamed.set(change.path, change.new_path);
  // A file entry names its path with escapes (`app/\[id\]/page.tsx`); changes name it plainly.
  const fileOf = (entry: string) =>
    scopeKind(entry) === "path" && !isExclusion(entry) ? unescapeEntry(entry) : undefined;
  const toOf = (entry: string) => {
    const file = fileOf(entry);
    return file === undefined ? undefined : renamed.get(file);
  };
  const wanted = scope.flatMap((entry) => toOf(entry) ?? []);
  // Only to where the file is now: a later rename the finding did not list leaves it as it was.
  const present = await ctx.git.objectIds(head, wanted);
  const followed: string[] = [];
  const paths = scope.map((entry) => {
    const to = toOf(entry);
    if (to === undefined || !present.has(to)) return entry;
    followed.push(`${entry} → ${to}`);
    return to;
  });
  return { paths, followed };
}

/** Marks a decision superseded by another record. */
async function supersedeDecisionUnlocked(ctx: AppContext, ref: string, byRef: string) {
  const { state } = await loadProject(ctx);
  const record = findRecord(state, ref);
  const successor = findRecord(state, byRef);
  assertMayChange(record, await decidingActor(ctx), "supersede");
  if (record.id === successor.id)
    throw new AdriftError(
      "validation_failed",
      "expected --by to name another record, got the record itself; give the id of the record that replaces it",
    );
  if (record.status === "superseded")
    throw new AdriftError(
      "conflict",
      `record ${record.id} is already superseded by ${record.superseded_by}; supersede that one instead`,
    );
  const written = await writeEvents(ctx, [
    { type: "decision_superseded", data: { decision_id: record.id, superseded_by: successor.id } },
  ]);
  return { id: written.at(-1)!.id, decision_id: record.id, superseded_by: successor.id };
}

/** Marks a record stale by hand (reason `manual`). */
async function markStaleManuallyUnlocked(ctx: AppContext, ref: string, note?: string) {
  const { state } = await loadProject(ctx);
  const record = findRecord(state, ref);
  if (record.status === "superseded")
    throw new AdriftError(
      "conflict",
      `expected an active decision, got ${record.id}, which is superseded by ${record.superseded_by}; mark that one instead`,
    );
  const written = await writeEvents(ctx, [
    {
      type: "decision_marked_stale",
      data: {
        decision_id: record.id,
        reason: "manual",
        commits: [],
        paths: [],
        detected_at: ctx.clock.now().toISOString(),
        ...(note ? { note } : {}),
      },
    },
  ]);
  return { id: written.at(-1)!.id, decision_id: record.id, was: record.status };
}

/** `amendRecordUnlocked` as one critical section: the log read, checked and appended under the clone's lock. */
export const amendRecord = checkedWrite(amendRecordUnlocked);

/** `supersedeDecisionUnlocked` as one critical section: the log read, checked and appended under the clone's lock. */
export const supersedeDecision = checkedWrite(supersedeDecisionUnlocked);

/** `reverifyDecisionUnlocked` as one critical section: the log read, checked and appended under the clone's lock. */
export const reverifyDecision = checkedWrite(reverifyDecisionUnlocked);

/** `markStaleManuallyUnlocked` as one critical section: the log read, checked and appended under the clone's lock. */
export const markStaleManually = checkedWrite(markStaleManuallyUnlocked);
/**
 * The basis of a re-verified record that keeps its anchors: each file with anchors is given as
 * its anchors again (`path#symbol`), fingerprinted anew. An anchor that names no symbol any more
 * leaves its file whole, said in a warning (narrow it again with `decision anchor`).
 */
async function rebaseAnchored(
  ctx: AppContext,
  anchors: readonly { path: string; symbol: string }[],
  paths: readonly string[],
  revision: string | undefined,
) {
  const entries = withAnchorEntries(anchors, paths);
  if (entries.length === paths.length && entries.every((e, i) => e === paths[i]))
    return buildBasis(ctx, paths, revision);
  try {
    return await buildBasis(ctx, entries, revision);
  } catch (error) {
    if (!(error instanceof AdriftError) || error.code !== "validation_failed") throw error;
    const whole = await buildBasis(ctx, paths, revision);
    whole.notes.warnings.push(
      `${error.message}: its file is the scope whole now; narrow it again with adrift decision anchor`,
    );
    return whole;
  }
}

function anchorMode(input: CardInput): "auto" | "suggest" {
  return input.anchor === "auto" ? "auto" : "suggest";
}
