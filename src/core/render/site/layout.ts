import type { SiteInput } from "../../site/site-model.js";
import { e, type PagePlace, userText } from "./html.js";

const CSS = `
*{box-sizing:border-box}
body{font:15px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1f2328;background:#f6f8fa}
a{color:#0550ae}a:focus-visible,input:focus-visible,button:focus-visible,pre:focus-visible{outline:3px solid #0969da;outline-offset:2px}
.skip{position:absolute;left:-9999px}.skip:focus{left:8px;top:8px;background:#fff;padding:4px 8px;z-index:2}
header{background:#fff;border-bottom:1px solid #d0d7de}
.bar-top{max-width:1100px;margin:0 auto;padding:10px 24px;display:flex;flex-wrap:wrap;gap:12px 20px;align-items:center}
nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:4px 16px;margin:0;padding:0}
.home{font-weight:700;color:#1f2328;text-decoration:none}
form.search{margin-left:auto;display:flex;gap:6px;align-items:center}
form.search input{font:inherit;padding:4px 8px;border:1px solid #6e7781;border-radius:6px;min-width:220px}
form.search button{font:inherit;padding:4px 10px;border:1px solid #6e7781;border-radius:6px;background:#f6f8fa;color:#1f2328}
main{max-width:1100px;margin:0 auto;padding:16px 24px 40px}
h1{margin:8px 0 4px;font-size:26px;overflow-wrap:anywhere}h2{margin-top:28px;border-bottom:1px solid #d0d7de;padding-bottom:4px;font-size:20px}
h3{font-size:16px}
.muted{color:#57606a}
main li,main p,main h2,main h3{overflow-wrap:anywhere}
.cards{display:flex;gap:12px;flex-wrap:wrap;margin:16px 0}
.card{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:10px 14px;min-width:130px}
.card b{display:block;font-size:22px}
table{border-collapse:collapse;width:100%;background:#fff;margin:8px 0}
th,td{border:1px solid #d0d7de;padding:6px 8px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{background:#f6f8fa;overflow-wrap:normal}
code{font:13px ui-monospace,SFMono-Regular,Menlo,monospace;background:#eff1f3;padding:1px 4px;border-radius:4px;overflow-wrap:anywhere}
pre{overflow:auto;background:#fff;padding:12px;border:1px solid #d0d7de;border-radius:6px;font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace}
pre code{background:none;padding:0}
.field{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:8px 14px;margin:8px 0}
.field h2,.field h3{margin:4px 0;font-size:16px;border:0;padding:0}
td.area code{white-space:nowrap}.field p{margin:4px 0;white-space:pre-wrap;overflow-wrap:anywhere}
.state{display:inline-block;border-radius:12px;padding:0 8px;font-size:13px;font-weight:600;border:1px solid;white-space:nowrap;overflow-wrap:normal}
.st-fresh,.st-current,.st-active,.st-confirmed{color:#116329;background:#dafbe1;border-color:#116329}
.st-stale,.st-drifted,.st-missing{color:#a40e26;background:#ffebe9;border-color:#a40e26}
.st-moved{color:#0550ae;background:#ddf4ff;border-color:#0550ae}
.st-review,.st-touched,.st-proposed,.st-open{color:#7d4e00;background:#fff8c5;border-color:#7d4e00}
.st-superseded,.st-unknown,.st-answered{color:#424a53;background:#eaeef2;border-color:#424a53}
.meter{display:flex;background:#eaeef2;border-radius:4px;height:12px;width:180px;overflow:hidden}
.meter .fresh{background:#1a7f37}.meter .stale{background:#cf222e}
.diff .add{background:#dafbe1;display:block}.diff .del{background:#ffebe9;display:block}.diff .hunk{color:#57606a;display:block}
ol.timeline{list-style:none;padding:0}ol.timeline li{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:8px 12px;margin:6px 0;overflow-wrap:anywhere}
.kind{font-size:12px;text-transform:uppercase;letter-spacing:.04em;color:#57606a;margin-right:6px}
.graph-wrap{overflow:auto;background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:8px}
.adr-body{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:4px 20px;overflow-wrap:anywhere}
#results li{margin:8px 0}
footer{max-width:1100px;margin:0 auto;padding:8px 24px 24px;color:#57606a;font-size:13px}
@media (max-width:700px){main{padding:12px 12px 32px}main th,td.area code{white-space:normal;overflow-wrap:anywhere}.meter{width:90px}}
`;

const NAV: [string, string][] = [
  ["records.html", "Records"],
  ["adrs.html", "ADRs"],
  ["graph.html", "Graph"],
  ["code.html", "Code map"],
  ["questions.html", "Questions"],
  ["backlog.html", "Backlog"],
];

/** What a page brings to the shell: its title, its content, and the scripts it runs inline. */
export type PageParts = { title: string; body: string; scripts?: string[]; data?: string };

/**
 * One page of the site: the Content-Security-Policy (no request leaves the site, only the
 * page's own inline scripts run, named by their hashes), the header with the navigation and a
 * search form that works without script, the content, the footer.
 */
export function renderPage(input: SiteInput, place: PagePlace, parts: PageParts): string {
  const scripts = [...(parts.scripts ?? []), ...(input.liveReload ? [input.liveReload] : [])];
  const scriptSrc = scripts.length
    ? scripts.map((s) => `'sha256-${input.scriptHash(s)}'`).join(" ")
    : "'none'";
  const csp = `default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src ${scriptSrc}; connect-src 'self'; form-action 'self'; base-uri 'none'`;
  const nav = NAV.map(
    ([to, label]) =>
      `<li><a href="${e(place.root + to)}"${place.path === to ? ' aria-current="page"' : ""}>${label}</a></li>`,
  ).join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="referrer" content="no-referrer">
<title>${userText(parts.title)} · ${userText(input.name)}</title><style>${CSS}</style></head>
<body><a class="skip" href="#main">Skip to content</a>
<header><div class="bar-top"><a class="home" href="${e(`${place.root}index.html`)}">${userText(input.name)} decisions</a>
<nav aria-label="Site"><ul>${nav}</ul></nav>
<form class="search" role="search" action="${e(`${place.root}search.html`)}" method="get"><label for="q">Search</label><input id="q" name="q" type="search" placeholder="words, an id, a path"><button type="submit">Go</button></form></div></header>
<main id="main">
${parts.body}
</main>
<footer>Built by adrift from the decision log.</footer>
${parts.data ?? ""}${scripts.map((s) => `<script>${s}</script>`).join("")}
</body></html>
`;
}

/** A state as a small labelled badge. */
export function badge(state: string, prefix = ""): string {
  return `<span class="state st-${e(state.replace(/[^a-z_-]/gi, ""))}">${e(prefix + state)}</span>`;
}
