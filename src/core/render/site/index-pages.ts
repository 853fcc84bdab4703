import type { RecordView } from "../../project/state.js";
import { adrPath, recordPath, type SiteInput } from "../../site/site-model.js";
import { clip, flatten } from "../text.js";
import { adrName } from "./adr-page.js";
import { e, link, placeOf, userText } from "./html.js";
import { badge, renderPage } from "./layout.js";
import { recordLink, recordTitle } from "./record-page.js";

/** Most stale records the records page lists before the full list (which holds them all too). */
export const STALE_LIMIT = 200;

/** Most entries the home page's timeline lists (the records page lists them all). */
export const TIMELINE_LIMIT = 200;

const byAtDesc = (a: { at: string }, b: { at: string }) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0);

function liveState(input: SiteInput, record: RecordView): string {
  if (record.status === "superseded") return "superseded";
  return input.states.get(record.id) ?? record.status;
}

/** The home page: counts, what needs a look, and the timeline of ADRs, decisions and cards. */
export function renderHome(input: SiteInput): string {
  const place = placeOf("index.html");
  const records = [...input.state.records.values()];
  const stale = records.filter((r) => r.status !== "superseded" && liveState(input, r) === "stale");
  const open = [...input.state.questions.values()].filter((q) => q.status === "open");
  const card = (n: number | string, label: string, to: string) =>
    `<div class="card"><b>${e(String(n))}</b>${link(place, to, e(label))}</div>`;
  let body = `<h1>Decisions of ${userText(input.name)}</h1><p class="muted">What was decided, why, and whether the code still agrees at <code>${e(input.report.head.slice(0, 12) || "no commit")}</code>.</p>`;
  body += `<div class="cards">${card(records.filter((r) => r.kind === "decision").length, "decisions", "records.html")}${card(records.filter((r) => r.kind === "intent").length, "intent cards", "records.html")}${card(input.adrs.length, "ADRs", "adrs.html")}${card(stale.length, "stale now", "records.html#stale")}${card(open.length, "open questions", "questions.html")}${card(`${input.report.summary.covered_files}/${input.report.summary.files}`, "files covered", "code.html")}</div>`;
  if (stale.length) {
    body += `<h2>Stale now</h2><ul>${stale
      .sort(byAtDesc)
      .slice(0, 50)
      .map((r) => `<li>${recordLink(input, place, r.id)}</li>`)
      .join("")}</ul>`;
  }
  // Drawn only for the newest entries the timeline shows, not for every record.
  type Entry = { at: string; html: () => string };
  const entries: Entry[] = records.map((r) => ({
    at: r.at,
    html: () =>
      `<span class="kind">${r.kind === "intent" ? "card" : "decision"}</span>${link(place, recordPath(r.id), userText(recordTitle(r)))} ${badge(liveState(input, r))}`,
  }));
  for (const adr of input.adrs)
    entries.push({
      at: adr.date ?? input.state.adrs.get(adr.id)?.at ?? "",
      html: () =>
        `<span class="kind">ADR</span>${link(place, adrPath(adr.id), userText(`${adrName(adr)} ${adr.title}`))} ${badge(adr.state)}`,
    });
  entries.sort(byAtDesc);
  body += `<h2>Timeline</h2><ol class="timeline">${entries
    .slice(0, TIMELINE_LIMIT)
    .map(
      (x) =>
        `<li>${x.at ? `<time datetime="${e(x.at)}">${e(x.at.slice(0, 10))}</time> ` : ""}${x.html()}</li>`,
    )
    .join("")}</ol>`;
  if (entries.length > TIMELINE_LIMIT)
    body += `<p>${entries.length - TIMELINE_LIMIT} older entries: see ${link(place, "records.html", "every record")} and ${link(place, "adrs.html", "every ADR")}.</p>`;
  return renderPage(input, place, { title: "Home", body });
}

/** A record's row in the records page's tables. */
function recordRow(input: SiteInput, r: RecordView): string {
  const place = placeOf("records.html");
  return `<tr><td>${link(place, recordPath(r.id), userText(recordTitle(r)))}</td><td>${e(r.kind)}</td><td>${badge(liveState(input, r))}</td><td><time datetime="${e(r.at)}">${e(r.at.slice(0, 10))}</time></td><td><code>${e(r.id)}</code></td></tr>`;
}

const recordsCount = (n: number) => `<h1>Records</h1><p>${n} records:`;

/** Every record in one table, stale ones first. */
export function renderRecordsPage(input: SiteInput): string {
  const place = placeOf("records.html");
  const records = [...input.state.records.values()].sort(byAtDesc);
  const row = (r: RecordView) => recordRow(input, r);
  const head = `<tr><th scope="col">Outcome</th><th scope="col">Kind</th><th scope="col">State</th><th scope="col">Recorded</th><th scope="col">Id</th></tr>`;
  const stale = records.filter((r) => liveState(input, r) === "stale");
  let body = `${recordsCount(records.length)} decisions and intent cards, newest first.</p>`;
  body += `<h2 id="stale">Stale (${stale.length})</h2>`;
  // The newest stale ones; all of them are in the full list below, with their state.
  body += stale.length
    ? `<table>${head}${stale.slice(0, STALE_LIMIT).map(row).join("")}</table>${stale.length > STALE_LIMIT ? `<p>${stale.length - STALE_LIMIT} more stale records in the list below.</p>` : ""}`
    : "<p>No record is stale.</p>";
  body += `<h2>All</h2><table>${head}${records.map(row).join("")}</table>`;
  return renderPage(input, place, { title: "Records", body });
}

/** Where the full list of the records page starts (its rows follow its head). */
const ALL_ROWS = "<h2>All</h2><table>";
const TIME_AT = '<time datetime="';

/**
 * The records page of `input` from the page `previous` drew of the same records but the last
 * `added` of its fold (new records, none stale, the rest as they were): their rows inserted
 * where the full list's order puts them — after every row recorded at the same time or later,
 * the new records being last in the fold's order — and the count raised. Undefined when the
 * page cannot tell where (a time that escaping would change, a page drawn otherwise).
 */
export function recordsPageWith(
  input: SiteInput,
  previous: string,
  added: readonly RecordView[],
): string | undefined {
  const before = input.state.records.size - added.length;
  const count = recordsCount(before);
  const at = previous.indexOf(count);
  let all = previous.indexOf(ALL_ROWS);
  if (at < 0 || all < 0 || previous.indexOf(count, at + 1) >= 0) return undefined;
  all = previous.indexOf("</tr>", all) + "</tr>".length; // past the head
  const end = previous.indexOf("</table>", all);
  if (all < "</tr>".length || end < 0) return undefined;
  // The full list's rows: where each starts, and when it was recorded.
  const rows: { start: number; at: string }[] = [];
  for (let i = previous.indexOf(TIME_AT, all); i >= 0 && i < end; ) {
    const close = previous.indexOf('"', i + TIME_AT.length);
    rows.push({
      start: previous.lastIndexOf("<tr>", i),
      at: previous.slice(i + TIME_AT.length, close),
    });
    i = previous.indexOf(TIME_AT, close);
  }
  if (rows.length !== before) return undefined;
  const inserted: { start: number; at: string; html: string }[] = [];
  for (const record of added) {
    if (e(record.at) !== record.at || liveState(input, record) === "stale") return undefined;
    inserted.push({
      start: rows.find((row) => row.at < record.at)?.start ?? end,
      at: record.at,
      html: recordRow(input, record),
    });
  }
  let page = "";
  let from = 0;
  // In the fold's order, each new row after the earlier new ones that stand at the same place.
  const ordered = inserted
    .map((x, i) => ({ ...x, i }))
    .sort((a, b) => a.start - b.start || (a.at < b.at ? 1 : a.at > b.at ? -1 : a.i - b.i));
  for (const x of ordered) {
    page += previous.slice(from, x.start) + x.html;
    from = x.start;
  }
  page += previous.slice(from);
  return page.replace(count, recordsCount(input.state.records.size));
}

/** Every ADR: number, title, status, state. */
export function renderAdrsPage(input: SiteInput): string {
  const place = placeOf("adrs.html");
  let body = `<h1>ADRs</h1>`;
  body += input.adrs.length
    ? `<table><tr><th scope="col">ADR</th><th scope="col">Title</th><th scope="col">Status</th><th scope="col">State</th><th scope="col">Records</th></tr>${input.adrs
        .map(
          (a) =>
            `<tr><td>${e(adrName(a))}</td><td>${link(place, adrPath(a.id), userText(a.title || a.id))}</td><td>${userText(a.status)}</td><td>${badge(a.state)}</td><td>${a.record_ids.length}</td></tr>`,
        )
        .join("")}</table>`
    : "<p>No ADRs yet.</p>";
  return renderPage(input, place, { title: "ADRs", body });
}

/** The code map: each area with its files covered by fresh and by stale decisions. */
export function renderCodeMap(input: SiteInput): string {
  const place = placeOf("code.html");
  const s = input.report.summary;
  let body = `<h1>Code map</h1><p>Areas cut at depth ${input.report.depth}. ${s.covered_files} of ${s.files} files are governed by a decision or an accepted ADR; ${s.covered_by_stale} of them by a stale decision. Green: covered and fresh; red: covered by a stale decision; grey: no decision.</p>`;
  body += `<table><tr><th scope="col">Area</th><th scope="col">Coverage</th><th scope="col">Files</th><th scope="col">Governed by</th></tr>`;
  const adrs = new Map(input.adrs.map((adr) => [adr.id, adr]));
  for (const a of input.report.areas) {
    const fresh = a.files ? ((a.covered_files - a.covered_by_stale) / a.files) * 100 : 0;
    const stale = a.files ? (a.covered_by_stale / a.files) * 100 : 0;
    const governors = [
      ...a.adrs.map((id) => {
        const adr = adrs.get(id);
        return adr
          ? link(place, adrPath(id), userText(adrName(adr)))
          : `<code>${userText(id)}</code>`;
      }),
      ...a.decisions.slice(0, 20).map((id) => recordLink(input, place, id)),
    ];
    const more = a.decisions.length > 20 ? ` and ${a.decisions.length - 20} more` : "";
    body += `<tr><td class="area"><code>${userText(a.area)}</code></td><td><div class="meter" role="img" aria-label="${e(`${a.covered_files - a.covered_by_stale} fresh, ${a.covered_by_stale} stale, ${a.files - a.covered_files} uncovered of ${a.files} files`)}"><span class="fresh" style="width:${fresh.toFixed(1)}%"></span><span class="stale" style="width:${stale.toFixed(1)}%"></span></div></td><td>${a.covered_files}/${a.files}${a.covered_by_stale ? ` (${a.covered_by_stale} by stale decisions)` : ""}</td><td>${governors.join("<br>") || "—"}${more}</td></tr>`;
  }
  body += "</table>";
  return renderPage(input, place, { title: "Code map", body });
}

/** The open questions queue, then the answered ones with the decision each answer became. */
export function renderQuestionsPage(input: SiteInput): string {
  const place = placeOf("questions.html");
  const questions = [...input.state.questions.values()].sort(byAtDesc);
  const open = questions.filter((q) => q.status === "open");
  const answered = questions.filter((q) => q.status === "answered");
  let body = `<h1>Questions</h1><h2>Open (${open.length})</h2>`;
  body += open.length
    ? `<ul>${open.map((q) => `<li id="q-${e(q.id)}">${userText(clip(flatten(q.question), 600))}${q.suggestion ? ` <span class="muted">— suggested: ${userText(clip(flatten(q.suggestion), 300))}</span>` : ""} <span class="muted">(asked by ${userText(q.author.name)}, <time datetime="${e(q.at)}">${e(q.at.slice(0, 10))}</time>)</span></li>`).join("")}</ul>`
    : "<p>No question waits for an answer.</p>";
  body += `<h2>Answered (${answered.length})</h2>`;
  body += answered.length
    ? `<ul>${answered.map((q) => `<li id="q-${e(q.id)}">${userText(clip(flatten(q.question), 300))} → ${q.answer ? `${userText(clip(flatten(q.answer.answer), 300))} (${recordLink(input, place, q.answer.decision_id)})` : ""}</li>`).join("")}</ul>`
    : "<p>None yet.</p>";
  return renderPage(input, place, { title: "Questions", body });
}

/** The backlog: rules with the stories that cover them, and the stories and tasks. */
export function renderBacklogPage(input: SiteInput): string {
  const place = placeOf("backlog.html");
  const { coverage, state } = input;
  let body = `<h1>Backlog</h1><p>${coverage.covered} of ${coverage.total} rules are covered by a story.</p>`;
  body += `<h2>Rules</h2>`;
  body += coverage.rules.length
    ? `<table><tr><th scope="col">Rule</th><th scope="col">Stories</th><th scope="col">Tasks</th></tr>${coverage.rules
        .map(
          (r) =>
            `<tr id="rule-${e(r.rule_id)}"><td>${r.key ? `<code>${userText(r.key)}</code> ` : ""}${userText(r.title)}</td><td>${r.stories.map((s) => `<a href="#story-${e(s.id)}">${userText(s.key ?? "")} ${userText(s.title)}</a> ${badge(s.status)}`).join("<br>") || '<span class="st-stale state">uncovered</span>'}</td><td>${r.tasks.length}</td></tr>`,
        )
        .join("")}</table>`
    : "<p>No business rules recorded.</p>";
  const stories = [...state.stories.values()];
  body += `<h2>Stories</h2>`;
  body += stories.length
    ? stories
        .map(
          (s) =>
            `<section class="field" id="story-${e(s.id)}"><h3>${s.key ? `<code>${userText(s.key)}</code> ` : ""}${userText(s.title)} ${badge(s.status)}</h3><ul>${s.task_ids
              .map((id) => state.tasks.get(id))
              .filter((t) => t !== undefined)
              .map(
                (t) =>
                  `<li>${t.key ? `<code>${userText(t.key)}</code> ` : ""}${userText(t.title)} ${badge(t.status)}</li>`,
              )
              .join("")}</ul></section>`,
        )
        .join("")
    : "<p>No stories recorded.</p>";
  return renderPage(input, place, { title: "Backlog", body });
}
