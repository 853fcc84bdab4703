import type { Heading, List, Node, Root, RootContent, Table } from "mdast";
import { toString as textOf } from "mdast-util-to-string";
import { type AdrLink, relationTypeOf } from "./relations.js";
import { readStatusLine } from "./status-line.js";

/** A metadata field: its text after the label (links kept as `[text](url)`), and its line. */
export type Bullet = { text: string; line: number };
/** The metadata fields adrift reads from bullets and metadata tables. */
export type BulletKey = "status" | "date" | "deciders";

const BULLET_KEYS: [RegExp, BulletKey][] = [
  [/^(status|estado)$/i, "status"],
  [/^(date|data|fecha|datum)$/i, "date"],
  [/^(deciders|decision-makers|decision makers)$/i, "deciders"],
];

/** Metadata read near the top: the known fields, and relation fields (`Supersedes: …`). */
export type Meta = { fields: Partial<Record<BulletKey, Bullet>>; relations: AdrLink[] };

/**
 * MADR 2 / log4brains bullets (`* Status: accepted`, `* **Status:** accepted`, `- Date: …`,
 * `* Supersedes: ADR-0004`) and metadata tables (`|Status|Implemented|`) near the top.
 */
export function readMeta(tree: Root): Meta {
  const meta: Meta = { fields: {}, relations: [] };
  const take = (label: string, text: string, line: number) => {
    const key = BULLET_KEYS.find(([re]) => re.test(label.trim()))?.[1];
    if (key) meta.fields[key] ??= { text: text.trim(), line };
    else if (relationTypeOf(label)) meta.relations.push(...relationsIn(`${label}: ${text}`));
  };
  for (const node of tree.children.slice(0, 8)) {
    if (node.type === "list")
      for (const item of (node as List).children) {
        const paragraph = item.children[0];
        if (paragraph?.type !== "paragraph") continue;
        const match = /^\s*([a-z][a-z -]{1,20}?)\s*:\s*([\s\S]*)$/i.exec(
          markdownText(paragraph).split("\n")[0]!,
        );
        if (match) take(match[1]!, match[2]!, paragraph.position?.start.line ?? 1);
      }
    if (node.type === "table") readTable(node as Table, take);
  }
  return meta;
}

function readTable(table: Table, take: (label: string, text: string, line: number) => void) {
  const rows = table.children.map((row) => row.children.map((cell) => markdownText(cell).trim()));
  const lineOf = (i: number) => table.children[i]?.position?.start.line ?? 1;
  const isField = (label: string) => BULLET_KEYS.some(([re]) => re.test(label.trim()));
  // `| Status | Date |` over `| Rejected | 2022-01-05 |`: two columns, yet a header of fields
  const fieldHeader = rows.length === 2 && rows[0]!.every(isField) && !isField(rows[1]![0] ?? "");
  // Two columns of label and value (the first row may be a `Metadata | Value` header)…
  if (rows.every((r) => r.length === 2) && !fieldHeader)
    rows.forEach(([label, value], i) => {
      if (/^[a-z][a-z -]{1,20}$/i.test(label!)) take(label!, value!, lineOf(i));
    });
  // …or a header row of labels over one row of values.
  else if (rows.length === 2)
    rows[0]!.forEach((label, i) => {
      take(label, rows[1]![i] ?? "", lineOf(1));
    });
}

/** The nodes under a `## <name>` heading, up to the next heading of the same or higher level. */
export function sectionAfter(tree: Root, name: RegExp): RootContent[] {
  const start = tree.children.findIndex(
    (n) => n.type === "heading" && n.depth >= 2 && name.test(textOf(n).trim()),
  );
  if (start < 0) return [];
  const depth = (tree.children[start] as Heading).depth;
  const out: RootContent[] = [];
  for (const node of tree.children.slice(start + 1)) {
    if (node.type === "heading" && node.depth <= depth) break;
    out.push(node);
  }
  return out;
}

/** The text of a node with hard breaks as newlines, HTML (comments) left out, links kept as `[text](url)`. */
export function markdownText(node: Node): string {
  if (node.type === "break") return "\n";
  if (node.type === "html") return "";
  if (node.type === "link") {
    const link = node as Node & { url: string; children: Node[] };
    return `[${link.children.map(markdownText).join("")}](${link.url})`;
  }
  if ("value" in node && typeof node.value === "string") return node.value;
  const children = (node as { children?: Node[] }).children;
  return children ? children.map(markdownText).join("") : "";
}

/**
 * A `Label: value` line near the top, outside lists: adr-tools' `Date: 2018-03-04` paragraph,
 * a `Status: Accepted` line, or a heading such as `## Status: Accepted` / `## Date: …`.
 */
export function findMetaLine(
  tree: Root,
  label: RegExp,
): { text: string; line: number } | undefined {
  for (const node of tree.children.slice(0, 8)) {
    if (node.type !== "paragraph" && !(node.type === "heading" && node.depth >= 2)) continue;
    const lines = markdownText(node).split("\n");
    for (const [offset, line] of lines.entries()) {
      const match = /^\s*([a-z][a-z -]{1,20}?)\s*:\s*(.+)$/i.exec(line);
      if (match && label.test(match[1]!.trim()))
        return { text: match[2]!.trim(), line: (node.position?.start.line ?? 1) + offset };
    }
  }
  return undefined;
}

/** The typed relations a status-like text names (`Supersedes [2. X](0002-x.md)`, `Amends ADR-7`). */
export function relationsIn(text: string): AdrLink[] {
  return readStatusLine(text).links;
}

/**
 * Relations stated at the start of a paragraph, also in a blockquote or a list, before the
 * first `##` section or in a section about relations (`## Status`, `## Relations`, `## Links`):
 * `Supersedes [0003](0003-x.md), [0005](…).`, `> **Superseded by [0053](…).** …`, `Amends
 * [0023](…): its …`. Only a paragraph that opens with a relation phrase and a link counts; the
 * same words deeper in the body usually speak of one section, and are left to the other ADR's
 * own status line — unless quoted as a note: a blockquote that opens with one
 * (`> Amended by [ADR 2](…)`) and a `Note: this ADR supersedes some aspects of ADR-15.`
 * paragraph count in any section.
 */
export function leadingRelations(tree: Root): AdrLink[] {
  const out: AdrLink[] = [];
  const visit = (nodes: readonly Node[]) => {
    for (const node of nodes) {
      if (node.type === "blockquote" || node.type === "list" || node.type === "listItem")
        visit((node as unknown as { children: Node[] }).children);
      if (node.type !== "paragraph") continue;
      out.push(...noteRelations(markdownText(node)));
      const text = markdownText(node).replace(/\s+/g, " ").trim();
      const first = text.indexOf("](");
      const open = text.lastIndexOf("[", first);
      if (first < 0 || open < 0) continue;
      const label = text.slice(0, open).replace(/[*_>]/g, "").trim();
      if (!label || label.length > 40 || !relationTypeOf(label)) continue;
      // The statement ends at the first colon, full stop or spaced dash after its links.
      const rest = text.slice(open);
      const end = rest.search(/\)\s*(?:[:.]|\s[—–]\s|\s[a-z]{3,}(?<!and)\s)/i);
      out.push(...relationsIn(`${label} ${end < 0 ? rest : rest.slice(0, end + 1)}`));
    }
  };
  let depth = 0;
  let inRelations = true;
  for (const node of tree.children) {
    if (node.type === "heading" && node.depth >= 2 && (depth === 0 || node.depth <= depth)) {
      depth = node.depth;
      inRelations = /^(status|relations?|links|related|supersession|see also)\b/i.test(
        textOf(node).trim(),
      );
      continue;
    }
    // A relation quoted as a note (`> Amended by [ADR 2](…)`) counts in any section.
    if (inRelations || node.type === "blockquote") visit([node]);
    else if (node.type === "paragraph") out.push(...noteRelations(markdownText(node)));
  }
  return out;
}

// `Note: this ADR supersedes some aspects of ADR-15.`: a note about this ADR and another.
const NOTE =
  /^\W*note\W*:?\W*\s*this (?:adr|decision|record) ((?:is )?[a-z-]+(?: by)?)((?: (?:some|certain|a few) (?:aspects|parts) of| (?:in )?parts? of| in part)?)\s+(.+)$/i;

/** The relations a note paragraph states about this ADR, anywhere in its body. */
function noteRelations(paragraph: string): AdrLink[] {
  const match = NOTE.exec(paragraph.replace(/\s+/g, " ").trim());
  if (!match) return [];
  const verb = match[1]!.replace(/^is /i, "");
  if (!relationTypeOf(verb)) return [];
  const targets = match[3]!.split(/[.;:](?:\s|$)/)[0]!;
  return relationsIn(`${verb}${match[2] ? " in part" : ""} ${targets}`);
}
