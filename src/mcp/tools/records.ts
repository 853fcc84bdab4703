import * as z from "zod";
import type { RecordSummary } from "../../app/log/queries.js";
import type { RecordResult } from "../../app/recording/records.js";
import { truncate } from "../../core/errors.js";
import { CardChanges, IntentCardAmended } from "../../core/events/payloads.js";
import { uncommittedNote } from "../../core/render/text.js";
import type { IncompletenessReason } from "../../core/rules/completeness.js";
import { defineTool, type ToolOutcome } from "../tool.js";
import { cardInputOf, DecisionArgs, IntentCardArgs } from "./card-args.js";

const CARD_FIELDS =
  "card: outcome (what must become true), trigger (the pain, why now), chosen_approach (short label), selection_rationale (why this and not the considered ones), constraints, validation_plan; considered: [{approach, rejected_because}] (or trivial: true when nothing else was on the table)";

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
  description: `Record why a change is being made, before making it. ${CARD_FIELDS}; tags; basis.touched_paths: the files, directories/ or globs it is about ('!glob' excludes; a name like app/[id]/ is that folder when it exists), or the symbols (src/a.ts#parse, package.json#engines.node) when it is about those only; basis.anchor "auto" narrows file entries to the symbols the change touched. Returns the card id and what is still missing.`,
  input: IntentCardArgs,
  writes: true,
  run: async (repo, args) => recorded("intent card", await repo.recordIntent(cardInputOf(args))),
});

/** amend_intent_card → amendRecord. */
export const amendIntentCard = defineTool({
  name: "amend_intent_card",
  title: "Amend an intent card or decision",
  description:
    "Change fields of a recorded card or decision with a compensating event (the history is kept). target_id: its id, a unique prefix; changes: only the fields that change (considered and tags replace the lists); reason: why.",
  input: IntentCardAmended.extend({ changes: CardChanges.strict() }).strict(),
  writes: true,
  run: async (repo, args) => {
    const result = await repo.amendRecord(args.target_id, { ...args.changes, reason: args.reason });
    return {
      data: { id: result.id, target_id: result.target_id, incomplete: result.incomplete },
      text: `amended ${result.target_id} (event ${result.id}; ${incompleteText(result.incomplete)})`,
    };
  },
});

/** record_decision → recordDecision. */
export const recordDecisionTool = defineTool({
  name: "record_decision",
  title: "Record a decision",
  description: `Record a decision the code now depends on, based on code at a revision. ${CARD_FIELDS}; findings: condensed findings; basis: {revision (default HEAD), touched_paths, anchor?}: adrift marks the decision stale when later commits change those paths; a path#Symbol entry (src/a.ts#parse, package.json#engines.node) counts only that symbol, and anchor "auto" narrows file entries to the symbols the change touched.`,
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
  title: "List intent cards and decisions",
  description:
    "List recorded intent cards and decisions, oldest first, one line each, filtered by type, status (active | stale | superseded | incomplete | proposed: waiting for the user's consent), workline or tag; the last `limit` rows (default 50) with the total.",
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
