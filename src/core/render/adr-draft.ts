import type { BlockContent, PhrasingContent, RootContent } from "mdast";
import type { AdrFrontMatter } from "../adr/model.js";
import type { Cluster, Placement, Waiting } from "../cluster/cluster.js";
import type { RecordView } from "../project/state.js";
import { cardIncompleteness } from "../rules/completeness.js";
import { type AnsweredQuestion, contentFromRecords, type DraftContent } from "./adr-content.js";
import { type AdrLanguage, type AdrWords, adrWords } from "./adr-words.js";
import { bullets, code, fillTemplate, heading, paragraph, strong, text } from "./mdast.js";

/** Everything a draft is made of. */
export type DraftSource = {
  id: string;
  date: string;
  cluster: Cluster;
  /** the cluster's records, oldest first */
  records: RecordView[];
  /** the title, unique among drafts and ADRs (`titleOf`, then `uniqueTitle`) */
  title: string;
  language: AdrLanguage;
  /** workline id -> title, for why the records are together */
  worklineTitles: ReadonlyMap<string, string>;
  /** the questions the cluster's records answer, by record id */
  answers?: ReadonlyMap<string, AnsweredQuestion>;
  /** the prose an agent wrote (checked against the records); the records' own words without */
  content?: DraftContent;
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
  headings: Record<string, string>;
  reason: string;
};

const flat = (s: string) => s.replace(/\s+/g, " ").trim();

/** What a record stands for in a title: its outcome, else its chosen approach; an answer, its question. */
function headline(r: RecordView, answers?: ReadonlyMap<string, AnsweredQuestion>): string {
  const answer = answers?.get(r.id);
  if (answer) return flat(answer.question);
  return flat(r.card.outcome) || flat(r.card.chosen_approach);
}

/**
 * The draft's title names the question its records answer: the workline's title (its
 * question), unless an ADR of the workline already took it; else the outcome the records share
 * (one record's outcome whole; two decisions' outcomes side by side). An answer to a question
 * stands for its question, never for its answer ("ok" is no title).
 */
export function titleOf(
  cluster: Cluster,
  records: readonly RecordView[],
  worklineTitles: ReadonlyMap<string, string>,
  options: { worklineTaken?: boolean; answers?: ReadonlyMap<string, AnsweredQuestion> } = {},
): string {
  if (cluster.criterion === "workline" && !options.worklineTaken) {
    const title = worklineTitles.get(cluster.shared[0]!);
    if (title?.trim()) return flat(title);
  }
  const decided = records.filter(
    (r) => r.card.chosen_approach.trim() && !options.answers?.has(r.id),
  );
  const lines = [
    ...new Set((decided.length ? decided : records).map((r) => headline(r, options.answers))),
  ].filter(Boolean);
  if (lines.length === 0) return "—";
  if (lines.length <= 2) return lines.join("; ");
  return `${lines.slice(0, 2).join("; ")} (+${lines.length - 2})`;
}

/**
 * `title` made unique among `taken` (compared without case; the caller adds it): with the
 * first chosen approach after a dash, else a number.
 */
export function uniqueTitle(
  title: string,
  records: readonly RecordView[],
  taken: ReadonlySet<string>,
): string {
  const free = (t: string) => !taken.has(t.toLocaleLowerCase());
  if (free(title)) return title;
  const approach = records.map((r) => flat(r.card.chosen_approach)).find(Boolean);
  if (approach && free(`${title} — ${approach}`)) return `${title} — ${approach}`;
  for (let n = 2; ; n++) if (free(`${title} (${n})`)) return `${title} (${n})`;
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
      return `${these} of the workline "${worklineTitles.get(cluster.shared[0]!) ?? cluster.shared[0]}"`;
    case "tag":
      return `${these} tagged "${cluster.shared[0]}" over one code area`;
    case "paths":
      return `${these} whose touched paths overlap`;
    default:
      return "one record a person asked a draft of (--record)";
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
      return `recorded in the workline "${worklineTitles.get(placement.workline_id!) ?? placement.workline_id}": a workline's records make one draft, whatever code they touch`;
    case "tag":
      return `tagged "${placement.tag}"${overlap}`;
    case "paths":
      return `no workline and no tag shared${overlap}`;
    case "answer":
      return "answers a question about what these records affect: it joins their draft";
    default:
      return "asked for alone (--record)";
  }
}

/** Why a record has no draft yet, as `adr draft` lists it. */
export function explainWaiting(waiting: Waiting): string {
  switch (waiting.reason) {
    case "answer":
      return "answers a question about something no draft covers yet: it joins that draft when there is one";
    case "undecided":
      return "nothing in its cluster says what was chosen yet: record the decision (--chosen, --rationale) first";
    default:
      return "shares no workline, tag or code with another record: it waits to join a cluster (or adrift adr draft --record <id>)";
  }
}

/** Builds the draft of one cluster (pure; rendering is `renderDraftBody`). */
export function buildDraft(source: DraftSource): DraftDocument {
  const { records } = source;
  const words = adrWords(source.language);
  const answers = source.answers ?? new Map<string, AnsweredQuestion>();
  const makers = [...new Set(records.map((r) => r.actor.name))].sort();
  const consulted = [
    ...new Set([
      ...[...answers.values()].map((a) => a.answered_by),
      ...records.flatMap((r) => r.confirmations.map((c) => c.actor.name)),
    ]),
  ]
    .filter((name) => !makers.includes(name))
    .sort();
  const tags = [...new Set(records.flatMap((r) => r.tags))].sort();
  const paths = [...new Set(records.flatMap((r) => r.basis?.touched_paths ?? []))].sort();
  const front: AdrFrontMatter = {
    id: source.id,
    title: source.title,
    status: "proposed",
    date: source.date,
    "decision-makers": makers,
    ...(consulted.length ? { consulted } : {}),
    tags,
    records: records.map((r) => r.id),
    paths,
    cluster: source.cluster.key,
    ...(source.content ? { "drafted-by": "agent" } : {}),
  };
  const content = source.content ?? contentFromRecords(records, answers, words);
  return {
    front,
    reason: explainCluster(source.cluster, source.worklineTitles),
    headings: words.headings,
    blocks: {
      title: [heading(1, text(source.title))],
      ...contentBlocks(content, words),
      provenance: provenanceBlock(records, words, source.recordNotes),
    },
  };
}

/** The template blocks of a draft's prose. */
function contentBlocks(content: DraftContent, words: AdrWords): Record<string, RootContent[]> {
  const list = (values: readonly string[]) => {
    const kept = values.map(flat).filter(Boolean);
    return kept.length ? [bullets(kept.map((v) => [text(v)]))] : [];
  };
  const chosen = (c: DraftContent["outcome"][number]): PhrasingContent[] => [
    text(`${words.chosen}: `),
    strong(text(c.option)),
    text(c.why ? `. ${c.why}` : "."),
  ];
  const outcome: RootContent[] =
    content.outcome.length === 1 && content.options.filter((o) => o.chosen).length <= 1
      ? [paragraph(...chosen(content.outcome[0]!))]
      : content.outcome.length
        ? [
            bullets(
              content.outcome.map((c) => [
                ...(c.outcome ? [strong(text(c.outcome)), text(" ")] : []),
                ...chosen(c),
              ]),
            ),
          ]
        : [];
  const labelled = (label: string, values: readonly string[]) =>
    values
      .filter((v) => flat(v))
      .map((v): PhrasingContent[] => [strong(text(`${label}:`)), text(` ${flat(v)}`)]);
  const consequences = [
    ...labelled(words.good, content.consequences.good),
    ...labelled(words.bad, content.consequences.bad),
    ...labelled(words.neutral, content.consequences.neutral),
  ];
  const prosCons: RootContent[] = content.options
    .filter((o) => o.pros.length + o.cons.length > 0)
    .flatMap((o) => [
      heading(3, text(o.name)),
      bullets([...labelled(words.good, o.pros), ...labelled(words.bad, o.cons)]),
    ]);
  return {
    context: content.context
      .map(flat)
      .filter(Boolean)
      .map((p) => paragraph(text(p))),
    drivers: list(content.drivers),
    options: list(content.options.map((o) => o.name)),
    outcome,
    consequences: consequences.length ? [bullets(consequences)] : [],
    confirmation: list(content.confirmation),
    pros_cons: prosCons,
    more: list(content.more),
  };
}

/**
 * Fills the draft template: `{{heading:name}}` in a line becomes that section's heading in the
 * draft's language; a section whose placeholders are all empty is left out with its heading (no
 * "nothing recorded" filler); every other line of the template is kept as written.
 */
export function renderDraftBody(
  template: string,
  blocks: Record<string, RootContent[]>,
  headings: Record<string, string> = adrWords("en").headings,
): string {
  const lines = template
    .replace(/\r\n?/g, "\n")
    .replace(/\{\{\s*heading:([a-z_]+)\s*\}\}/g, (all, name: string) => headings[name] ?? all)
    .split("\n");
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

/** Whose word a record is, when an agent wrote it: not confirmed yet, or confirmed by whom. */
function consentNote(r: RecordView, words: AdrWords): string[] {
  if (r.consent === "proposed") return [words.proposed];
  const confirmed = r.confirmations.at(-1);
  return confirmed ? [words.confirmedBy(confirmed.actor.name)] : [];
}

function provenanceBlock(
  records: readonly RecordView[],
  words: AdrWords,
  notes: ReadonlyMap<string, readonly string[]> | undefined,
): RootContent[] {
  const items: BlockContent[][] = records.map((r) => {
    const reasons = cardIncompleteness(r).map((reason) => words.reasons[reason.rule]);
    const status =
      r.status === "superseded" ? [words.superseded] : r.status === "stale" ? [words.stale] : [];
    const remarks = [
      ...status,
      ...(reasons.length ? [`${words.incomplete}: ${reasons.join(", ")}`] : []),
      ...consentNote(r, words),
    ];
    const line = paragraph(
      code(r.id),
      text(
        ` ${r.kind === "decision" ? words.decision : words.intent}, ${r.actor.name}, ${r.at.slice(0, 10)}${remarks.length ? ` (${remarks.join("; ")})` : ""}`,
      ),
    );
    const under = (notes?.get(r.id) ?? []).map((note) => [text(note)]);
    return under.length ? [line, bullets(under)] : [line];
  });
  return [bullets(items)];
}
