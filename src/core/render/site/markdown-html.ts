import type { Nodes, Root, Table } from "mdast";
import { e, safeHref, userText } from "./html.js";

/** Options: where a link found in the document goes instead (an ADR's link to another ADR). */
/**
 * `rewriteHref` gives a link's new target, null when the link leads nowhere on the site (it is
 * shown as its text, saying where it pointed), or undefined to leave it to the usual rules.
 */
export type MarkdownHtmlOptions = { rewriteHref?: (href: string) => string | null | undefined };

function children(node: Nodes, options: MarkdownHtmlOptions): string {
  return "children" in node
    ? (node.children as Nodes[]).map((c) => nodeHtml(c, options)).join("")
    : "";
}

function tableHtml(node: Table, options: MarkdownHtmlOptions): string {
  const rows = node.children.map((row, i) => {
    const tag = i === 0 ? "th" : "td";
    const cells = row.children.map((cell, j) => {
      const align = node.align?.[j];
      return `<${tag}${align ? ` style="text-align:${align}"` : ""}>${children(cell, options)}</${tag}>`;
    });
    return `<tr>${cells.join("")}</tr>`;
  });
  return `<table>${rows.join("")}</table>`;
}

function linkHtml(
  url: string,
  inner: string,
  title: string | null | undefined,
  options: MarkdownHtmlOptions,
): string {
  const rewritten = options.rewriteHref?.(url);
  if (rewritten === null)
    return `<span title="${userText(`not a page of the site: ${url}`)}">${inner}</span>`;
  const href = rewritten ?? safeHref(url);
  if (href === undefined) return `<span title="link not followed">${inner}</span>`;
  const external = /^(https?|mailto):/i.test(href);
  return `<a href="${e(href)}"${title ? ` title="${userText(title)}"` : ""}${external ? ' rel="noopener noreferrer nofollow"' : ""}>${inner}</a>`;
}

/**
 * One mdast node as HTML: every text escaped, raw HTML shown as text (never markup), links
 * only to http(s), mailto or relative targets, images shown as their alternative text (a page
 * makes no request), front matter left out.
 */
function nodeHtml(node: Nodes, options: MarkdownHtmlOptions): string {
  switch (node.type) {
    case "root":
      return children(node, options);
    case "paragraph":
      return `<p>${children(node, options)}</p>\n`;
    case "heading": {
      // The page's title is its h1: the document's headings sit one level below.
      const level = Math.min(6, node.depth + 1);
      return `<h${level}>${children(node, options)}</h${level}>\n`;
    }
    case "thematicBreak":
      return "<hr>\n";
    case "blockquote":
      return `<blockquote>${children(node, options)}</blockquote>\n`;
    case "list": {
      const tag = node.ordered ? "ol" : "ul";
      const start =
        node.ordered && node.start !== null && node.start !== undefined && node.start !== 1
          ? ` start="${node.start}"`
          : "";
      return `<${tag}${start}>${children(node, options)}</${tag}>\n`;
    }
    case "listItem": {
      const check = node.checked === true ? "☑ " : node.checked === false ? "☐ " : "";
      const inner = node.children
        .map((c) =>
          c.type === "paragraph" && !node.spread ? children(c, options) : nodeHtml(c, options),
        )
        .join("");
      return `<li>${check}${inner}</li>\n`;
    }
    case "table":
      return `${tableHtml(node, options)}\n`;
    case "code":
      return `<pre tabindex="0"><code>${userText(node.value)}</code></pre>\n`;
    case "html":
      return `<code>${userText(node.value)}</code>`;
    case "text":
      return userText(node.value);
    case "emphasis":
      return `<em>${children(node, options)}</em>`;
    case "strong":
      return `<strong>${children(node, options)}</strong>`;
    case "delete":
      return `<del>${children(node, options)}</del>`;
    case "inlineCode":
      return `<code>${userText(node.value)}</code>`;
    case "break":
      return "<br>";
    case "link":
      return linkHtml(node.url, children(node, options), node.title, options);
    case "image":
      return `<span class="muted">[image: ${userText(node.alt || node.url)}]</span>`;
    case "linkReference":
    case "imageReference":
    case "footnoteReference":
      return "children" in node
        ? children(node, options)
        : userText(`[${node.label ?? node.identifier}]`);
    case "footnoteDefinition":
      return `<div class="muted">[${userText(node.label ?? node.identifier)}] ${children(node, options)}</div>`;
    default:
      return "";
  }
}

/** A Markdown document (mdast) as safe HTML: nothing a person wrote becomes markup or script. */
export function markdownHtml(tree: Root, options: MarkdownHtmlOptions = {}): string {
  return nodeHtml(tree, options);
}
