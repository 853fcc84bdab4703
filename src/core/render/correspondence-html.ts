import type { CorrespondenceReport } from "../reports/correspondence.js";
import { pathStateText } from "./correspondence-md.js";
import { escapeHtml } from "./html-escape.js";
import { renderMermaid } from "./mermaid.js";
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
code{font:13px ui-monospace,SFMono-Regular,Menlo,monospace;background:#eff1f3;padding:1px 4px;border-radius:4px}
.bar{background:#eee;border-radius:4px;height:10px;width:160px;overflow:hidden}
.bar span{display:block;height:100%;background:#2da44e}
.s-exists{color:#1a7f37}.s-moved{color:#0969da}.s-missing{color:#cf222e}.s-drifted{color:#9a6700}
.drifted{color:#cf222e;font-weight:600}
details{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:8px 12px;margin:8px 0}
summary{cursor:pointer}pre{overflow:auto;background:#fff;padding:12px;border:1px solid #d0d7de}
`;

function row(cells: string[]): string {
  return `<tr>${cells.map((c) => `<td>${c}</td>`).join("")}</tr>`;
}

/** The correspondence report as one self-contained HTML page (no scripts, no external assets). */
export function renderCorrespondenceHtml(report: CorrespondenceReport): string {
  let html = "";
  for (const chunk of correspondenceHtmlChunks(report)) html += chunk;
  return html;
}

/** The page in pieces, a table row or a record at a time: the same bytes, never one string. */
export function* correspondenceHtmlChunks(report: CorrespondenceReport): Generator<string> {
  const s = report.summary;
  const card = (n: number | string, label: string) =>
    `<div class="card"><b>${e(String(n))}</b>${e(label)}</div>`;
  yield `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Code correspondence · ${e(report.head.slice(0, 12))}</title><style>${CSS}</style></head>
<body><main>
<h1>Code correspondence</h1><p>At <code>${e(report.head)}</code>, areas cut at depth ${report.depth}.</p>
${report.notices.map((n) => `<p><b>Note:</b> ${e(n)}</p>`).join("")}
<div class="cards">${card(s.records, "records with code")}${card(s.adrs, "ADRs")}${card(`${s.covered_files}/${s.files}`, "files covered")}${card(s.covered_by_stale, "covered by stale decisions")}${card(s.uncovered_files, "files uncovered")}${card(s.paths.drifted, "paths drifted")}${card(s.paths.moved, "paths moved")}${card(s.paths.missing, "paths missing")}${card(s.uncovered_areas, "areas uncovered")}</div>
<h2>Code areas</h2><table><tr><th>Area</th><th>Coverage</th><th>Files</th><th>Governed by</th></tr>`;
  for (const a of report.areas) {
    const pct = a.files ? Math.round((a.covered_files / a.files) * 100) : 0;
    yield row([
      `<code>${e(a.area)}</code>`,
      `<div class="bar" title="${pct}%"><span style="width:${pct}%"></span></div>`,
      `${a.covered_files}/${a.files}${a.covered_by_stale > 0 ? ` (${a.covered_by_stale} by stale decisions)` : ""}`,
      e([...a.decisions, ...a.adrs].join(", ") || "—"),
    ]);
  }
  yield "</table>\n<h2>Areas no decision covers</h2>";
  if (report.uncovered.length) {
    yield "<ul>";
    for (const u of report.uncovered) yield `<li><code>${e(u)}</code></li>`;
    yield "</ul>";
  } else yield "<p>Every area has at least one decision.</p>";
  yield "\n<h2>ADRs</h2>";
  if (report.adrs.length) {
    yield "<table><tr><th>ADR</th><th>Title</th><th>Status</th><th>State</th><th>Relations</th><th>Scope</th></tr>";
    for (const a of report.adrs)
      yield row([
        e(a.number === null ? a.id : String(a.number).padStart(4, "0")),
        e(clip(flatten(a.title), 160)),
        e(a.status),
        a.state === "drifted"
          ? `<span class="drifted">drifted</span> ${e(a.chain.map((c) => `${c.kind} ${c.id}`).join(" → "))}`
          : "current",
        e(a.relations.map((r) => `${r.type} ${r.target}`).join(", ") || "—"),
        e(a.scope.join(", ")),
      ]);
    yield "</table>";
  } else yield "<p>No ADRs yet.</p>";
  yield "\n<h2>Decisions and their code</h2>";
  if (report.records.length === 0) yield "<p>No record names code paths.</p>";
  for (const r of report.records)
    yield `<details><summary><code>${e(r.id)}</code> ${e(clip(flatten(r.outcome) || "(no outcome)", 200))} — ${e(r.status)}, computed ${e(r.computed)}</summary>` +
      `<p>${e(r.kind)} based on <code>${e(r.revision.slice(0, 12))}</code>${r.adrs.length ? ` · in ${e(r.adrs.join(", "))}` : ""}</p>` +
      `<table><tr><th>Path</th><th>State now</th><th>Commits</th></tr>${r.paths
        .map((p) =>
          row([
            `<code>${e(p.entry)}</code>`,
            `<span class="s-${p.state}">${e(pathStateText(p))}</span>`,
            e(p.commits.map((c) => `${c.hash.slice(0, 10)} ${c.subject}`).join("; ") || "—"),
          ]),
        )
        .join("")}</table></details>`;
  yield "\n<h2>Propagation</h2>";
  if (report.propagation.length) {
    yield "<ul>";
    for (const p of report.propagation)
      yield `<li>${e(p.kind)} <code>${e(p.id)}</code> is <b>${e(p.state)}</b>: ${e(p.chain.map((c) => `${c.kind} ${c.id} (${c.reason})`).join(" → "))}</li>`;
    yield "</ul>";
  } else yield "<p>Nothing is drifted or suspect.</p>";
  yield `
<h2>Diagram</h2><details><summary>Mermaid source of ADR relations and coverage (paste into any Mermaid viewer)</summary><pre>${e(renderMermaid(report))}</pre></details>
</main></body></html>
`;
}
