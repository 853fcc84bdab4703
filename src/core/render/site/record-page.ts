import type { RecordView } from "../../project/state.js";
import { type CorrespondencePath, recordPaths } from "../../reports/correspondence.js";
import { shownEntry } from "../../rules/scope.js";
import {
  adrPath,
  recordPath,
  type SiteAdr,
  type SiteDiff,
  type SiteInput,
} from "../../site/site-model.js";
import type { StaleFinding } from "../../staleness/types.js";
import { clip, flatten } from "../text.js";
import { e, link, type PagePlace, placeOf, userText } from "./html.js";
import { badge, renderPage } from "./layout.js";

const FIELDS: [keyof RecordView["card"], string][] = [
  ["trigger", "Trigger"],
  ["chosen_approach", "Chosen approach"],
  ["selection_rationale", "Rationale"],
  ["constraints", "Constraints"],
  ["validation_plan", "Validation plan"],
];

/** A record's title: its outcome, flattened and clipped, or its kind when it has none. */
export function recordTitle(record: RecordView, max = 140): string {
  return clip(flatten(record.card.outcome), max) || `(${record.kind} without an outcome)`;
}

/** A link to a record's page with its title, or its id as text when the site has no such page. */
export function recordLink(input: SiteInput, place: PagePlace, id: string): string {
  const record = input.state.records.get(id);
  if (!record) return `<code>${userText(id)}</code>`;
  return (
    link(place, recordPath(id), `${userText(recordTitle(record, 100))}`) +
    ` <code class="muted">${e(id.slice(0, 10))}</code>`
  );
}

function diffHtml(diff: SiteDiff): string {
  const head = `<h4><code>${userText(diff.path)}</code> <span class="muted">${e(diff.from.slice(0, 10))} → ${e(diff.to.slice(0, 10))}</span></h4>`;
  // A note says why the hunks are not shown, or how many more there are than shown.
  const note = diff.note ? `<p class="muted">${userText(diff.note)}</p>` : "";
  if (!diff.hunks?.length) return `${head}${note || '<p class="muted">changed</p>'}`;
  const lines = diff.hunks.flatMap((h) => [
    `<span class="hunk">@@ -${h.old_start},${h.old_lines} +${h.new_start},${h.new_lines} @@</span>`,
    ...h.lines.map((l) => {
      const cls = l.op === "+" ? "add" : l.op === "-" ? "del" : "";
      const text = `${l.op}${userText(l.text)}`;
      return cls ? `<span class="${cls}">${text}</span>` : `${text}\n`;
    }),
  ]);
  return `${head}<pre class="diff" tabindex="0" aria-label="${e(`changes to ${clip(diff.path, 200)}`)}"><code>${lines.join("")}</code></pre>${note}`;
}

function stalenessHtml(
  input: SiteInput,
  finding: StaleFinding | undefined,
  paths: readonly CorrespondencePath[],
  id: string,
): string {
  if (!finding)
    return "<p>Nothing was computed for this record against HEAD (it names no code).</p>";
  let html = `<p>Against HEAD it is ${badge(finding.state)}${finding.recorded ? " (already marked stale in the log)" : ""}.</p>`;
  if (finding.commits.length) {
    html += `<h3>Commits that changed its code</h3><ul>${finding.commits
      .map(
        (c) =>
          `<li><code>${e(c.hash.slice(0, 10))}</code> ${userText(c.subject)} <span class="muted">— ${userText(c.author)}</span></li>`,
      )
      .join("")}</ul>`;
    if (finding.omitted_commits)
      html += `<p class="muted">and ${finding.omitted_commits} more commits.</p>`;
  }
  if (finding.paths.length)
    html += `<h3>Changed paths</h3><table><tr><th scope="col">Path</th><th scope="col">Change</th></tr>${finding.paths
      .map(
        (p) =>
          `<tr><td><code>${userText(p.path)}</code></td><td>${e(p.change)}${p.new_path ? ` → <code>${userText(p.new_path)}</code>` : ""}</td></tr>`,
      )
      .join("")}</table>`;
  if (finding.anchors?.length)
    html += `<h3>Anchors that changed</h3><ul>${finding.anchors
      .map(
        (a) =>
          `<li><code>${userText(`${a.path}#${a.symbol}`)}</code> ${e(a.change)}${a.new_symbol || a.new_path ? ` → <code>${userText(`${a.new_path ?? a.path}#${a.new_symbol ?? a.symbol}`)}</code>` : ""}</li>`,
      )
      .join("")}</ul>`;
  const diffs = input.diffs.get(id) ?? [];
  if (diffs.length) html += `<h3>The diff since its basis</h3>${diffs.map(diffHtml).join("")}`;
  if (paths.length)
    html += `<h3>Its paths now</h3><table><tr><th scope="col">Entry</th><th scope="col">State</th><th scope="col">Files</th></tr>${paths
      .map(
        (p) =>
          `<tr><td><code>${userText(shownEntry(p.entry))}</code></td><td>${badge(p.state)}${p.new_paths.length ? ` → ${p.new_paths.map((n) => `<code>${userText(n)}</code>`).join(", ")}` : ""}</td><td>${p.matched_files}</td></tr>`,
      )
      .join("")}</table>`;
  return html;
}

function historyHtml(input: SiteInput, place: PagePlace, record: RecordView): string {
  const items: [string, string][] = [
    [record.at, `Recorded by ${userText(record.actor.name)} (${e(record.actor.kind)})`],
  ];
  for (const a of record.amendments)
    items.push([
      a.at,
      `Amended by ${userText(a.actor.name)}: ${e(Object.keys(a.changes ?? {}).join(", ") || "fields")}${a.reason ? ` — ${userText(a.reason)}` : ""}`,
    ]);
  for (const c of record.confirmations)
    items.push([c.at, `Confirmed by ${userText(c.actor.name)}`]);
  for (const m of record.stale_marks)
    items.push([
      m.at,
      `Marked stale by ${userText(m.actor.name)} (${e(m.data.reason.replace("_", " "))})${
        m.data.paths.length
          ? ` — ${m.data.paths
              .slice(0, 10)
              .map((p) => `<code>${userText(p)}</code>`)
              .join(", ")}`
          : ""
      }${m.data.note ? `: ${userText(m.data.note)}` : ""}`,
    ]);
  for (const r of record.reverifications)
    items.push([
      r.at,
      `Re-verified by ${userText(r.actor.name)} at <code>${e(r.data.basis.revision.slice(0, 10))}</code>${r.data.note ? `: ${userText(r.data.note)}` : ""}`,
    ]);
  for (const id of record.supersedes)
    items.push([record.at, `Supersedes ${recordLink(input, place, id)}`]);
  if (record.superseded_by)
    items.push(["", `Superseded by ${recordLink(input, place, record.superseded_by)}`]);
  items.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return `<ol class="timeline">${items.map(([at, text]) => `<li>${at ? `<time datetime="${e(at)}">${e(at.slice(0, 10))}</time> ` : ""}${text}</li>`).join("")}</ol>`;
}

/** The page of one record: its why, its live state, its anchors, what made it stale, its history. */
export function renderRecordPage(
  input: SiteInput,
  record: RecordView,
  adrs: readonly SiteAdr[] = input.adrs.filter((a) => a.record_ids.includes(record.id)),
): string {
  const place = placeOf(recordPath(record.id));
  const finding = input.findings.get(record.id);
  const paths = recordPaths(record, finding, input.countMatches);
  let body = `<p class="muted"><span class="kind">${e(record.kind === "intent" ? "intent card" : "decision")}</span><code>${e(record.id)}</code></p>`;
  body += `<h1>${userText(recordTitle(record, 400))}</h1>`;
  body += `<p>Log status ${badge(record.status)} · computed ${badge(finding?.state ?? "unknown")} · ${badge(record.consent)} · recorded <time datetime="${e(record.at)}">${e(record.at.slice(0, 10))}</time> by ${userText(record.actor.name)}</p>`;
  if (record.card.outcome.length > 400)
    body += `<div class="field"><h2>Outcome</h2><p>${userText(record.card.outcome)}</p></div>`;
  for (const [key, label] of FIELDS)
    body += `<section class="field"><h2>${label}</h2><p>${record.card[key] ? userText(record.card[key]) : '<span class="muted">not written</span>'}</p></section>`;
  if (record.considered.length)
    body += `<h2>Options considered</h2><table><tr><th scope="col">Option</th><th scope="col">Why not</th></tr>${record.considered
      .map(
        (c) => `<tr><td>${userText(c.approach)}</td><td>${userText(c.rejected_because)}</td></tr>`,
      )
      .join("")}</table>`;
  if (adrs.length)
    body += `<h2>In ADRs</h2><ul>${adrs.map((a) => `<li>${link(place, adrPath(a.id), userText(clip(flatten(a.title), 200) || a.id))}</li>`).join("")}</ul>`;
  if (record.question_id) {
    const q = input.state.questions.get(record.question_id);
    body += `<p>Answers the question: ${q ? userText(clip(flatten(q.question), 300)) : `<code>${userText(record.question_id)}</code>`}</p>`;
  }
  body += "<h2>Code it rests on</h2>";
  if (record.basis) {
    body += `<p>Based on <code>${e(record.basis.revision.slice(0, 12))}</code>.</p>`;
    body += `<ul>${record.basis.touched_paths.map((p) => `<li><code>${userText(shownEntry(p))}</code></li>`).join("")}</ul>`;
    if (record.basis.anchors?.length)
      body += `<h3>Anchors</h3><ul>${record.basis.anchors.map((a) => `<li><code>${userText(`${a.path}#${a.symbol}`)}</code></li>`).join("")}</ul>`;
  } else body += "<p>It names no code.</p>";
  body += `<h2>Live state</h2>${stalenessHtml(input, finding, paths, record.id)}`;
  body += `<h2>History</h2>${historyHtml(input, place, record)}`;
  return renderPage(input, place, { title: recordTitle(record, 80), body });
}
