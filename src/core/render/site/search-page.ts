import type { RecordView } from "../../project/state.js";
import { shownEntry } from "../../rules/scope.js";
import { adrPath, recordPath, type SiteInput } from "../../site/site-model.js";
import { clip, flatten } from "../text.js";
import { adrName } from "./adr-page.js";
import { placeOf, scriptJson, showBidi } from "./html.js";
import { renderPage } from "./layout.js";
import { recordTitle } from "./record-page.js";

/** One searchable text of the site: what it is, its title and words, and its page. */
export type SearchDoc = { id: string; kind: string; title: string; text: string; href: string };

/** A record's search document: its title and every text of its card, its scope and tags. */
function recordDoc(r: RecordView): SearchDoc {
  const c = r.card;
  // Results are shown as text: a direction override in a title is shown, never obeyed.
  return {
    id: r.id,
    kind: r.kind === "intent" ? "card" : "decision",
    title: showBidi(recordTitle(r, 200)),
    text: showBidi(
      [
        c.outcome,
        c.trigger,
        c.chosen_approach,
        c.selection_rationale,
        c.constraints,
        c.validation_plan,
        ...r.considered.flatMap((o) => [o.approach, o.rejected_because]),
        ...(r.basis?.touched_paths ?? []).map(shownEntry),
        ...r.tags,
      ].join("\n"),
    ),
    href: recordPath(r.id),
  };
}

/** Every text of the site as search documents: records, ADRs, questions, rules and stories. */
export function searchDocs(input: SiteInput): SearchDoc[] {
  const docs: SearchDoc[] = [];
  // Results are shown as text: a direction override in a title is shown, never obeyed.
  const push = (doc: SearchDoc) => {
    doc.title = showBidi(doc.title);
    doc.text = showBidi(doc.text);
    docs.push(doc);
  };
  for (const r of input.state.records.values()) docs.push(recordDoc(r));
  for (const a of input.adrs)
    push({
      id: a.id,
      kind: "ADR",
      title: `${adrName(a)} ${flatten(a.title)}`,
      text: clip(a.source ?? "", 20_000),
      href: adrPath(a.id),
    });
  for (const q of input.state.questions.values())
    push({
      id: q.id,
      kind: "question",
      title: clip(flatten(q.question), 200),
      text: [q.question, q.suggestion ?? "", q.answer?.answer ?? ""].join("\n"),
      href: `questions.html#q-${q.id}`,
    });
  for (const rule of input.state.rules.values())
    push({
      id: rule.id,
      kind: "rule",
      title: `${rule.key ?? ""} ${flatten(rule.title)}`.trim(),
      text: rule.text,
      href: `backlog.html#rule-${rule.id}`,
    });
  for (const s of input.state.stories.values())
    push({
      id: s.id,
      kind: "story",
      title: `${s.key ?? ""} ${flatten(s.title)}`.trim(),
      text: [
        ...s.functional_requirements,
        ...s.non_functional_requirements,
        ...s.definition_of_done,
      ].join("\n"),
      href: `backlog.html#story-${s.id}`,
    });
  return docs;
}

/**
 * The search page's own script: builds a MiniSearch index over the embedded documents, reads
 * the query from the address (`?q=`) and the box, and lists the hits as links. Words are split
 * as MiniSearch splits them, at zero-width spaces and at a writing-direction control shown as
 * `<U+202E>`; accents, soft hyphens, joiners and raw direction controls are left out of a word,
 * so a title written `\u202Eflamingo\u202C` is found by "flamingo". Results are
 * made with DOM calls and `textContent`, never HTML; links go to the site's own pages only.
 */
export const SEARCH_SCRIPT = `(function(){
"use strict";
var data=JSON.parse(document.getElementById("search-data").textContent);
var words=function(t){return t.replace(/<U\\+[0-9A-F]{4}>/g," ").split(/[\\n\\r\\p{Z}\\p{P}\\u200b]+/u);};
var fold=function(t){return t.normalize("NFD").replace(/[\\u0300-\\u036f\\u00ad\\u200c-\\u200f\\u202a-\\u202e\\u2060-\\u2069\\ufeff]/g,"").toLowerCase();};
var index=new MiniSearch({fields:["rid","title","text"],tokenize:words,processTerm:fold});
index.addAll(data.docs.map(function(d,i){return {id:i,rid:d.id,title:d.title,text:d.text};}));
var docs=data.docs;
var box=document.getElementById("q");
var list=document.getElementById("results");
var status=document.getElementById("status");
function run(q){
  while(list.firstChild)list.removeChild(list.firstChild);
  q=q.trim();
  if(!q){status.textContent="Type a word of a decision, an id or a path.";return;}
  var exact=docs.filter(function(d){return d.id.toLowerCase()===q.toLowerCase();});
  var hits=index.search(q,{prefix:true,fuzzy:0.15,combineWith:"AND",boost:{title:2}}).map(function(h){return docs[h.id];});
  var seen={};var all=[];
  exact.concat(hits).forEach(function(d){if(!seen[d.href]){seen[d.href]=1;all.push(d);}});
  status.textContent=all.length===0?"Nothing matches.":all.length+" found.";
  all.slice(0,100).forEach(function(d){
    var li=document.createElement("li");
    var kind=document.createElement("span");kind.className="kind";kind.textContent=d.kind;
    var a=document.createElement("a");a.href=d.href;a.textContent=d.title||d.id;
    var id=document.createElement("code");id.className="muted";id.textContent=" "+d.id;
    li.appendChild(kind);li.appendChild(a);li.appendChild(id);list.appendChild(li);
  });
}
var q=new URLSearchParams(location.search).get("q")||"";
box.value=q;run(q);
box.addEventListener("input",function(){run(box.value);});
})();`;

const DATA_START = '<script type="application/json" id="search-data">{"docs":[';
/** Between two documents of the embedded list (JSON strings hold no bare quote: only here). */
const NEXT_DOC = '},{"id":"';

/**
 * The search page of `input` from the page `previous` drew of the same texts but the last
 * `added` records of the fold (new records, the rest as they were): their documents inserted
 * after the other records' ones, before the ADRs'. Undefined when the page holds another
 * count of documents before them than the records it had.
 */
export function searchPageWith(
  input: SiteInput,
  previous: string,
  added: readonly RecordView[],
): string | undefined {
  const before = input.state.records.size - added.length;
  let at = previous.indexOf(DATA_START);
  if (at < 0 || previous.indexOf(DATA_START, at + 1) >= 0) return undefined;
  at += DATA_START.length;
  const end = previous.indexOf("]}</script>", at);
  if (end < 0) return undefined;
  const docs = added.map((r) => scriptJson(recordDoc(r))).join(",");
  if (before > 0 && at === end) return undefined;
  if (before === 0)
    return `${previous.slice(0, at)}${docs}${at < end ? "," : ""}${previous.slice(at)}`;
  // Past the records' documents: the `before`-th document ends at the next boundary, or the end.
  for (let n = 1; n < before; n++) {
    at = previous.indexOf(NEXT_DOC, at);
    if (at < 0 || at > end) return undefined;
    at += 1;
  }
  const next = previous.indexOf(NEXT_DOC, at);
  at = next < 0 || next > end ? end : next + 1;
  return `${previous.slice(0, at)},${docs}${previous.slice(at)}`;
}

/** The search page: the documents embedded as JSON (inert), MiniSearch and the search script inline. */
export function renderSearchPage(input: SiteInput, miniSearch: string): string {
  const place = placeOf("search.html");
  const body = `<h1>Search</h1><p id="status" role="status" aria-live="polite">Search needs script: the box above finds records, ADRs, questions, rules and stories.</p><ol id="results"></ol>`;
  const data = `<script type="application/json" id="search-data">${scriptJson({ docs: searchDocs(input) })}</script>\n`;
  return renderPage(input, place, {
    title: "Search",
    body,
    data,
    scripts: [miniSearch, SEARCH_SCRIPT],
  });
}
