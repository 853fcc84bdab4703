import * as z from "zod";
import type { RecordSummary } from "../../app/log/queries.js";
import type { RecordResult } from "../../app/recording/records.js";
import { truncate } from "../../core/errors.js";
import { CardChanges, IntentCardAmended } from "../../core/events/payloads.js";
import { uncommittedNote } from "../../core/render/text.js";
import type { IncompletenessReason } from "../../core/rules/completeness.js";
import { defineTool, type ToolOutcome } from "../tool.js";
import { cardInputOf, DecisionArgs, IntentCardArgs } from "./card-args.js";

function incompleteText(incomplete: IncompletenessReason[]): string {
  return incomplete.length === 0
    ? "complete"
    : `incomplete: ${incomplete.map((r) => r.message).join("; ")}`;
}

function recorded(what: string, result: RecordResult): ToolOutcome {
  const scope =
    result.notes.matched_files !== undefined
      ? `; scope matches ${result.notes.matched_files} file(s)`
      : "";
  const warnings = result.notes.warnings.map((w) => `; warning: ${w}`).join("");
  const uncommitted = result.notes.uncommitted
    ? `; ${uncommittedNote(result.notes.uncommitted)}`
    : "";
  const suggested = result.notes.suggested_anchors
    ? `; the change touched ${result.notes.suggested_anchors.join(", ")}: if the record is about those, record it again with basis.touched_paths naming them (file#Symbol) or basis.anchor "auto", so edits elsewhere in the file do not make it stale`
    : "";
  return {
    data: {
      id: result.id,
      incomplete: result.incomplete,
      notes: result.notes,
      event: result.event,
    },
    text: `recorded ${what} ${result.id} (${incompleteText(result.incomplete)}${scope}${uncommitted}${warnings}${suggested}); proposed until the user confirms it: show it to them and ask for yes or one field to change — with adrift's agent hooks their reply in the chat is the confirmation, else they run \`adrift intent confirm ${result.id.slice(0, 10)}\`; you cannot confirm it yourself`,
  };
}

/** One compact line of a record, for the model: id, kind, status, consent, outcome, gaps. */
function recordRow(r: RecordSummary): string {
  return [
    r.id,
    r.kind,
    r.status,
    r.consent === "proposed" ? "proposed" : "",
    JSON.stringify(truncate(r.card.outcome || "(no outcome)", 100)),
    r.card.chosen_approach ? `chosen: ${JSON.stringify(truncate(r.card.chosen_approach, 60))}` : "",
    r.incomplete.length > 0 ? `incomplete: ${r.incomplete.map((i) => i.rule).join(", ")}` : "",
  ]
    .filter(Boolean)
    .join("  ");
}

/** record_intent_card → recordIntent. */
export const recordIntentCard = defineTool({
  name: "record_intent_card",
  title: "Record an intent card",
  description:
    "Before a non-trivial change, record why. card: outcome (what must become true), trigger (why now), chosen_approach, selection_rationale, constraints, validation_plan; considered [{approach, rejected_because}] or trivial: true; basis.touched_paths: files, dirs/, globs, !exclusions or path#Symbol.",
  input: IntentCardArgs,
  writes: true,
  run: async (repo, args) => recorded("intent card", await repo.recordIntent(cardInputOf(args))),
});

/** amend_intent_card → amendRecord. */
export const amendIntentCard = defineTool({
  name: "amend_intent_card",
  title: "Amend a record",
  description:
    "Change fields of a card or decision (target_id: id or prefix); changes holds only what changes; reason says why. The history is kept.",
  input: IntentCardAmended.extend({ changes: CardChanges.strict() }).strict(),
  writes: true,
  run: async (repo, args) => {
    const result = await repo.amendRecord(args.target_id, { ...args.changes, reason: args.reason });
    return {
      data: {
        id: result.id,
        target_id: result.target_id,
        incomplete: result.incomplete,
        waits_for_consent: result.waits_for_consent,
      },
      text: `amended ${result.target_id} (event ${result.id}; ${incompleteText(result.incomplete)})${result.waits_for_consent ? `; proposed again until the user confirms it: show them the change and ask for yes — they run \`adrift intent confirm ${result.target_id.slice(0, 10)}\` or reply in the chat; you cannot confirm it yourself` : ""}`,
    };
  },
});

/** record_decision → recordDecision. */
export const recordDecisionTool = defineTool({
  name: "record_decision",
  title: "Record a decision",
  description:
    'Record a decision the code now depends on (fields as record_intent_card). Later commits that change basis.touched_paths (at basis.revision, default HEAD) make it stale; anchor "auto" narrows files to the symbols changed.',
  input: DecisionArgs,
  writes: true,
  run: async (repo, args) => recorded("decision", await repo.recordDecision(cardInputOf(args))),
});

const ListArgs = z
  .object({
    type: z.enum(["intent", "decision"]).optional(),
    status: z.enum(["active", "stale", "superseded", "incomplete", "proposed"]).optional(),
    workline: z.string().max(200).optional(),
    tag: z.string().max(2_000).optional(),
    limit: z.number().int().min(1).max(500).default(50),
  })
  .strict();

/** list_records → list. */
export const listRecordsTool = defineTool({
  name: "list_records",
  title: "List records",
  description:
    "Cards and decisions, oldest first, by type, status (active, stale, superseded, incomplete, proposed: awaiting the user), workline or tag.",
  input: ListArgs,
  writes: false,
  run: async (repo, { limit, ...filter }) => {
    const rows = await repo.list(filter);
    const shown = rows.slice(-limit);
    const records = shown.map((r) => ({
      id: r.id,
      kind: r.kind,
      status: r.status,
      consent: r.consent,
      outcome: r.card.outcome,
      chosen_approach: r.card.chosen_approach,
      tags: r.tags,
      touched_paths: r.basis?.touched_paths ?? [],
      workline_id: r.workline_id,
      incomplete: r.incomplete.map((reason) => reason.rule),
      at: r.at,
    }));
    return {
      data: { records, total: rows.length },
      text: [
        `${rows.length} record(s)${rows.length > limit ? `, the last ${limit} shown` : ""}`,
        ...shown.map(recordRow),
      ].join("\n"),
    };
  },
});

/** The record tools, in the order clients list them. */
export const RECORD_TOOLS = [
  recordIntentCard,
  amendIntentCard,
  recordDecisionTool,
  listRecordsTool,
];
