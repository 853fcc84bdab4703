import type { BlockContent, PhrasingContent, RootContent } from "mdast";
import type { AdrFrontMatter } from "../adr/model.js";
import type { Cluster } from "../cluster/cluster.js";
import type { RecordView } from "../project/state.js";
import { cardIncompleteness } from "../rules/completeness.js";
import { bullets, code, heading, paragraph, strong, text } from "./mdast.js";
import { clip, flatten } from "./text.js";

/** Everything a draft is made of. */
export type DraftSource = {
  id: string;
  date: string;
  cluster: Cluster;
  /** the cluster's records, oldest first */
  records: RecordView[];
  /** workline id -> title, for the explanation */
  worklineTitles: ReadonlyMap<string, string>;
};

/** A draft before serialization: front matter, the template blocks, and why its records belong together. */
export type DraftDocument = {
  front: AdrFrontMatter;
  blocks: Record<string, RootContent[]>;
  reason: string;
};

const firstLine = (s: string, max = 100) => clip(flatten(s), max);

/** The draft's title: the oldest record's outcome (or its chosen approach). */
export function titleOf(records: readonly RecordView[]): string {
  for (const r of records) if (r.card.outcome.trim()) return firstLine(r.card.outcome);
  for (const r of records)
    if (r.card.chosen_approach.trim()) return firstLine(r.card.chosen_approach);
  return "Untitled decision";
}

/** One sentence saying why these records belong together. */
export function explainCluster(
  cluster: Cluster,
  worklineTitles: ReadonlyMap<string, string>,
): string {
  const n = cluster.record_ids.length;
  const these = n === 1 ? "This record stands" : `These ${n} records belong together`;
  switch (cluster.criterion) {
    case "tag":
      return n === 1
        ? `This record stands alone: it is the only one tagged "${cluster.shared[0]}".`
        : `${these}: they share the tag "${cluster.shared[0]}".`;
    case "workline":
      return `${these}: ${n === 1 ? "it was" : "they were"} recorded in the workline "${worklineTitles.get(cluster.shared[0]!) ?? cluster.shared[0]}".`;
    case "paths": {
      const shown = cluster.shared.slice(0, 5).join(", ");
      const more = cluster.shared.length > 5 ? ` and ${cluster.shared.length - 5} more` : "";
      return n === 1
        ? `This record stands alone: no other record touches its paths (${shown}${more}).`
        : `${these}: their touched paths overlap (same code area: ${shown}${more}).`;
    }
    default:
      return "This record stands alone: it has no tag, no workline and no touched paths.";
  }
}

/** Builds the draft of one cluster (pure; rendering is `fillTemplate`). */
export function buildDraft(source: DraftSource): DraftDocument {
  const { records } = source;
  const title = titleOf(records);
  const makers = [...new Set(records.map((r) => r.actor.name))].sort();
  const tags = [...new Set(records.flatMap((r) => r.tags))].sort();
  const paths = [...new Set(records.flatMap((r) => r.basis?.touched_paths ?? []))].sort();
  const front: AdrFrontMatter = {
    id: source.id,
    title,
    status: "proposed",
    date: source.date,
    "decision-makers": makers,
    tags,
    records: records.map((r) => r.id),
    paths,
    cluster: source.cluster.key,
  };
  const incomplete = records.filter((r) => cardIncompleteness(r).length > 0).length;
  const reason = explainCluster(source.cluster, source.worklineTitles);
  const context: RootContent[] = [paragraph(text(reason))];
  if (incomplete > 0)
    context.push(
      paragraph(
        strong(text(`${incomplete} of ${records.length} record(s) are incomplete`)),
        text(" — see Provenance."),
      ),
    );
  const triggers = records.filter((r) => r.card.trigger.trim() || r.card.constraints.trim());
  if (triggers.length > 0)
    context.push(
      bullets(
        triggers.map((r) => [
          ...(r.card.trigger.trim() ? [text(r.card.trigger.trim())] : [text("(no trigger)")]),
          ...(r.card.constraints.trim()
            ? [text(" — constraints: "), text(r.card.constraints.trim())]
            : []),
        ]),
      ),
    );
  return {
    front,
    reason,
    blocks: {
      title: [heading(1, text(title))],
      context,
      options: optionsBlock(records),
      outcome: outcomeBlock(records),
      consequences: consequencesBlock(records),
      confirmation: listOf(records.map((r) => r.card.validation_plan)),
      provenance: provenanceBlock(records),
    },
  };
}

function listOf(values: string[]): RootContent[] {
  const kept = [...new Set(values.map((v) => v.trim()).filter(Boolean))];
  return kept.length ? [bullets(kept.map((v) => [text(v)]))] : [];
}

function optionsBlock(records: readonly RecordView[]): RootContent[] {
  const items: PhrasingContent[][] = [];
  for (const r of records) {
    if (r.card.chosen_approach.trim())
      items.push([strong(text(r.card.chosen_approach.trim())), text(" (chosen)")]);
    for (const c of r.considered)
      items.push([
        text(c.approach.trim() || "(unnamed option)"),
        text(" — rejected because: "),
        text(c.rejected_because.trim() || "(no reason given)"),
      ]);
  }
  return items.length ? [bullets(items)] : [];
}

function outcomeBlock(records: readonly RecordView[]): RootContent[] {
  const items: PhrasingContent[][] = records
    .filter((r) => r.card.chosen_approach.trim() || r.card.outcome.trim())
    .map((r) => [
      text("Chosen option: "),
      strong(text(r.card.chosen_approach.trim() || "(not named)")),
      text(
        r.card.selection_rationale.trim()
          ? `, because ${r.card.selection_rationale.trim()}`
          : " (no rationale recorded)",
      ),
      ...(r.card.outcome.trim() ? [text(". Outcome: "), text(r.card.outcome.trim())] : []),
    ]);
  return items.length ? [bullets(items)] : [];
}

function consequencesBlock(records: readonly RecordView[]): RootContent[] {
  const effects = records.flatMap((r) => r.tier_b?.side_effects ?? []);
  const deps = records.flatMap((r) => r.tier_b?.dependencies ?? []).map((d) => `Depends on: ${d}`);
  const findings = records.flatMap((r) => r.findings).map((f) => `Finding: ${f}`);
  return listOf([...effects, ...deps, ...findings]);
}

function provenanceBlock(records: readonly RecordView[]): RootContent[] {
  const items: BlockContent[][] = records.map((r) => {
    const reasons = cardIncompleteness(r);
    const line = paragraph(
      code(r.id),
      text(
        ` ${r.kind === "decision" ? "decision" : "intent card"} by ${r.actor.name}, ${r.at.slice(0, 10)}, session `,
      ),
      code(r.session_id),
      ...(r.status !== "active" ? [text(` (${r.status})`)] : []),
    );
    return reasons.length
      ? [
          line,
          bullets(
            reasons.map((reason) => [strong(text("Incomplete:")), text(` ${reason.message}`)]),
          ),
        ]
      : [line];
  });
  return [bullets(items)];
}
