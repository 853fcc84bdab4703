import { adrPath, type SiteAdr, type SiteInput } from "../../site/site-model.js";
import { e, link, placeOf, userText } from "./html.js";
import { badge, renderPage } from "./layout.js";
import { markdownHtml } from "./markdown-html.js";
import { recordLink } from "./record-page.js";

/** An ADR's short name: `ADR-0003` when it has a number, else its id. */
export function adrName(adr: Pick<SiteAdr, "number" | "id">): string {
  return adr.number === null ? adr.id : `ADR-${String(adr.number).padStart(4, "0")}`;
}

/** `%20` and its kin decoded, as a browser reads a link; the text as written when it is not valid. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** `target` read from the folder of the file `from` (both `/`-separated, repository-relative). */
function joinPath(from: string, target: string): string {
  const parts = from.split("/").slice(0, -1);
  for (const part of target.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  return parts.join("/");
}

/** The page of one ADR: its Markdown rendered, its state and relations, the records behind it. */
export function renderAdrPage(input: SiteInput, adr: SiteAdr): string {
  const place = placeOf(adrPath(adr.id));
  const byRef = new Map<string, string>();
  for (const other of input.adrs) {
    byRef.set(other.path.replace(/^.*\//, ""), adrPath(other.id).slice(5));
    byRef.set(other.path, adrPath(other.id));
  }
  // A link from one ADR file to another goes to that ADR's page (its name as written, `%20`
  // and all, or as a link in angle brackets); a relative link to anything else names no page of
  // the site, so it is shown as its text (null). Anchors and http(s)/mailto links are left to
  // the renderer's own rules (undefined).
  const rewriteHref = (href: string): string | null | undefined => {
    const written = href.trim();
    if (written === "" || written.startsWith("#") || written.startsWith("//")) return undefined;
    if (/^[a-z][a-z0-9+.-]*:/i.test(written)) return undefined;
    const file = decoded(written.replace(/[?#].*$/, ""));
    const to =
      byRef.get(joinPath(adr.path, file)) ??
      byRef.get(file.replace(/^\.\//, "")) ??
      byRef.get(file.replace(/^.*\//, ""));
    return to ? place.root + (to.startsWith("adrs/") ? to : `adrs/${to}`) : null;
  };
  const titleOf = (id: string) => {
    const target = input.adrs.find((a) => a.id === id);
    return target
      ? link(place, adrPath(target.id), userText(`${adrName(target)} ${target.title}`))
      : `<code>${userText(id)}</code>`;
  };
  let body = `<p class="muted"><span class="kind">ADR</span>${userText(adrName(adr))} · <code>${userText(adr.path)}</code></p>`;
  body += `<h1>${userText(adr.title || adrName(adr))}</h1>`;
  body += `<p>Status ${userText(adr.status)} · ${badge(adr.state)}${adr.date ? ` · dated ${userText(adr.date)}` : ""}</p>`;
  if (adr.chain.length)
    body += `<p>Drifted through: ${adr.chain.map((c) => (c.kind === "decision" || c.kind === "intent" ? recordLink(input, place, c.id) : `${e(c.kind)} <code>${userText(c.id)}</code>`)).join(" → ")}</p>`;
  if (adr.relations.length)
    body += `<h2>Relations</h2><ul>${adr.relations.map((r) => `<li>${userText(r.type)} ${titleOf(r.target)}</li>`).join("")}</ul>`;
  body += `<h2>Records behind it</h2>`;
  body += adr.record_ids.length
    ? `<ul>${adr.record_ids.map((id) => `<li>${recordLink(input, place, id)} ${badge(input.states.get(id) ?? input.state.records.get(id)?.status ?? "unknown")}</li>`).join("")}</ul>`
    : "<p>It names no record.</p>";
  if (adr.scope.length)
    body += `<h2>Code it governs</h2><ul>${adr.scope.map((s) => `<li><code>${userText(s)}</code></li>`).join("")}</ul>`;
  body += `<h2>Text</h2><div class="adr-body">${adr.source === undefined ? '<p class="muted">The file could not be read.</p>' : markdownHtml(input.parseMarkdown(adr.source), { rewriteHref })}</div>`;
  return renderPage(input, place, { title: `${adrName(adr)} ${adr.title}`, body });
}
