import type { CorrespondenceReport } from "../reports/correspondence.js";
import { shownEntry } from "../rules/scope.js";
import { type ReportAnchors, reportAnchors } from "./correspondence-anchors.js";
import { correspondenceGraph } from "./correspondence-graph.js";
import { pathStateText, propagationNote } from "./correspondence-md.js";
import { renderGraphSvg } from "./graph-svg.js";
import { escapeHtml } from "./html-escape.js";
import { renderMermaid } from "./mermaid.js";
import { whyHtml, whyLines } from "./record-why.js";
import { showBidi } from "./site/html.js";
import { clip, flatten } from "./text.js";

export { escapeHtml };

const e = escapeHtml;

const CSS = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1f2328;background:#f6f8fa}
main{max-width:1100px;margin:0 auto;padding:24px}
h1{margin:0 0 4px}h2{margin-top:32px;border-bottom:1px solid #d0d7de;padding-bottom:4px}
.cards{display:flex;gap:12px;flex-wrap:wrap;margin:16px 0}
.card{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:10px 14px;min-width:120px}
.card b{display:block;font-size:22px}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{border:1px solid #d0d7de;padding:6px 8px;text-align:left;vertical-align:top}
bdi,summary,dd{overflow-wrap:anywhere}
div.graph{overflow:auto}
code{font:13px ui-monospace,SFMono-Regular,Menlo,monospace;background:#eff1f3;padding:1px 4px;border-radius:4px}
.bar{background:#eee;border-radius:4px;height:10px;width:160px;overflow:hidden;display:flex}
.bar span{display:block;height:100%}.bar .fresh{background:#2da44e}.bar .stale{background:#d4a72c}
.legend span{display:inline-block;width:10px;height:10px;border-radius:2px;margin:0 4px 0 12px}
.legend .fresh{background:#2da44e}.legend .stale{background:#d4a72c}.legend .none{background:#eee}
a{color:#0969da}.gov{display:block}dl.why{margin:8px 0}dl.why dt{font-weight:600}dl.why dd{margin:0 0 6px 16px}
.s-exists{color:#1a7f37}.s-moved{color:#0969da}.s-missing{color:#cf222e}.s-drifted{color:#9a6700}
.drifted{color:#cf222e;font-weight:600}
details{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:8px 12px;margin:8px 0}
summary{cursor:pointer}pre{overflow:auto;background:#fff;padding:12px;border:1px solid #d0d7de}
@media (max-width:700px){main{padding:12px}th,td{overflow-wrap:anywhere}.bar{width:90px}}
`;

function row(cells: string[], id?: string): string {
  return `<tr${id ? ` id="${e(id)}"` : ""}>${cells.map((c) => `<td>${c}</td>`).join("")}</tr>`;
}

/** Most ids listed in one cell ("and N more" after them). */
const MAX_REFS = 20;

/**
 * An id as the page names it: its first ten characters, linked to where the page describes it
 * (when it does), with its title beside it. Every part is escaped; a title is isolated (`bdi`),
 * so right-to-left characters in it do not reorder what follows.
 */
function refHtml(a: ReportAnchors, id: string): string {
  const anchor = a.of(id);
  const label = `<code>${e(a.label(id))}</code>`;
  const title = a.title(id);
  return `${anchor ? `<a href="#${e(anchor)}">${label}</a>` : label}${title ? ` <bdi>${e(title)}</bdi>` : ""}`;
}

/** Several ids, one per line, the first MAX_REFS of them. */
function refsHtml(a: ReportAnchors, ids: readonly string[]): string {
  if (ids.length === 0) return "—";
  const shown = ids.slice(0, MAX_REFS).map((id) => `<span class="gov">${refHtml(a, id)}</span>`);
  if (ids.length > MAX_REFS)
    shown.push(`<span class="gov">and ${ids.length - MAX_REFS} more</span>`);
  return shown.join("");
}

/** The coverage bar of an area: fresh coverage green, coverage only stale decisions give amber. */
function barHtml(files: number, covered: number, onlyStale: number): string {
  const pct = (n: number) => (files ? Math.round((n / files) * 100) : 0);
  const fresh = pct(covered - onlyStale);
  const stale = pct(onlyStale);
  return `<div class="bar" role="img" aria-label="${fresh}% covered by fresh decisions, ${stale}% only by stale ones"><span class="fresh" style="width:${fresh}%"></span><span class="stale" style="width:${stale}%"></span></div>`;
}

/** The correspondence report as one self-contained HTML page (no scripts, no external assets). */
export function renderCorrespondenceHtml(report: CorrespondenceReport): string {
  let html = "";
  for (const chunk of correspondenceHtmlChunks(report)) html += chunk;
  return html;
}

/**
 * The page in pieces, a table row or a record at a time: the same bytes, never one string.
 * Writing-direction overrides and isolates a person wrote are shown as `<U+202E>`, as on the
 * site: the page's own markup holds none, so the page is the same printed to a terminal (which
 * escapes them) and written with --out, and a title cannot turn the text after it around.
 */
export function* correspondenceHtmlChunks(report: CorrespondenceReport): Generator<string> {
  for (const chunk of pageChunks(report)) yield chunk.replace(BIDI_CONTROLS, (c) => e(showBidi(c)));
}

/** The characters `showBidi` shows as their code points. */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

function* pageChunks(report: CorrespondenceReport): Generator<string> {
  const s = report.summary;
  const a = reportAnchors(report);
  const card = (n: number | string, label: string) =>
    `<div class="card"><b>${e(String(n))}</b>${e(label)}</div>`;
  const onlyStale = s.covered_only_by_stale ?? 0;
  yield `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Code correspondence · ${e(report.head.slice(0, 12))}</title><style>${CSS}</style></head>
<body><main>
<h1>Code correspondence</h1><p>At <code>${e(report.head)}</code>, areas cut at depth ${report.depth}.</p>
${report.notices.map((n) => `<p><b>Note:</b> ${e(n)}</p>`).join("")}
<div class="cards">${card(s.records, "records with code")}${card(s.adrs, "ADRs")}${card(s.stale_records ?? 0, "stale records")}${card(`${s.covered_files}/${s.files}`, "files covered")}${card(s.covered_files - onlyStale, "covered by a fresh decision")}${card(onlyStale, "covered only by stale decisions")}${card(s.uncovered_files, "files uncovered")}${card(s.paths.drifted, "paths drifted")}${card(s.paths.moved, "paths moved")}${card(s.paths.missing, "paths missing")}${card(s.uncovered_areas, "areas uncovered")}</div>
<h2>Code areas</h2><p class="legend"><span class="fresh"></span>covered by a fresh decision<span class="stale"></span>covered only by stale decisions<span class="none"></span>uncovered</p><table><tr><th>Area</th><th>Coverage</th><th>Files</th><th>Governed by</th></tr>`;
  for (const area of report.areas) {
    const only = area.covered_only_by_stale ?? 0;
    yield row(
      [
        `<code>${e(area.area)}</code>`,
        barHtml(area.files, area.covered_files, only),
        `${area.covered_files}/${area.files}${area.covered_by_stale > 0 ? ` (${area.covered_by_stale} by stale decisions${only > 0 ? `, ${only} only by them` : ""})` : ""}`,
        refsHtml(a, [...area.decisions, ...area.adrs]),
      ],
      a.of(`area:${area.area}`),
    );
  }
  yield "</table>\n<h2>Areas no decision covers</h2>";
  if (report.uncovered.length) {
    yield "<ul>";
    for (const u of report.uncovered) {
      const anchor = a.of(`area:${u}`);
      const label = `<code>${e(u)}</code>`;
      yield `<li>${anchor ? `<a href="#${e(anchor)}">${label}</a>` : label}</li>`;
    }
    yield "</ul>";
  } else yield "<p>Every area has at least one decision.</p>";
  yield "\n<h2>ADRs</h2>";
  if (report.adrs.length) {
    yield "<table><tr><th>ADR</th><th>Title</th><th>Status</th><th>State</th><th>Records</th><th>Relations</th><th>Scope</th></tr>";
    for (const adr of report.adrs)
      yield row(
        [
          e(adr.number === null ? adr.id : String(adr.number).padStart(4, "0")),
          `<bdi>${e(clip(flatten(adr.title), 160))}</bdi>`,
          e(adr.status),
          adr.state === "drifted"
            ? `<span class="drifted">drifted</span> ${adr.chain.map((c) => `${e(c.kind)} ${refHtml(a, c.id)}`).join(" → ")}`
            : "current",
          refsHtml(a, adr.record_ids),
          adr.relations.map((r) => `${e(r.type)} ${refHtml(a, r.target)}`).join("<br>") || "—",
          e(adr.scope.join(", ")),
        ],
        a.of(adr.id),
      );
    yield "</table>";
  } else yield "<p>No ADRs yet.</p>";
  yield "\n<h2>Decisions and their code</h2>";
  if (report.records.length === 0) yield "<p>No record names code paths.</p>";
  for (const r of report.records) {
    const entry = (p: (typeof r.paths)[number]) => {
      const anchor = a.areaOfEntry(p.entry);
      const label = `<code>${e(shownEntry(p.entry))}</code>`;
      return anchor ? `${label} <a href="#${e(anchor)}">area</a>` : label;
    };
    // A stale record is open: its why is what a reader re-checks first.
    const stale = r.status === "stale" || r.computed === "stale";
    yield `<details id="${e(a.of(r.id)!)}"${stale ? " open" : ""}><summary><code>${e(r.id)}</code> <bdi>${e(clip(flatten(r.outcome) || "(no outcome)", 200))}</bdi> — ${stale ? '<span class="drifted">stale</span>' : e(r.status)}, computed ${e(r.computed)}</summary>` +
      whyHtml(whyLines(r.why, r.incomplete ?? [])) +
      `<p>${e(r.kind)} based on <code>${e(r.revision.slice(0, 12))}</code>${r.adrs.length ? ` · in ${r.adrs.map((id) => refHtml(a, id)).join(", ")}` : ""}</p>` +
      `<table><tr><th>Path</th><th>State now</th><th>Commits</th></tr>${r.paths
        .map((p) =>
          row([
            entry(p),
            `<span class="s-${p.state}">${e(pathStateText(p))}</span>`,
            e(p.commits.map((c) => `${c.hash.slice(0, 10)} ${c.subject}`).join("; ") || "—"),
          ]),
        )
        .join("")}</table></details>`;
  }
  yield "\n<h2>Propagation</h2>";
  if (report.propagation.length) {
    yield "<ul>";
    for (const p of report.propagation)
      yield `<li>${e(p.kind)} ${refHtml(a, p.id)} is <b>${e(p.state)}</b>: ${p.chain.map((c) => `${e(c.kind)} ${refHtml(a, c.id)} (${e(c.reason)})`).join(" → ")}</li>`;
    yield "</ul>";
  } else yield `<p>${e(propagationNote(report))}</p>`;
  // The graph drawn at build time (the page runs no script); its boxes link to the rows above.
  const anchor = (id: string) => {
    const at = a.of(id);
    return at === undefined ? undefined : `#${at}`;
  };
  const graph = correspondenceGraph(report, {
    adr: anchor,
    area: (area) => anchor(`area:${area}`),
  });
  yield `
<h2>Diagram</h2><div class="graph" tabindex="0" role="region" aria-label="Diagram (scrolls when wider than the window)">${renderGraphSvg(graph, "ADR relations and code areas")}</div><details><summary>Mermaid source of ADR relations and coverage (paste into any Mermaid viewer)</summary><pre>${e(renderMermaid(report))}</pre></details>
</main></body></html>
`;
}
