import type { PhrasingContent, RootContent } from "mdast";
import type { CorrespondencePath, CorrespondenceReport } from "../reports/correspondence.js";
import { shownEntry } from "../rules/scope.js";
import { type ReportAnchors, reportAnchors } from "./correspondence-anchors.js";
import { renderMermaid } from "./mermaid.js";
import { whyBlocks, whyLines } from "./record-why.js";
import {
  code,
  codeBlock,
  heading,
  html,
  list,
  markdownChunks,
  paragraph,
  renderMarkdown,
  table,
  text,
} from "./report-md.js";
import { clip, flatten } from "./text.js";

/** How a path entry's state reads in a table cell. */
export function pathStateText(p: CorrespondencePath): string {
  const commits = p.commits.map((c) => c.hash.slice(0, 10)).join(", ");
  switch (p.state) {
    case "exists":
      return `exists (${p.matched_files} file${p.matched_files === 1 ? "" : "s"})`;
    case "moved":
      return `moved → ${p.new_paths.join(", ")}`;
    case "missing":
      return `missing${commits ? ` (removed in ${commits})` : ""}`;
    case "drifted":
      return `drifted: ${p.changed_paths.length} changed${commits ? ` in ${commits}` : ""}`;
  }
}

/**
 * What the propagation section says when nothing propagates, true to the rest of the report:
 * with stale records or drifted paths on the page, "nothing is drifted" would contradict them.
 */
export function propagationNote(report: CorrespondenceReport): string {
  const stale = report.summary.stale_records ?? 0;
  const drifted = report.summary.paths.drifted;
  if (stale === 0 && drifted === 0) return "Nothing is drifted or suspect.";
  const cause = [
    stale > 0 ? `${stale} stale record${stale === 1 ? "" : "s"}` : "",
    drifted > 0 ? `${drifted} drifted path${drifted === 1 ? "" : "s"}` : "",
  ]
    .filter(Boolean)
    .join(" and ");
  return `No ADR, story, task or rule rests on the ${cause} listed above: the doubt goes no further than those records.`;
}

/** Most ids listed in one cell of a Markdown table. */
const MAX_REFS = 20;

/** Ids as a table cell names them: each linked to where the report describes it, its title beside it. */
function refsMd(a: ReportAnchors, ids: readonly string[]): PhrasingContent[] {
  if (ids.length === 0) return [text("—")];
  const parts: PhrasingContent[] = [];
  ids.slice(0, MAX_REFS).forEach((id, i) => {
    if (i > 0) parts.push(text("; "));
    parts.push(...refMd(a, id));
  });
  if (ids.length > MAX_REFS) parts.push(text(`; and ${ids.length - MAX_REFS} more`));
  return parts;
}

/**
 * The anchor links land on, as adrift's own markup (an anchor holds only `[A-Za-z0-9._-]`: see
 * `anchorSlug`); nothing when there is none.
 */
function anchorMd(anchor: string | undefined): PhrasingContent {
  return anchor ? { type: "html", value: `<a id="${anchor}"></a>` } : text("");
}

/** An id, linked to its anchor when the report describes it, with its title beside it. */
function refMd(a: ReportAnchors, id: string): PhrasingContent[] {
  const label = code(a.label(id));
  const anchor = a.of(id);
  const title = a.title(id);
  return [
    anchor ? { type: "link", url: `#${anchor}`, children: [label] } : label,
    ...(title ? [text(` ${title}`)] : []),
  ];
}

/**
 * The report's Markdown sections, in order: the summary and ADRs, each record, then the areas,
 * the uncovered areas and the propagation. Rendered as one tree they are the report.
 */
export function* correspondenceSections(report: CorrespondenceReport): Generator<RootContent[]> {
  const s = report.summary;
  const a = reportAnchors(report);
  yield [
    heading(1, "Code correspondence"),
    paragraph(
      `At `,
      code(report.head.slice(0, 12)),
      `: ${s.records} records and ${s.adrs} ADRs over ${s.files} files: ${s.covered_files} covered` +
        `${s.covered_by_stale > 0 ? ` (${s.covered_by_stale} by stale decisions, ${s.covered_only_by_stale ?? 0} only by them)` : ""}, ${s.uncovered_files} uncovered. ` +
        `Paths: ${s.paths.exists} exist, ${s.paths.moved} moved, ${s.paths.missing} missing, ${s.paths.drifted} drifted. ` +
        `${s.uncovered_areas} of ${s.areas} areas (depth ${report.depth}) have no decision.`,
    ),
    ...report.notices.map((n) => paragraph(`Note: ${n}`)),
    heading(2, "ADR relations and coverage"),
    codeBlock("mermaid", renderMermaid(report)),
    heading(2, "ADRs"),
    report.adrs.length
      ? table(
          ["ADR", "Title", "Status", "State", "Records", "Scope"],
          report.adrs.map((adr) => [
            [
              anchorMd(a.of(adr.id)),
              text(adr.number === null ? adr.id : String(adr.number).padStart(4, "0")),
            ],
            clip(flatten(adr.title), 120),
            adr.status,
            adr.state === "drifted"
              ? `drifted (${adr.chain.map((c) => `${c.kind} ${c.id.slice(0, 10)}`).join(" → ")})`
              : "current",
            refsMd(a, adr.record_ids),
            adr.scope.join(", "),
          ]),
        )
      : paragraph("No ADRs yet."),
    heading(2, "Decisions and their code"),
  ];
  if (report.records.length === 0) yield [paragraph("No record names code paths.")];
  for (const r of report.records) {
    yield [
      // The anchor areas and ADRs link to (adrift's own markup: the anchor is escaped to [A-Za-z0-9._-]).
      html(`<a id="${a.of(r.id)}"></a>`),
      heading(3, clip(flatten(r.outcome) || "(no outcome)", 160)),
      paragraph(
        code(r.id),
        ` ${r.kind} · ${r.status} · computed ${r.computed} · based on `,
        code(r.revision.slice(0, 12)),
        ...(r.adrs.length ? [text(" · in "), ...refsMd(a, r.adrs)] : []),
      ),
      ...whyBlocks(whyLines(r.why, r.incomplete ?? [])),
      table(
        ["Path", "State now"],
        r.paths.map((p) => {
          const area = a.areaOfEntry(p.entry);
          const entry: PhrasingContent[] = [code(shownEntry(p.entry))];
          if (area)
            entry.push(text(" "), { type: "link", url: `#${area}`, children: [text("area")] });
          return [entry, pathStateText(p)];
        }),
      ),
    ];
  }
  yield [
    heading(2, `Code areas (depth ${report.depth})`),
    table(
      ["Area", "Files", "Covered", "By stale decisions", "Only by stale", "Decisions", "ADRs"],
      report.areas.map((area) => [
        [anchorMd(a.of(`area:${area.area}`)), code(area.area)],
        String(area.files),
        String(area.covered_files),
        String(area.covered_by_stale),
        String(area.covered_only_by_stale ?? 0),
        refsMd(a, area.decisions),
        refsMd(a, area.adrs),
      ]),
    ),
  ];
  yield [
    heading(2, "Areas no decision covers"),
    report.uncovered.length
      ? list(
          report.uncovered.map((u) => {
            const anchor = a.of(`area:${u}`);
            return paragraph(
              anchor ? { type: "link", url: `#${anchor}`, children: [code(u)] } : code(u),
            );
          }),
        )
      : paragraph("Every area has at least one decision."),
  ];
  yield [
    heading(2, "Propagation"),
    report.propagation.length
      ? list(
          report.propagation.map((p) =>
            paragraph(
              `${p.kind} `,
              code(p.id),
              ` is ${p.state}: ${p.chain.map((c) => `${c.kind} ${c.id} (${c.reason})`).join(" → ")}`,
            ),
          ),
        )
      : paragraph(propagationNote(report)),
  ];
}

/** The correspondence report as Markdown, rendered from its JSON model as one tree. */
export function renderCorrespondenceMarkdown(report: CorrespondenceReport): string {
  return renderMarkdown([...correspondenceSections(report)].flat());
}

/** `renderCorrespondenceMarkdown(report)` in pieces, the same bytes: a few sections at a time. */
export function correspondenceMarkdownChunks(report: CorrespondenceReport): Generator<string> {
  return markdownChunks(correspondenceSections(report));
}
