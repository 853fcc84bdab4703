// Builders for the Markdown of reports (PR comment, correspondence, export): user text is neutralised.
import type {
  BlockContent,
  Heading,
  Html,
  List,
  ListItem,
  Paragraph,
  PhrasingContent,
  Root,
  RootContent,
  Table,
  TableCell,
} from "mdast";
import { gfmToMarkdown, toMarkdown } from "../../vendor/markdown.js";
import { safeText } from "./terminal.js";

/**
 * Builders for generated Markdown. User text only ever enters as `text` nodes, which the
 * serializer escapes; raw `html` nodes carry adrift's own fixed markup, never user text.
 */

const ZWJ = "\u200d";

/**
 * Makes user text inert where escaping alone is not enough: `@name` would ping a person or a
 * team on a forge, adrift's own comment marker must not appear in user text, and control
 * characters must not reach a terminal the report is printed to.
 */
export function neutralize(text: string): string {
  // Control characters (an escape sequence in a name or an outcome) are escaped, C-style.
  return safeText(text, { multiline: true })
    .replace(/(^|[^A-Za-z0-9_.+-])@(?=[A-Za-z0-9_-])/g, `$1@${ZWJ}`)
    .replace(/adrift:pr-comment/gi, (m) => `${m.slice(0, 6)}${ZWJ}${m.slice(6)}`);
}

/** A text node of user text, neutralised. */
export function text(value: string): PhrasingContent {
  return { type: "text", value: neutralize(value) };
}

/** Inline code of user text (paths, ids); backticks inside are handled by the serializer. */
export function code(value: string): PhrasingContent {
  return { type: "inlineCode", value: neutralize(value) };
}

/** Strong text. */
export function strong(...children: PhrasingContent[]): PhrasingContent {
  return { type: "strong", children };
}

/** A paragraph of phrasing nodes (strings become neutralised text). */
export function paragraph(...children: (PhrasingContent | string)[]): Paragraph {
  return {
    type: "paragraph",
    children: children.map((c) => (typeof c === "string" ? text(c) : c)),
  };
}

/** A heading. */
export function heading(depth: 1 | 2 | 3 | 4, ...children: (PhrasingContent | string)[]): Heading {
  return { type: "heading", depth, children: paragraph(...children).children };
}

/** A list whose items are paragraphs or blocks. */
export function list(items: (Paragraph | BlockContent[])[], ordered = false): List {
  return {
    type: "list",
    ordered,
    spread: false,
    children: items.map(
      (item): ListItem => ({
        type: "listItem",
        spread: false,
        children: Array.isArray(item) ? item : [item],
      }),
    ),
  };
}

/** A GFM table; cells are phrasing (strings become neutralised text). */
export function table(header: string[], rows: (PhrasingContent | string)[][]): Table {
  const cell = (c: PhrasingContent | string): TableCell => ({
    type: "tableCell",
    children: [typeof c === "string" ? text(c) : c],
  });
  return {
    type: "table",
    align: header.map(() => null),
    children: [header, ...rows].map((r) => ({ type: "tableRow", children: r.map(cell) })),
  };
}

/** adrift's own fixed markup (details, summary, the marker). Never pass user text here. */
export function html(value: string): Html {
  return { type: "html", value };
}

/** Serializes a tree with GFM (tables, strikethrough), escaping every text node. */
export function renderMarkdown(children: RootContent[]): string {
  const root: Root = { type: "root", children };
  return toMarkdown(root, { extensions: [gfmToMarkdown()], bullet: "-", rule: "-" });
}

/** A fenced code block (the serializer picks a fence longer than any inside). */
export function codeBlock(lang: string, value: string): RootContent {
  return { type: "code", lang, value };
}
