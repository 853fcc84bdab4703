import type { Heading, Link, List, Node, Paragraph, Root, RootContent } from "mdast";
import { toString as textOf } from "mdast-util-to-string";
import { adrRef } from "./model.js";
import { numberOf } from "./values.js";

/** Typed relations read from a file. */
export type Relations = {
  supersedes: string[];
  superseded_by: string[];
  links: { type: string; target: string }[];
};

/** A metadata bullet: its text after the label, line and node. */
export type Bullet = { text: string; line: number; node: Node };
/** The metadata bullets adrift reads. */
export type BulletKey = "status" | "date" | "deciders" | "supersedes" | "superseded_by";

const BULLET_KEYS: [RegExp, BulletKey][] = [
  [/^(status|estado)$/i, "status"],
  [/^(date|data|fecha|datum)$/i, "date"],
  [/^(deciders|decision-makers|decision makers)$/i, "deciders"],
  [/^supersedes$/i, "supersedes"],
  [/^(superseded[ -]by|superceded[ -]by)$/i, "superseded_by"],
];

/** MADR 2 / log4brains bullets: `* Status: accepted`, `* **Status:** accepted`, `- Date: …`. */
export function readBullets(tree: Root): Partial<Record<BulletKey, Bullet>> {
  const found: Partial<Record<BulletKey, Bullet>> = {};
  for (const node of tree.children.slice(0, 6)) {
    if (node.type !== "list") continue;
    for (const item of (node as List).children) {
      const paragraph = item.children[0];
      if (paragraph?.type !== "paragraph") continue;
      const match = /^\s*([a-z][a-z -]{1,20}?)\s*:\s*([\s\S]*)$/i.exec(
        plainText(paragraph).split("\n")[0]!,
      );
      const key = match ? BULLET_KEYS.find(([re]) => re.test(match[1]!))?.[1] : undefined;
      if (!match || !key) continue;
      found[key] ??= {
        text: match[2]!.trim(),
        line: paragraph.position?.start.line ?? 1,
        node: paragraph,
      };
    }
  }
  return found;
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

/** The text of a node with hard breaks as newlines and HTML (comments) left out. */
export function plainText(node: Node): string {
  if (node.type === "break") return "\n";
  if (node.type === "html") return "";
  if ("value" in node && typeof node.value === "string") return node.value;
  const children = (node as { children?: Node[] }).children;
  return children ? children.map(plainText).join("") : "";
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
    const lines = plainText(node).split("\n");
    for (const [offset, line] of lines.entries()) {
      const match = /^\s*([a-z][a-z -]{1,20}?)\s*:\s*(.+)$/i.exec(line);
      if (match && label.test(match[1]!.trim()))
        return { text: match[2]!.trim(), line: (node.position?.start.line ?? 1) + offset };
    }
  }
  return undefined;
}

/** A link target as a relation: `ADR-0005` for a numbered file, else the file name without `.md`. */
export function refOf(target: string): string {
  const n = numberOf(target);
  return n === undefined ? target.replace(/^.*\//, "").replace(/\.md$/i, "") : adrRef(n);
}

/** Adds a value to a list once. */
export function pushUnique(list: string[], value: string): void {
  if (!list.includes(value)) list.push(value);
}

const RELATION_VERBS: [RegExp, string][] = [
  [/super[sc]eded\s+by\s*:?\s*$/i, "superseded-by"],
  [/super[sc]edes\s*:?\s*$/i, "supersedes"],
  [/amended\s+by\s*:?\s*$/i, "amended-by"],
  [/amends\s*:?\s*$/i, "amends"],
  [/clarified\s+by\s*:?\s*$/i, "clarified-by"],
  [/clarifies\s*:?\s*$/i, "clarifies"],
];

/** Links after a verb (`Superceded by [3. X](0003-x.md)`) become typed relations. */
export function addLinks(node: Node, relations: Relations): void {
  const children = (node as Paragraph).children;
  if (!Array.isArray(children)) {
    for (const child of (node as { children?: Node[] }).children ?? []) addLinks(child, relations);
    return;
  }
  let before = "";
  for (const child of children) {
    if (child.type === "link") {
      const verb = RELATION_VERBS.find(([re]) => re.test(before.split(/[\n.;]/).pop() ?? ""));
      const target = refOf((child as Link).url);
      if (verb?.[1] === "superseded-by") pushUnique(relations.superseded_by, target);
      else if (verb?.[1] === "supersedes") pushUnique(relations.supersedes, target);
      else if (verb) relations.links.push({ type: verb[1], target });
      before = "";
    } else before += textOf(child);
  }
}

/** `superseded by ADR-0123` in a status also names the successor. */
export function addStatusRelation(
  status: string | undefined,
  relations: { superseded_by: string[] },
): void {
  const match = /^superseded\s+by\s+(.+)$/.exec(status ?? "");
  if (!match) return;
  for (const part of match[1]!.split(/\s*(?:,|\band\b)\s*/)) {
    const n = numberOf(part.toUpperCase().startsWith("ADR") ? part : `ADR-${part}`);
    if (n !== undefined) pushUnique(relations.superseded_by, adrRef(n));
  }
}

/** `ADR-0003, ADR-12 and DEC-9` -> the ADR references it names (other ids kept as written). */
export function adrRefsIn(text: string): string[] {
  return text
    .split(/\s*(?:,|;|\band\b)\s*/)
    .map(
      (part) =>
        part
          .replace(/[()[\]]/g, "")
          .trim()
          .split(/\s+/)[0] ?? "",
    )
    .filter((part) => /^[A-Z]+-?\d+$/i.test(part))
    .map((part) => (/^ADR/i.test(part) ? adrRef(numberOf(part)!) : part));
}
