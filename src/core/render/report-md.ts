// Builders for the Markdown of reports (PR comment, correspondence, export): user text is neutralised.
import type {
  BlockContent,
  Heading,
  Html,
  InlineCode,
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
  // An empty code span says nothing, and printed beside another it can make a fence (``` ``` ```).
  if (value === "") return { type: "text", value: "" };
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

/** A GFM table; cells are phrasing, or several phrasing nodes (strings become neutralised text). */
export function table(
  header: string[],
  rows: (PhrasingContent | PhrasingContent[] | string)[][],
): Table {
  const cell = (c: PhrasingContent | PhrasingContent[] | string): TableCell => ({
    type: "tableCell",
    children: Array.isArray(c) ? c : [typeof c === "string" ? text(c) : c],
  });
  return {
    type: "table",
    align: header.map(() => null),
    children: [header, ...rows].map((r) => ({ type: "tableRow", children: r.map(cell) })),
  };
}

/** What adrift's own words may hold to be printed as they are: nothing Markdown reads as syntax. */
const PLAIN_WORDS = /^[A-Za-z0-9 ,.;:()\u2014\u2192'-]*$/;

/** adrift's own words in a sentence (never user text): see `sentence`. */
export class Words {
  constructor(readonly value: string) {
    if (!PLAIN_WORDS.test(value)) throw new Error(`not plain words: ${JSON.stringify(value)}`);
  }
}

/** adrift's own words (plain words and punctuation only; anything else throws). */
export const words = (value: string): Words => new Words(value);

/** Inline code the serializer prints as `value` between single backticks: nothing to change. */
const PLAIN_CODE = /^[A-Za-z0-9._/-](?:[A-Za-z0-9 ._/-]*[A-Za-z0-9._/-])?$/;

/** Inline code in a sentence that may be printed within adrift's words before it: see `sentence`. */
export class JoinableCode {
  readonly node: InlineCode;
  constructor(value: string) {
    this.node = { type: "inlineCode", value: neutralize(value) };
  }
}

/** Inline code (of user text too: neutralised) that a sentence may print within the words before it. */
export const joinableCode = (value: string): JoinableCode => new JoinableCode(value);

/**
 * One paragraph of user text (strings, escaped), nodes, and adrift's own words, printed as they
 * are: the serializer escapes text by scanning it against every construct it could start, which
 * for a long list of items costs more than the rest of a report. Adjacent strings become one text
 * node and adjacent words one node (the serializer's cost is per node). Words on a line that
 * text began (the paragraph's first line, or after text holding a line break, where `-` or `1.`
 * would start a list) are joined to the text and escaped with it. Joinable code right after
 * words, when the serializer would print it as it is (`value` between single backticks: no
 * backtick, line ending or space at its ends in it), is printed within them, the same bytes: a
 * node before the words sees them begin as before, a node after sees the same last character.
 * Words right after text have their first run (up to a space) escaped with that text: nothing
 * Markdown reads spans a space, and the serializer does not see past a node.
 */
export function sentence(...parts: (PhrasingContent | string | Words | JoinableCode)[]): Paragraph {
  const children: PhrasingContent[] = [];
  let pending: string | undefined;
  let saying = "";
  const flushText = () => {
    if (pending !== undefined && pending !== "") children.push(text(pending));
    pending = undefined;
  };
  const flushWords = () => {
    if (saying !== "") children.push({ type: "html", value: saying });
    saying = "";
  };
  for (const part of parts) {
    if (part instanceof Words) {
      // Words after text on the paragraph's first line (or a later one the text began) could
      // complete what the text starts (`-` then ` ` is a list item): they are escaped with it.
      const atLineStart =
        saying === "" &&
        (pending ? children.length === 0 || /[\r\n]/.test(pending) : children.length === 0);
      if (atLineStart) pending = (pending ?? "") + part.value;
      else {
        // Right after text, the words up to their first space could complete what the text
        // ends with (`0@` then `.a` is an e-mail link, `&` then `amp;` a character reference,
        // `<` then `A` HTML), and the serializer escapes text seeing only what it holds: that
        // run is escaped with the text.
        const run = pending ? /^[^ ]*/.exec(part.value)![0] : "";
        if (run !== "") pending += run;
        flushText();
        saying += part.value.slice(run.length);
      }
    } else if (part instanceof JoinableCode) {
      // empty, it says nothing, as code("") does
      if (part.node.value === "") continue;
      // (after words ending with a code span, a space between: see `apartCodeSpans`)
      if (saying !== "" && PLAIN_CODE.test(part.node.value))
        saying += `${saying.endsWith("`") ? " " : ""}\`${part.node.value}\``;
      else {
        flushText();
        flushWords();
        children.push(part.node);
      }
    } else if (typeof part === "string" || part.type === "text") {
      flushWords();
      pending = (pending ?? "") + (typeof part === "string" ? part : part.value);
    } else {
      flushText();
      flushWords();
      children.push(part);
    }
  }
  flushText();
  flushWords();
  return { type: "paragraph", children };
}

/** adrift's own fixed markup (details, summary, the marker). Never pass user text here. */
export function html(value: string): Html {
  return { type: "html", value };
}

/**
 * The serializer's options, made once: the GFM extensions are plain settings, and the patterns
 * of characters to escape they list are compiled (and kept) on first use, not on every call.
 */
const OPTIONS: Parameters<typeof toMarkdown>[1] = {
  extensions: [gfmToMarkdown()],
  bullet: "-",
  rule: "-",
};

/** Whether a node is printed ending with a backtick (a code span, or words ending with one). */
const endsWithBacktick = (node: RootContent): boolean =>
  node.type === "inlineCode" || (node.type === "html" && node.value.endsWith("`"));

/**
 * The nodes with a space between a code span and a node printed right before it that ends with
 * a backtick: printed side by side, the two backtick runs would make one (`a` then `b` prints
 * `` `a``b` ``, one span holding a``b), and the rest of the line would read differently.
 */
function apartCodeSpans<T extends RootContent>(nodes: T[]): T[] {
  let out: T[] | undefined;
  let before: RootContent | undefined; // the last node printed before this one
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    const glued = node.type === "inlineCode" && before !== undefined && endsWithBacktick(before);
    if (!(node.type === "text" && node.value === "")) before = node;
    if (glued) out ??= nodes.slice(0, i);
    if (glued) out!.push({ type: "text", value: " " } as T);
    const parent = node as RootContent & { children?: RootContent[] };
    const kids = parent.children ? apartCodeSpans(parent.children) : undefined;
    const next = kids && kids !== parent.children ? ({ ...node, children: kids } as T) : node;
    if (out) out.push(next);
    else if (next !== node) out = [...nodes.slice(0, i), next];
  }
  return out ?? nodes;
}

/** Serializes a tree with GFM (tables, strikethrough), escaping every text node. */
export function renderMarkdown(children: RootContent[]): string {
  const root: Root = { type: "root", children: apartCodeSpans(children) };
  return toMarkdown(root, OPTIONS);
}

/** A fenced code block (the serializer picks a fence longer than any inside). */
export function codeBlock(lang: string, value: string): RootContent {
  return { type: "code", lang, value };
}

/** Blocks rendered per serializer call when streaming: its set-up is paid once per batch. */
const STREAM_BATCH_BLOCKS = 64;

/**
 * `renderMarkdown(sections.flat())` in pieces, the same bytes: whole sections (a record's
 * heading and its blocks; never split, so lists beside lists and tables stay as they would be)
 * are rendered a batch at a time and joined by the blank line the serializer puts between
 * blocks. A section must render to something (each starts with a heading or a paragraph).
 */
export function* markdownChunks(sections: Iterable<RootContent[]>): Generator<string> {
  let batch: RootContent[] = [];
  let first = true;
  const flush = () => {
    const text = renderMarkdown(batch);
    batch = [];
    const chunk = first ? text : `\n${text}`;
    first = false;
    return chunk;
  };
  for (const section of sections) {
    if (section.length === 0) continue;
    batch.push(...section);
    if (batch.length >= STREAM_BATCH_BLOCKS) yield flush();
  }
  if (batch.length > 0) yield flush();
}
