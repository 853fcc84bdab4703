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

/** Renders the decision log table (user text escaped). */
export function renderIndexTable(rows: readonly IndexRow[]): string {
  if (rows.length === 0) return "_No ADRs yet._\n";
  const header: TableRow = {
    type: "tableRow",
    children: ["ADR", "Title", "Status", "Date", "Relations"].map((h) => cell(text(h))),
  };
  const body = rows.map((row): TableRow => {
    const relations = [
      ...(row.supersedes.length ? [`supersedes ${row.supersedes.join(", ")}`] : []),
      ...(row.superseded_by.length ? [`superseded by ${row.superseded_by.join(", ")}`] : []),
      ...linkPhrases(row.links ?? []),
    ].join("; ");
    return {
      type: "tableRow",
      children: [
        cell(text(row.number === undefined ? "—" : adrRef(row.number))),
        cell({ type: "link", url: row.href, children: [text(row.title)] }),
        cell(text(row.status)),
        cell(text(row.date ?? "")),
        cell(text(relations)),
      ],
    };
  });
  const table: RootContent = { type: "table", align: [], children: [header, ...body] };
  return renderMarkdown([table]);
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
