import type { PhrasingContent, RootContent, TableCell, TableRow } from "mdast";
import { adrRef } from "../adr/model.js";
import { renderMarkdown, text } from "./mdast.js";

/** The markers between which the generated index lives; text around them is kept. */
export const INDEX_START = "<!-- adrift:adr-index:start -->";
export const INDEX_END = "<!-- adrift:adr-index:end -->";

/** One row of the decision log. */
export type IndexRow = {
  number?: number;
  title: string;
  status: string;
  date?: string;
  /** link target relative to the index file */
  href: string;
  supersedes: string[];
  superseded_by: string[];
  /** other typed relations (`amended-in-part-by`, `relates-to`, …) */
  links?: { type: string; target: string }[];
};

const cell = (...children: PhrasingContent[]): TableCell => ({ type: "tableCell", children });

/** The cells of one row: the ADR, its title linked to its file, status, date, relations. */
function rowCells(row: IndexRow): PhrasingContent[][] {
  const relations = [
    ...(row.supersedes.length ? [`supersedes ${row.supersedes.join(", ")}`] : []),
    ...(row.superseded_by.length ? [`superseded by ${row.superseded_by.join(", ")}`] : []),
    ...linkPhrases(row.links ?? []),
  ].join("; ");
  return [
    [text(row.number === undefined ? "—" : adrRef(row.number))],
    [{ type: "link", url: row.href, children: [text(row.title)] }],
    [text(row.status)],
    [text(row.date ?? "")],
    [text(relations)],
  ];
}

const HEADER = ["ADR", "Title", "Status", "Date", "Relations"].map((h) => [text(h)]);

/** Renders the decision log table (user text escaped). */
export function renderIndexTable(rows: readonly IndexRow[]): string {
  // No ADRs: the header alone, so that the first ADR of two branches is one row added under it.
  if (rows.length === 0) return `${layOutTable([HEADER.map(serializeCell)])}\n`;
  const matrix = [HEADER, ...rows.map(rowCells)];
  // A cell of plain words comes out of the serializer as it went in; only the other cells are
  // given to it (each alone: a cell's escaping does not depend on its neighbours), and the
  // rows are laid out as the GFM table serializer lays them out. Any line break: all of it.
  if (matrix.some((cells) => cells.some((c) => /[\r\n]/.test(phrasingText(c)))))
    return renderTableWhole(matrix);
  return `${layOutTable(matrix.map((cells) => cells.map(serializeCell)))}\n`;
}

/** The table through the Markdown serializer, whole: what `renderIndexTable` must equal. */
export function renderTableWhole(matrix: readonly PhrasingContent[][][]): string {
  const tableRow = (cells: PhrasingContent[][]): TableRow => ({
    type: "tableRow",
    children: cells.map((children) => cell(...children)),
  });
  const table: RootContent = { type: "table", align: [], children: matrix.map(tableRow) };
  return renderMarkdown([table], { tablePipeAlign: false });
}

/** The decision log's rows as nodes, for the tests that compare the two ways of rendering. */
export function indexMatrix(rows: readonly IndexRow[]): PhrasingContent[][][] {
  return [HEADER, ...rows.map(rowCells)];
}

/** Words, digits, spaces between them and a few marks no Markdown construct starts or ends with. */
const INERT =
  /^(?:[A-Za-z0-9\u00c0-\u024f](?:[A-Za-z0-9\u00c0-\u024f ,;'—-]*[A-Za-z0-9\u00c0-\u024f])?)?$/;
const INERT_URL = /^(?:\.\.\/)*[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** One cell as the GFM table serializer writes it. */
function serializeCell(children: PhrasingContent[]): string {
  const only = children.length === 1 ? children[0]! : undefined;
  if (only?.type === "text" && INERT.test(only.value) && !only.value.includes("  "))
    return only.value;
  if (
    only?.type === "link" &&
    INERT_URL.test(only.url) &&
    !only.title &&
    only.children.length === 1 &&
    only.children[0]!.type === "text" &&
    only.children[0]!.value !== "" &&
    INERT.test(only.children[0]!.value) &&
    !only.children[0]!.value.includes("  ")
  )
    return `[${only.children[0]!.value}](${only.url})`;
  // A table of this one cell is `| <cell> |`, a delimiter row, and a line break.
  const whole = renderTableWhole([[children]]);
  return whole.slice(2, whole.indexOf("\n") - 2);
}

/**
 * markdown-table's layout without padding (`tablePipeAlign: false`): `| a | b |`, each row
 * written from its own cells only. Padded to the longest cell, one longer title rewrote every
 * row, and two branches that each accepted an ADR always conflicted on the whole table; unpadded,
 * each ADR is one line of its own (see INDEX_MERGE).
 */
function layOutTable(matrix: readonly string[][]): string {
  const delimiter = matrix[0]!.map(() => "-");
  const line = (row: readonly string[]) => `|${row.map((c) => (c ? ` ${c} |` : " |")).join("")}`;
  return [matrix[0]!, delimiter, ...matrix.slice(1)].map(line).join("\n");
}

/** The plain text of phrasing nodes. */
function phrasingText(nodes: readonly PhrasingContent[]): string {
  return nodes
    .map((n) =>
      "value" in n
        ? n.value
        : "children" in n
          ? `${phrasingText(n.children)}${n.type === "link" ? n.url : ""}`
          : "",
    )
    .join("");
}

/**
 * Puts the index between the markers of `existing`, keeping everything around them; a new
 * file when there is none. A file without both markers was written by a person and is never
 * touched: undefined.
 */
export function spliceIndex(existing: string | undefined, table: string): string | undefined {
  const block = `${INDEX_START}\n\n${table.replace(/\n+$/, "")}\n\n${INDEX_END}`;
  if (existing === undefined) return `# Architecture Decision Records\n\n${block}\n`;
  const start = existing.indexOf(INDEX_START);
  const end = existing.indexOf(INDEX_END, start + 1);
  if (start >= 0 && end > start)
    return `${existing.slice(0, start)}${block}${existing.slice(end + INDEX_END.length)}`;
  return undefined;
}

/** Why adrift left an index file alone, and how to let it keep the table there. */
export function indexLeftAloneNote(file: string): string {
  return `${file} has no adrift markers, so it was left as it is; to keep the decision log there, add the lines ${INDEX_START} and ${INDEX_END} where the table should go`;
}

/** `amended-in-part-by` ADR-3, ADR-4 -> `amended in part by ADR-0003, ADR-0004`, one phrase per type. */
function linkPhrases(links: readonly { type: string; target: string }[]): string[] {
  const byType = new Map<string, string[]>();
  for (const l of links) byType.set(l.type, [...(byType.get(l.type) ?? []), l.target]);
  return [...byType].map(([type, targets]) => `${type.replace(/-/g, " ")} ${targets.join(", ")}`);
}
