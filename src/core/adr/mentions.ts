import type { Nodes, Root } from "mdast";

/** A plain-text `ADR-0007` in Markdown prose (not in code, HTML or front matter). */
export type AdrMention = {
  /** offsets of the digits in the text */
  start: number;
  end: number;
  line: number;
  number: number;
  /** the file name a link around the mention points to, when it sits in a link's text */
  link?: string;
};

/** One number two branches took: the ADR file that kept it and the ones given new numbers. */
export type NumberClash = {
  number: number;
  /** file name of the ADR that kept the number */
  kept: string;
  moved: { old: string; new: string; to: number }[];
};

function baseName(url: string): string {
  return (url.split(/[?#]/)[0] ?? "").split("/").at(-1) ?? "";
}

/**
 * Every mention of one of `numbers` as `ADR-0007` (or `ADR 7`), word-bounded, outside code.
 * `skipTitle`: not in the first `#` heading — a moved ADR's own title ("Main ADR 2") is its
 * name, not a pointer to ADR 2; only a leading number there follows the file.
 */
export function findAdrMentions(
  text: string,
  tree: Root,
  numbers: ReadonlySet<number>,
  options: { skipTitle?: boolean } = {},
): AdrMention[] {
  const definitions = new Map<string, string>();
  const collect = (node: Nodes) => {
    if (node.type === "definition") definitions.set(node.identifier, node.url);
    if ("children" in node) for (const child of node.children) collect(child);
  };
  collect(tree);
  const mentions: AdrMention[] = [];
  const title = options.skipTitle
    ? tree.children.find((n) => n.type === "heading" && n.depth === 1)
    : undefined;
  const visit = (node: Nodes, link: string | undefined) => {
    if (title && node === title) return;
    if (node.type === "text") {
      const from = node.position?.start.offset;
      const to = node.position?.end.offset;
      if (from === undefined || to === undefined) return;
      const source = text.slice(from, to);
      for (const m of source.matchAll(/\bADR[- ](\d+)\b/g)) {
        const number = Number(m[1]);
        if (!numbers.has(number)) continue;
        const start = from + m.index + m[0].length - m[1]!.length;
        const line =
          node.position!.start.line + (source.slice(0, m.index).match(/\n/g)?.length ?? 0);
        mentions.push({
          start,
          end: start + m[1]!.length,
          line,
          number,
          ...(link ? { link } : {}),
        });
      }
      return;
    }
    const target =
      node.type === "link"
        ? node.url
        : node.type === "linkReference"
          ? definitions.get(node.identifier)
          : undefined;
    const inner = target === undefined ? link : baseName(target);
    if ("children" in node) for (const child of node.children) visit(child, inner);
  };
  visit(tree, undefined);
  return mentions;
}

/**
 * Rewrites the mentions that mean a moved ADR: inside a link to its file, or — in prose — when
 * `meant(number)` (the file name that number named when this file was written) is the moved one.
 * A mention in a link to the kept file, or in prose where `meant` is undefined, is left; those
 * in prose are returned as `left` for a person to check; `rewritten` lists the new
 * number written for each mention rewritten.
 */
export function rewriteAdrMentions(
  text: string,
  mentions: readonly AdrMention[],
  clashes: readonly NumberClash[],
  meant: (number: number) => string | undefined,
): { text: string; rewritten: number[]; left: AdrMention[] } {
  const left: AdrMention[] = [];
  const edits: { start: number; end: number; to: number }[] = [];
  for (const mention of mentions) {
    const clash = clashes.find((c) => c.number === mention.number);
    if (!clash) continue;
    const byLink = mention.link
      ? clash.moved.find((m) => m.old === mention.link || m.new === mention.link)
      : undefined;
    const linksElsewhere = mention.link?.endsWith(".md") === true;
    if (byLink) edits.push({ ...mention, to: byLink.to });
    else if (linksElsewhere) continue;
    else {
      const name = meant(mention.number);
      const moved = clash.moved.find((m) => m.old === name);
      if (moved) edits.push({ ...mention, to: moved.to });
      else if (name === undefined) left.push(mention);
    }
  }
  let out = text;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    const digits = text.slice(edit.start, edit.end);
    out = `${out.slice(0, edit.start)}${String(edit.to).padStart(digits.length, "0")}${out.slice(edit.end)}`;
  }
  return { text: out, rewritten: edits.map((e) => e.to), left };
}
