import type { RecordSummary } from "../app/log/queries.js";
import { anchorEntry } from "../core/anchors/anchor-entries.js";
import { quotePath, safeText } from "../core/render/terminal.js";
import { clip, flatten } from "../core/render/text.js";
import type { IncompletenessReason } from "../core/rules/completeness.js";
import { shownEntry } from "../core/rules/scope.js";
import { paint } from "./io.js";

/** First line of a text, shortened (between graphemes) for one-line listings, its control characters escaped. */
export function oneLine(text: string, max = 72): string {
  return safeText(clip(flatten(text), max));
}

const STATUS_COLOR = { active: "green", stale: "yellow", superseded: "gray" } as const;

/** One listing line for a record. */
export function recordLine(record: RecordSummary): string {
  const kind = record.kind === "decision" ? "decision" : "intent  ";
  const status = paint(STATUS_COLOR[record.status], record.status.padEnd(10));
  const incomplete = record.incomplete.length
    ? paint("yellow", ` [incomplete: ${record.incomplete.map((r) => r.rule).join(", ")}]`)
    : "";
  const proposed =
    record.consent === "proposed"
      ? paint("yellow", " [proposed: waits for a person]")
      : record.status !== "superseded" && record.reverify_proposals.length > 0
        ? paint("yellow", " [re-verification proposed: waits for a person]")
        : "";
  return `${paint("dim", record.id)}  ${kind}  ${status} ${oneLine(record.card.outcome || "(no outcome)")}${proposed}${incomplete}`;
}

/** Lines telling why a card is incomplete. */
export function incompletenessLines(reasons: IncompletenessReason[]): string[] {
  return reasons.map((r) => paint("yellow", `  incomplete: ${safeText(r.message)}`));
}

/** The full human view of a record. */
export function recordDetails(record: RecordSummary, at?: { file: string; line: number }): string {
  const out: string[] = [];
  out.push(
    `${paint("bold", record.kind === "decision" ? "Decision" : "Intent card")} ${record.id}  (${record.status})`,
  );
  if (at) out.push(paint("dim", `  ${quotePath(at.file)}:${at.line}`));
  out.push(
    paint(
      "dim",
      `  ${record.at} by ${safeText(record.actor.name)}${record.actor.kind !== "human" ? ` (${record.actor.kind})` : ""}`,
    ),
  );
  // User text keeps its lines; paths are quoted as git quotes them.
  const field = (label: string, value: string) => {
    if (value.trim()) out.push(`  ${label.padEnd(12)} ${safeText(value, { multiline: true })}`);
  };
  const paths = (list: readonly string[]) => list.map((p) => quotePath(shownEntry(p))).join(", ");
  field("outcome", record.card.outcome);
  field("trigger", record.card.trigger);
  field("chosen", record.card.chosen_approach);
  field("rationale", record.card.selection_rationale);
  field("constraints", record.card.constraints);
  field("validation", record.card.validation_plan);
  for (const c of record.considered)
    out.push(
      `  considered   ${safeText(c.approach, { multiline: true })} — rejected: ${safeText(c.rejected_because, { multiline: true })}`,
    );
  if (record.trivial) out.push("  trivial      yes (status quo)");
  if (record.tags.length) field("tags", record.tags.join(", "));
  for (const f of record.findings) out.push(`  finding      ${safeText(f, { multiline: true })}`);
  if (record.basis) {
    field("revision", record.basis.revision);
    field("paths", paths(record.basis.touched_paths) || "(none: governs no code)");
    // What the record rests on inside those files: it goes stale only when these change.
    const anchors = record.basis.anchors ?? [];
    if (anchors.length > 0) field("anchors", paths(anchors.map(anchorEntry)));
  }
  const tier = record.tier_b;
  if (tier) {
    for (const effect of tier.side_effects ?? []) field("side effect", effect);
    for (const dependency of tier.dependencies ?? []) field("depends on", dependency);
    if (tier.kb_path) field("kb path", quotePath(tier.kb_path));
    if (tier.adr_ref) field("adr", tier.adr_ref);
  }
  if (record.workline_id) field("workline", record.workline_id);
  if (record.superseded_by) field("superseded", `by ${record.superseded_by}`);
  for (const mark of record.stale_marks)
    out.push(
      paint(
        "yellow",
        `  stale        ${mark.data.reason}${mark.data.paths.length ? `: ${paths(mark.data.paths)}` : ""}`,
      ),
    );
  if (record.amendments.length)
    out.push(paint("dim", `  amended ${record.amendments.length}× (history kept)`));
  out.push(...consentLines(record));
  if (record.status !== "superseded")
    for (const p of record.reverify_proposals)
      out.push(
        paint(
          "yellow",
          `  re-verify    proposed by ${safeText(p.actor.name)} at ${p.data.basis.revision.slice(0, 12)}: ${safeText(p.data.note)}; waits for a person: adrift review ${record.id.slice(0, 10)}`,
        ),
      );
  out.push(...incompletenessLines(record.incomplete));
  return out.join("\n");
}

/** Whose word the record is: waiting for a person, or confirmed by whom. */
export function consentLines(record: RecordSummary): string[] {
  if (record.consent === "proposed")
    return [
      paint(
        "yellow",
        `  proposed     by an agent; waits for a person: adrift intent confirm ${record.id.slice(0, 10)} [--<field> "…"]`,
      ),
    ];
  return record.confirmations.map((c) =>
    paint(
      "dim",
      `  confirmed    by ${safeText(c.actor.name)} at ${c.at}${c.changes ? ` (changed: ${Object.keys(c.changes).join(", ")})` : ""}`,
    ),
  );
}
