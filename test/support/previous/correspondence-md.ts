// The renderer as it was before streaming (commit bca4042), kept to prove the streamed bytes equal.
import type { RootContent } from "mdast";
import { renderMermaid } from "../../../src/core/render/mermaid.js";
import {
  code,
  codeBlock,
  heading,
  list,
  paragraph,
  renderMarkdown,
  table,
} from "../../../src/core/render/report-md.js";
import { clip, flatten } from "../../../src/core/render/text.js";
import type {
  CorrespondencePath,
  CorrespondenceReport,
} from "../../../src/core/reports/correspondence.js";

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

/** The correspondence report as Markdown, rendered from its JSON model. */
export function renderCorrespondenceMarkdown(report: CorrespondenceReport): string {
  const s = report.summary;
  const blocks: RootContent[] = [
    heading(1, "Code correspondence"),
    paragraph(
      `At `,
      code(report.head.slice(0, 12)),
      `: ${s.records} records and ${s.adrs} ADRs over ${s.files} files: ${s.covered_files} covered` +
        `${s.covered_by_stale > 0 ? ` (${s.covered_by_stale} by stale decisions)` : ""}, ${s.uncovered_files} uncovered. ` +
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
          report.adrs.map((a) => [
            a.number === null ? a.id : String(a.number).padStart(4, "0"),
            clip(flatten(a.title), 120),
            a.status,
            a.state === "drifted"
              ? `drifted (${a.chain.map((c) => `${c.kind} ${c.id.slice(0, 10)}`).join(" → ")})`
              : "current",
            String(a.record_ids.length),
            a.scope.join(", "),
          ]),
        )
      : paragraph("No ADRs yet."),
    heading(2, "Decisions and their code"),
  ];
  if (report.records.length === 0) blocks.push(paragraph("No record names code paths."));
  for (const r of report.records) {
    blocks.push(
      heading(3, clip(flatten(r.outcome) || "(no outcome)", 160)),
      paragraph(
        code(r.id),
        ` ${r.kind} · ${r.status} · computed ${r.computed} · based on `,
        code(r.revision.slice(0, 12)),
        r.adrs.length ? ` · in ${r.adrs.join(", ")}` : "",
      ),
      table(
        ["Path", "State now"],
        r.paths.map((p) => [code(p.entry), pathStateText(p)]),
      ),
    );
  }
  blocks.push(
    heading(2, `Code areas (depth ${report.depth})`),
    table(
      ["Area", "Files", "Covered", "By stale decisions", "Decisions", "ADRs"],
      report.areas.map((a) => [
        code(a.area),
        String(a.files),
        String(a.covered_files),
        String(a.covered_by_stale),
        a.decisions.length ? a.decisions.join(", ") : "—",
        a.adrs.length ? a.adrs.join(", ") : "—",
      ]),
    ),
    heading(2, "Areas no decision covers"),
    report.uncovered.length
      ? list(report.uncovered.map((u) => paragraph(code(u))))
      : paragraph("Every area has at least one decision."),
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
      : paragraph("Nothing is drifted or suspect."),
  );
  return renderMarkdown(blocks);
}
