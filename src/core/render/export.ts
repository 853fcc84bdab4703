import type { BlockContent, RootContent } from "mdast";
import type { AdriftEvent } from "../events/envelope.js";
import type { RecordView } from "../project/state.js";
import { cardIncompleteness } from "../rules/completeness.js";
import { shownEntry } from "../rules/scope.js";
import {
  code,
  heading,
  list,
  markdownChunks,
  paragraph,
  renderMarkdown,
  strong,
  table,
  text,
} from "./report-md.js";
import { clip, flatten } from "./text.js";

/** What an export covers: a session or a workline, its events and records. */
export type ExportInput = {
  kind: "session" | "workline";
  id: string;
  title?: string;
  author?: string;
  events: readonly AdriftEvent[];
  records: readonly RecordView[];
  /** the key and title of the backlog's artifacts (stories, tasks, epics, rules) by id */
  names?: ReadonlyMap<string, { key?: string; title: string }>;
};

type Names = NonNullable<ExportInput["names"]>;

/** `TK-1 "Parse amounts"`, or the id when the artifact is not known. */
function named(names: Names, id: string): string {
  const artifact = names.get(id);
  if (!artifact) return id;
  return `${artifact.key ?? id} "${clip(flatten(artifact.title), 80)}"`;
}

function summarize(event: AdriftEvent, records: Map<string, RecordView>, names: Names): string {
  const outcome = (id: string) => clip(flatten(records.get(id)?.card.outcome ?? id), 100);
  switch (event.type) {
    case "story_transitioned":
      return `story ${named(names, event.data.story_id)}: ${event.data.from} → ${event.data.to}`;
    case "task_transitioned":
      return `task ${named(names, event.data.task_id)}: ${event.data.from} → ${event.data.to}`;
    case "story_created":
    case "task_created":
    case "epic_created":
    case "business_rule_recorded":
      return `${event.type.split("_")[0]!.replace("business", "rule")} created: ${named(names, event.id)}`;
    case "verdict_recorded":
      return `verdict ${event.data.verdict} on task ${named(names, event.data.task_id)}`;
    case "open_question_declared":
      return `question: ${clip(flatten(event.data.question), 100)}`;
    case "session_started":
      return `session started${event.data.title ? `: ${event.data.title}` : ""}`;
    case "workline_opened":
      return `workline opened: ${event.data.title}`;
    case "workline_parked":
    case "workline_activated":
    case "workline_closed":
      return `${event.type.replace("_", " ")} ${event.data.workline_id}`;
    case "intent_card_recorded":
      return `intent card: ${outcome(event.id)}`;
    case "decision_recorded":
      return `decision: ${outcome(event.id)}${event.data.findings.length ? ` (${event.data.findings.length} finding${event.data.findings.length === 1 ? "" : "s"})` : ""}`;
    case "intent_card_amended":
      return `amended ${event.data.target_id}: ${Object.keys(event.data.changes).join(", ")}`;
    case "intent_confirmed": {
      const changed = Object.keys(event.data.changes ?? {});
      return `confirmed: ${outcome(event.data.target_id)}${changed.length ? ` (changed: ${changed.join(", ")})` : ""}`;
    }
    case "decision_marked_stale":
      return `marked stale (${event.data.reason}): ${outcome(event.data.decision_id)}`;
    case "decision_reverified":
      return `re-verified: ${outcome(event.data.decision_id)}`;
    case "decision_reverify_proposed":
      return `re-verification proposed: ${outcome(event.data.decision_id)}`;
    case "decision_anchored":
      return `anchored to ${(event.data.basis.anchors ?? []).map((a) => `${a.path}#${a.symbol}`).join(", ")}: ${outcome(event.data.decision_id)}`;
    case "decision_superseded":
      return `superseded: ${outcome(event.data.decision_id)} by ${event.data.superseded_by}`;
    default:
      return (event as { type: string }).type.replace(/_/g, " ");
  }
}

function decisionSection(record: RecordView): RootContent[] {
  const reasons = cardIncompleteness(record);
  const label = reasons.length ? "incomplete" : "complete";
  const rows: [string, string][] = [
    ["Trigger", record.card.trigger],
    ["Chosen approach", record.card.chosen_approach],
    ["Rationale", record.card.selection_rationale],
    ["Constraints", record.card.constraints],
    ["Validation", record.card.validation_plan],
    ["Paths", record.basis?.touched_paths.map(shownEntry).join(", ") ?? ""],
    ["Side effects", (record.tier_b?.side_effects ?? []).join("; ")],
    ["Dependencies", (record.tier_b?.dependencies ?? []).join("; ")],
    ["Knowledge base", record.tier_b?.kb_path ?? ""],
    ["ADR", record.tier_b?.adr_ref ?? ""],
  ];
  const confirmed = record.confirmations.at(-1);
  const consent =
    record.consent === "proposed"
      ? " · proposed by an agent, not confirmed by a person"
      : confirmed
        ? ` · confirmed by ${confirmed.actor.name}`
        : "";
  const blocks: RootContent[] = [
    heading(3, `${flatten(record.card.outcome) || "(no outcome)"} `, code(label)),
    paragraph(code(record.id), ` ${record.kind} · ${record.status} · ${record.at}${consent}`),
    list(
      rows
        .filter(([, v]) => v.trim())
        .map(([k, v]) => paragraph(strong(text(`${k}:`)), ` ${flatten(v)}`)),
    ),
  ];
  if (record.findings.length)
    blocks.push(
      paragraph(strong(text("Findings:"))),
      list(record.findings.map((f) => paragraph(flatten(f)))),
    );
  if (record.considered.length)
    blocks.push(
      paragraph(strong(text("Considered and rejected:"))),
      list(
        record.considered.map((c) =>
          paragraph(`${flatten(c.approach)} — ${flatten(c.rejected_because)}`),
        ),
      ),
    );
  if (reasons.length)
    blocks.push(
      list(reasons.map((r): BlockContent[] => [paragraph(code(r.rule), ` ${r.message}`)])),
    );
  return blocks;
}

/**
 * The export's sections, in order: the header and timeline, then each record's own section.
 * Rendered as one tree they are the export; `exportChunks` renders them a few at a time.
 */
export function* exportSections(input: ExportInput): Generator<RootContent[]> {
  const records = new Map(input.records.map((r) => [r.id, r]));
  const names = input.names ?? new Map();
  const complete = input.records.filter((r) => cardIncompleteness(r).length === 0).length;
  yield [
    heading(1, `${input.kind === "session" ? "Session" : "Workline"}: ${input.title ?? input.id}`),
    paragraph(
      code(input.id),
      `${input.author ? ` · ${input.author}` : ""} · ${input.events.length} events · ${input.records.length} records (${complete} complete, ${input.records.length - complete} incomplete)`,
    ),
    heading(2, "Timeline"),
    input.events.length
      ? table(
          ["When", "Who", "What"],
          input.events.map((e) => [e.at, e.actor.name, summarize(e, records, names)]),
        )
      : paragraph("Nothing recorded."),
    heading(2, "Decisions"),
  ];
  if (input.records.length === 0) yield [paragraph("No intent cards or decisions.")];
  for (const record of input.records) yield decisionSection(record);
}

/** The readable Markdown export: a header, a timeline and a "Decisions" section from the cards. */
export function renderExport(input: ExportInput): string {
  return renderMarkdown([...exportSections(input)].flat());
}

/** `renderExport(input)` in pieces, the same bytes: a few records' sections at a time. */
export function exportChunks(input: ExportInput): Generator<string> {
  return markdownChunks(exportSections(input));
}
