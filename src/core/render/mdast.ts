import type { BlockContent, ListItem, PhrasingContent, Root, RootContent } from "mdast";
import { gfmToMarkdown, toMarkdown } from "../../vendor/markdown.js";
import { safeText } from "./terminal.js";

/**
 * Plain text: every character of user text goes through here, so the serializer escapes it.
 * Control characters are escaped C-style (`\033`) first: Markdown has no escape for them, and
 * raw in a file they act on the terminal that shows it (`cat` retitling or clearing it).
 */
export const text = (value: string): PhrasingContent => ({
  type: "text",
  value: safeText(value, { multiline: true }),
});
/** Bold phrasing. */
export const strong = (...children: PhrasingContent[]): PhrasingContent => ({
  type: "strong",
  children,
});
/** Inline code (ids, paths). */
export const code = (value: string): PhrasingContent => ({
  type: "inlineCode",
  value: safeText(value),
});
/** A paragraph of phrasing content. */
export const paragraph = (...children: PhrasingContent[]): BlockContent => ({
  type: "paragraph",
  children,
});
/** A heading. */
export const heading = (
  depth: 1 | 2 | 3 | 4 | 5 | 6,
  ...children: PhrasingContent[]
): RootContent => ({
  type: "heading",
  depth,
  children,
});
/** A bullet list whose items are paragraphs or block lists. */
export function bullets(items: (PhrasingContent[] | BlockContent[])[]): BlockContent {
  return {
    type: "list",
    ordered: false,
    spread: false,
    children: items.map(
      (item): ListItem => ({
        type: "listItem",
        spread: false,
        children: isPhrasing(item) ? [paragraph(...item)] : (item as BlockContent[]),
      }),
    ),
  };
}

function isPhrasing(item: PhrasingContent[] | BlockContent[]): item is PhrasingContent[] {
  const first = item[0];
  return (
    first === undefined ||
    !["paragraph", "list", "blockquote", "code", "table"].includes(first.type)
  );
}

/** Renders mdast nodes as Markdown (GFM), escaping text so it cannot become markup. */
export function renderMarkdown(
  children: RootContent[],
  gfm: { tablePipeAlign?: boolean } = {},
): string {
  const root: Root = { type: "root", children };
  return toMarkdown(root, {
    extensions: [gfmToMarkdown(gfm)],
    bullet: "-",
    rule: "-",
    fences: true,
  });
}

/**
 * Fills a template: a line that is exactly `{{name}}` becomes the rendered block `name`.
 * Everything else in the template is the project's own Markdown and is kept verbatim.
 */
export function fillTemplate(template: string, blocks: Record<string, RootContent[]>): string {
  const lines = template.replace(/\r\n?/g, "\n").split("\n");
  const out: string[] = [];
  for (const line of lines) {
    const match = /^\s*\{\{\s*([a-z_-]+)\s*\}\}\s*$/.exec(line);
    const block = match ? blocks[match[1]!] : undefined;
    if (!match) out.push(line);
    else if (block && block.length > 0) out.push(renderMarkdown(block).replace(/\n+$/, ""));
    else if (!block) out.push(line);
    else out.push("_Nothing recorded._");
  }
  return `${out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/\n+$/, "")}\n`;
}
