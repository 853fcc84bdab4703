import type { BlockContent, PhrasingContent, RootContent } from "mdast";
import type { AdrFrontMatter } from "../adr/model.js";
import type { Cluster, Placement } from "../cluster/cluster.js";
import type { RecordView } from "../project/state.js";
import { cardIncompleteness } from "../rules/completeness.js";
import { bullets, code, fillTemplate, heading, paragraph, strong, text } from "./mdast.js";

/** Everything a draft is made of. */
export type DraftSource = {
  id: string;
  date: string;
  cluster: Cluster;
  /** the cluster's records, oldest first */
  records: RecordView[];
  /** workline id -> title: a workline's draft is titled by it */
  worklineTitles: ReadonlyMap<string, string>;
  /**
   * Notes to show under a record in Provenance (for example that no person has confirmed it
   * yet), by record id; each note is one line of plain text.
   */
  recordNotes?: ReadonlyMap<string, readonly string[]>;
};

/** A draft before serialization: front matter, the template blocks, and why its records belong together. */
export type DraftDocument = {
  front: AdrFrontMatter;
  blocks: Record<string, RootContent[]>;
  reason: string;
};

const flat = (s: string) => s.replace(/\s+/g, " ").trim();

/**
 * The draft's title says what its records decided together: the workline's title, else the
 * one record's outcome (or chosen approach), else the code area all its records govern, else
 * the tag they share. Never the first record's outcome for a group of them.
 */
export function titleOf(
  cluster: Cluster,
  records: readonly RecordView[],
  worklineTitles: ReadonlyMap<string, string>,
): string {
  if (cluster.criterion === "workline" && !cluster.key.slice("workline:".length).includes(":")) {
    const title = worklineTitles.get(cluster.shared[0]!);
    if (title?.trim()) return flat(title);
  }
  if (records.length === 1) {
    const [r] = records;
    if (r!.card.outcome.trim()) return flat(r!.card.outcome);
    if (r!.card.chosen_approach.trim()) return flat(r!.card.chosen_approach);
  }
  // The area all their paths lie in; when that is as broad as one top folder (`src/`), the
  // narrower area of the paths they overlap on says more.
  let area = commonArea(records.map((r) => r.basis?.touched_paths ?? []));
  const overlaps = cluster.placements.flatMap((p) => p.overlaps ?? []);
  if ((!area || area.split("/").length <= 2) && overlaps.length > 0)
    area = commonArea([overlaps]) ?? area;
  if (area) return `Decisions on ${area}`;
  if (cluster.criterion === "tag") return `Decisions tagged ${cluster.shared[0]}`;
  for (const r of records) if (r.card.outcome.trim()) return flat(r.card.outcome);
  return "Untitled decision";
}

/** The literal directory (or file) a scope entry stands for: `src/api/**\/*.ts` -> `src/api/`. */
function literalOf(entry: string): string {
  const glob = entry.search(/[*?[\]{}]/);
  if (glob >= 0) return entry.slice(0, entry.lastIndexOf("/", glob) + 1);
  return entry;
}

/**
 * The code area every record's paths lie in, when there is one: the one file they all name, or
 * their deepest common directory (`src/auth/`); undefined when a record governs no code or they
 * share nothing below the repository root.
 */
export function commonArea(pathLists: readonly (readonly string[])[]): string | undefined {
  if (pathLists.length === 0 || pathLists.some((p) => p.length === 0)) return undefined;
  const all = [...new Set(pathLists.flat().map(literalOf))];
  if (all.length === 1 && all[0]) return all[0];
  const dirs = all.map((p) => (p.endsWith("/") ? p : p.slice(0, p.lastIndexOf("/") + 1)));
  let common = dirs[0]!.split("/").slice(0, -1);
  for (const d of dirs.slice(1)) {
    const parts = d.split("/").slice(0, -1);
    let n = 0;
    while (n < common.length && n < parts.length && common[n] === parts[n]) n++;
    common = common.slice(0, n);
  }
  return common.length ? `${common.join("/")}/` : undefined;
}

/** One sentence saying why these records belong together (for `adr draft` output and --explain). */
export function explainCluster(
  cluster: Cluster,
  worklineTitles: ReadonlyMap<string, string>,
): string {
  const n = cluster.record_ids.length;
  const these = n === 1 ? "One record" : `${n} records`;
  switch (cluster.criterion) {
    case "workline":
      return `${these} of the workline "${worklineTitles.get(cluster.shared[0]!) ?? cluster.shared[0]}"${cluster.key.split(":").length > 2 ? " over one code area" : ""}`;
    case "tag":
      return n === 1
        ? `one record tagged "${cluster.shared[0]}" whose code no other record of the tag touches`
        : `${these} tagged "${cluster.shared[0]}" over one code area`;
    case "paths":
      return n === 1
        ? "one record whose paths no other record touches"
        : `${these} whose touched paths overlap`;
    default:
      return "one record with no workline, no tag and no paths shared with another record";
  }
}

/** Why one record landed where it did, as `adr draft --explain` prints it. */
export function explainPlacement(
  placement: Placement,
  worklineTitles: ReadonlyMap<string, string>,
): string {
  const overlap = placement.overlaps?.length
    ? `; its paths overlap the others' on ${placement.overlaps.slice(0, 3).join(", ")}${placement.overlaps.length > 3 ? ` and ${placement.overlaps.length - 3} more` : ""}`
    : "";
  switch (placement.reason) {
    case "workline":
      return `recorded in the workline "${worklineTitles.get(placement.workline_id!) ?? placement.workline_id}": a workline's records make one draft`;
    case "tag":
      return `tagged "${placement.tag}"${overlap}`;
    case "workline-apart":
      return `recorded in the workline "${worklineTitles.get(placement.workline_id!) ?? placement.workline_id}", but none of its paths overlap another record of it: unrelated code, a draft of its own`;
    case "tag-apart":
      return `tagged "${placement.tag}", but none of its paths overlap another record of that tag: unrelated code, a draft of its own`;
    case "paths":
      return `no workline and no tag${overlap}`;
    default:
      return "no workline, no tag, and no path another record touches: a draft of its own";
  }
}

/** Builds the draft of one cluster (pure; rendering is `renderDraftBody`). */
export function buildDraft(source: DraftSource): DraftDocument {
  const { records } = source;
  const title = titleOf(source.cluster, records, source.worklineTitles);
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
  return {
    front,
    reason: explainCluster(source.cluster, source.worklineTitles),
    blocks: {
      title: [heading(1, text(title))],
      context: contextBlock(records),
      options: optionsBlock(records),
      outcome: outcomeBlock(records),
      consequences: consequencesBlock(records),
      confirmation: listOf(records.map((r) => r.card.validation_plan)),
      provenance: provenanceBlock(records, source.recordNotes),
    },
  };
}

/**
 * Fills the draft template: a section whose placeholders are all empty is left out with its
 * heading (no "nothing recorded" filler); every other line of the template is kept as written.
 */
export function renderDraftBody(template: string, blocks: Record<string, RootContent[]>): string {
  const lines = template.replace(/\r\n?/g, "\n").split("\n");
  const placeholder = (line: string) => /^\s*\{\{\s*([a-z_-]+)\s*\}\}\s*$/.exec(line)?.[1];
  const empty = (line: string) => {
    const name = placeholder(line);
    return name !== undefined && name in blocks && blocks[name]!.length === 0;
  };
  const depthOf = (line: string) => /^(#{1,6})\s/.exec(line)?.[1]?.length;
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (empty(line)) continue;
    const depth = depthOf(line);
    if (depth !== undefined) {
      // The section runs to the next heading of the same or a higher level; sub-sections with
      // content keep it.
      let hasContent = false;
      for (let j = i + 1; j < lines.length; j++) {
        const d = depthOf(lines[j]!);
        if (d !== undefined && d <= depth) break;
        if (d === undefined && lines[j]!.trim() !== "" && !empty(lines[j]!)) {
          hasContent = true;
          break;
        }
      }
      if (!hasContent) continue;
    }
    kept.push(line);
  }
  return fillTemplate(kept.join("\n"), blocks);
}

function contextBlock(records: readonly RecordView[]): RootContent[] {
  const out: RootContent[] = [];
  const incomplete = records.filter((r) => cardIncompleteness(r).length > 0).length;
  const withTrigger = records.filter((r) => r.card.trigger.trim() || r.card.constraints.trim());
  const triggerOf = (r: RecordView): PhrasingContent[] => [
    ...(r.card.trigger.trim() ? [text(r.card.trigger.trim())] : []),
    ...(r.card.constraints.trim()
      ? [
          ...(r.card.trigger.trim() ? [text(" ")] : []),
          strong(text("Constraints:")),
          text(` ${r.card.constraints.trim()}`),
        ]
      : []),
  ];
  if (records.length === 1 && withTrigger.length === 1)
    out.push(paragraph(...triggerOf(withTrigger[0]!)));
  else if (withTrigger.length > 0) out.push(bullets(withTrigger.map(triggerOf)));
  if (incomplete > 0)
    out.push(
      paragraph(
        strong(
          text(
            records.length === 1
              ? "This record is incomplete"
              : `${incomplete} of ${records.length} records are incomplete`,
          ),
        ),
        text(": see Provenance."),
      ),
    );
  const proposed = records.filter((r) => r.consent === "proposed").length;
  if (proposed > 0)
    out.push(
      paragraph(
        strong(
          text(
            records.length === 1
              ? "This record was proposed by an agent and not confirmed by a person"
              : `${proposed} of ${records.length} records were proposed by an agent and not confirmed by a person`,
          ),
        ),
        text(": see Provenance."),
      ),
    );
  return out;
}

function listOf(values: string[]): RootContent[] {
  const kept = [...new Set(values.map((v) => v.trim()).filter(Boolean))];
  return kept.length ? [bullets(kept.map((v) => [text(v)]))] : [];
}

function optionsOf(r: RecordView): PhrasingContent[][] {
  const items: PhrasingContent[][] = [];
  if (r.card.chosen_approach.trim())
    items.push([strong(text(r.card.chosen_approach.trim())), text(" (chosen)")]);
  for (const c of r.considered) {
    const name = c.approach.trim();
    const why = c.rejected_because.trim();
    if (!name && !why) continue;
    items.push([
      text(name || "An option with no name"),
      ...(why ? [text(" — rejected because: "), text(why)] : []),
    ]);
  }
  return items;
}

function optionsBlock(records: readonly RecordView[]): RootContent[] {
  if (records.length === 1) {
    const items = optionsOf(records[0]!);
    return items.length ? [bullets(items)] : [];
  }
  // Several decisions: each one's options under its outcome, so nobody reads them as one list.
  const groups: BlockContent[][] = [];
  for (const r of records) {
    const items = optionsOf(r);
    if (items.length === 0) continue;
    groups.push([
      paragraph(text(flat(r.card.outcome) || flat(r.card.chosen_approach))),
      bullets(items),
    ]);
  }
  return groups.length ? [bullets(groups)] : [];
}

function outcomeBlock(records: readonly RecordView[]): RootContent[] {
  const chosen = (r: RecordView): PhrasingContent[] => [
    text("Chosen option: "),
    strong(text(r.card.chosen_approach.trim())),
    ...(r.card.selection_rationale.trim()
      ? [text(`, because ${r.card.selection_rationale.trim()}`)]
      : []),
  ];
  const decided = records.filter((r) => r.card.chosen_approach.trim());
  if (records.length === 1) return decided.length ? [paragraph(...chosen(decided[0]!))] : [];
  const items = records
    .filter((r) => r.card.outcome.trim() || r.card.chosen_approach.trim())
    .map((r): PhrasingContent[] => [
      ...(r.card.outcome.trim() ? [strong(text(flat(r.card.outcome)))] : []),
      ...(r.card.chosen_approach.trim()
        ? [...(r.card.outcome.trim() ? [text(" — ")] : []), ...chosen(r)]
        : []),
    ]);
  return items.length ? [bullets(items)] : [];
}

function consequencesBlock(records: readonly RecordView[]): RootContent[] {
  const effects = records.flatMap((r) => r.tier_b?.side_effects ?? []);
  const deps = records.flatMap((r) => r.tier_b?.dependencies ?? []).map((d) => `Depends on: ${d}`);
  const findings = records.flatMap((r) => r.findings).map((f) => `Finding: ${f}`);
  return listOf([...effects, ...deps, ...findings]);
}

/** Whose word a record is, when an agent wrote it: not confirmed yet, or confirmed by whom. */
function consentNote(r: RecordView): PhrasingContent[] {
  if (r.consent === "proposed") return [text(" — "), strong(text("not confirmed by a person"))];
  const confirmed = r.confirmations.at(-1);
  return confirmed ? [text(`, confirmed by ${confirmed.actor.name}`)] : [];
}

function provenanceBlock(
  records: readonly RecordView[],
  notes: ReadonlyMap<string, readonly string[]> | undefined,
): RootContent[] {
  const items: BlockContent[][] = records.map((r) => {
    const reasons = cardIncompleteness(r);
    const line = paragraph(
      code(r.id),
      text(
        ` ${r.kind === "decision" ? "decision" : "intent card"} by ${r.actor.name}, ${r.at.slice(0, 10)}, session `,
      ),
      code(r.session_id),
      ...(r.status !== "active" ? [text(` (${r.status})`)] : []),
      ...consentNote(r),
    );
    const under: PhrasingContent[][] = [
      ...reasons.map((reason) => [strong(text("Incomplete:")), text(` ${reason.message}`)]),
      ...(notes?.get(r.id) ?? []).map((note) => [text(note)]),
    ];
    return under.length ? [line, bullets(under)] : [line];
  });
  return [bullets(items)];
}
