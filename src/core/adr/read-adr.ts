import type { Heading, List, Root } from "mdast";
import { toString as textOf } from "mdast-util-to-string";
import {
  findMetaLine,
  leadingRelations,
  markdownText,
  readMeta,
  relationsIn,
  sectionAfter,
} from "./read-parts.js";
import {
  type AdrLink,
  addRelation,
  adrTargetOf,
  adrTargetsIn,
  relationTypeOf,
} from "./relations.js";
import { readStatusLine } from "./status-line.js";
import { readTitle } from "./title.js";
import { fileNumberOf, isPlaceholder, type Read, readDate } from "./values.js";

/** Which family of ADR files a file looks like. */
export type AdrFamily = "front-matter" | "madr-bullets" | "nygard" | "log4brains" | "plain";

/** A positioned warning about a file that could not be read cleanly. */
export type AdrWarning = { file: string; line: number; message: string };

/** What adrift reads from one ADR file of any family. */
export type AdrFile = {
  file: string;
  family: AdrFamily;
  /** adrift's immutable id, the log4brains slug, or the file name without `.md` */
  id: string;
  number?: number;
  title: string;
  status: string;
  date?: string;
  decision_makers: string[];
  tags: string[];
  records: string[];
  paths: string[];
  supersedes: string[];
  superseded_by: string[];
  /** other typed links (amends, amended-in-part-by, relates-to, …) */
  links: AdrLink[];
  warnings: AdrWarning[];
};

/** The parts of a file the reader needs: its front matter (parsed), the body's mdast, the path. */
export type AdrSource = {
  file: string;
  front: Record<string, unknown>;
  /** the front matter as written, without the `---` lines */
  frontRaw: string;
  tree: Root;
  /** warnings found while splitting the file (front matter that is not valid YAML) */
  warnings?: AdrWarning[];
};

const LOG4BRAINS = /^(\d{4})(\d{2})(\d{2})-(.+)\.md$/i;
const list = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.filter((x) => x !== null && x !== undefined).map(String)
    : v === null || v === undefined || v === ""
      ? []
      : [String(v)];
const frontText = (v: unknown): string | undefined =>
  typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined;

/** Reads one ADR file of any family; never throws, puts what it could not read in `warnings`. */
export function readAdrFile(source: AdrSource): AdrFile {
  const { file, front, tree } = source;
  const base = file.split("/").pop() ?? file;
  const warnings: AdrWarning[] = [...(source.warnings ?? [])];
  const warn = (line: number, message: string) => warnings.push({ file, line, message });
  const frontLines = source.frontRaw.split("\n");
  const frontLine = (key: string) => {
    const index = frontLines.findIndex((l) => new RegExp(`^${key}\\s*:`).test(l));
    return index < 0 ? 1 : index + 2;
  };
  const rawValue = (key: string) =>
    frontLines[frontLine(key) - 2]?.replace(/^[^:]*:\s*/, "").trim() ?? "";
  const log4 = LOG4BRAINS.exec(base);
  const fromName = log4 ? {} : fileNumberOf(base);
  if (fromName.warning) warn(1, fromName.warning);
  const h1 = tree.children.find((n): n is Heading => n.type === "heading" && n.depth === 1);
  const title = readTitle({
    heading: h1 ? { text: textOf(h1).trim(), line: h1.position?.start.line ?? 1 } : undefined,
    front: frontText(front.title),
    frontRaw: rawValue("title"),
    frontLine: frontLine("title"),
    fileNumber: fromName.value,
  });
  for (const w of title.warnings) warn(w.line, w.message);
  const number = typeof front.number === "number" ? front.number : (fromName.value ?? title.number);

  const meta = readMeta(tree);
  const statusSection = sectionAfter(tree, /^status$/i);
  let family: AdrFamily = "plain";
  const links: AdrLink[] = [];
  let status: Read<string> = {};
  let statusLine = 1;
  let dateRaw: unknown;
  let dateLine = 1;
  const statusFrom = (text: string, line: number) => {
    const read = readStatusLine(text);
    status = read.status;
    statusLine = line;
    links.push(...read.links);
  };
  if (front.status !== undefined && front.status !== null) {
    family = "front-matter";
    const raw = front.status;
    statusFrom(
      typeof raw === "object"
        ? `{ ${Object.keys(raw).join(" ")} }`
        : repaired(String(raw), rawValue("status")),
      frontLine("status"),
    );
    dateRaw = front.date;
    dateLine = frontLine("date");
  } else if (meta.fields.status) {
    family = "madr-bullets";
    statusFrom(meta.fields.status.text, meta.fields.status.line);
    dateRaw = meta.fields.date?.text;
    dateLine = meta.fields.date?.line ?? 1;
  } else if (statusSection.length > 0) {
    family = "nygard";
    const opening = statusSection.find(
      (n) => n.type === "paragraph" || n.type === "heading" || n.type === "list",
    );
    const list = opening?.type === "list";
    if (opening?.type === "list") {
      // `* Proposed` / `* Accepted`: the status's history, one item each
      const history = statusHistory(opening);
      const current = history[currentIndex(history)]!;
      statusFrom(current.status, current.line);
      for (const item of history) if (item !== current) links.push(...relationsIn(item.status));
    } else
      statusFrom(
        opening ? markdownText(opening).split("\n")[0]! : "",
        opening?.position?.start.line ?? 1,
      );
    for (const node of statusSection)
      if (node !== opening) links.push(...relationsIn(markdownText(node).replace(/\n/g, "; ")));
    // a paragraph's lines after its status (`Superseded by 0007`)
    if (opening && !list)
      links.push(...relationsIn(markdownText(opening).split("\n").slice(1).join("; ")));
  } else {
    const line = findMetaLine(tree, /^(status|estado)$/i);
    if (line) {
      family = "nygard";
      statusFrom(line.text, line.line);
    }
  }
  links.push(...meta.relations, ...frontRelations(front), ...leadingRelations(tree));
  const relations = {
    supersedes: [] as string[],
    superseded_by: [] as string[],
    links: [] as AdrLink[],
  };
  for (const l of links) addRelation({ id: "", file, ...relations }, l.type, l.target);
  if (log4) family = "log4brains";
  if (status.value?.startsWith("superseded") && relations.superseded_by.length > 0)
    status.value = `superseded by ${relations.superseded_by.join(", ")}`;
  if (dateRaw === undefined) {
    const dateLineMatch = findMetaLine(tree, /^(date|data|fecha|datum)$/i);
    if (dateLineMatch) ({ text: dateRaw, line: dateLine } = dateLineMatch);
  }
  // A date YAML read as a list or a map (`[YYYY-MM-DD]`, `{date}`) is shown as written.
  if (dateRaw !== null && typeof dateRaw === "object" && !(dateRaw instanceof Date))
    dateRaw = rawValue("date");
  if (status.warning || status.value === undefined)
    warn(
      statusLine,
      status.warning ??
        "no status found (no `status:`, no `Status:` bullet, no `## Status` section)",
    );
  const date = readDate(dateRaw);
  if (date.warning) warn(dateLine, date.warning);
  let dateValue = date.value;
  if (!dateValue && log4 && dateRaw === undefined) dateValue = `${log4[1]}-${log4[2]}-${log4[3]}`;

  const makers = front["decision-makers"] ?? front.deciders ?? meta.fields.deciders?.text;
  return {
    file,
    family,
    // `id: 0003` is a number to YAML; the id is what was written.
    id:
      typeof front.id === "string" && front.id
        ? front.id
        : typeof front.id === "number"
          ? rawValue("id") || String(front.id)
          : base.replace(/\.md$/i, ""),
    number,
    title: title.value || base.replace(/\.md$/i, ""),
    status: status.value ?? "unknown",
    date: dateValue,
    decision_makers:
      typeof makers === "string"
        ? makers.split(/\s*,\s*/).filter((m) => m && !isPlaceholder(m))
        : list(makers),
    tags: list(front.tags),
    records: list(front.records),
    paths: list(front.paths),
    ...relations,
    warnings: warnings.sort((a, b) => a.line - b.line),
  };
}

/**
 * YAML ends a plain value at ` #` (a comment): `status: superseded by #12` reads as
 * `superseded by`. When the line as written goes on past the value, the line is what was meant.
 */
export function repaired(value: string, written: string): string {
  if (/^["'[{|>]/.test(written) || written === value) return value;
  return written.startsWith(value) && /^\s+#/.test(written.slice(value.length)) ? written : value;
}

/** Relations in front matter keys: `supersedes`, `superseded_by`, `superseded-by`, `amends`, `related`, … */
function frontRelations(front: Record<string, unknown>): AdrLink[] {
  const out: AdrLink[] = [];
  for (const [key, value] of Object.entries(front)) {
    if (key === "status" || key === "title") continue;
    const type = relationTypeOf(key);
    if (!type) continue;
    const values = Array.isArray(value)
      ? value
      : value === null || value === undefined
        ? []
        : [value];
    for (const v of values) {
      if (typeof v !== "string" && typeof v !== "number") continue;
      const targets =
        typeof v === "number" ? [adrTargetOf(v)] : [adrTargetOf(v), ...adrTargetsIn(v)];
      const first = targets.find(Boolean);
      if (first) out.push({ type, target: first });
      for (const t of targets.slice(1)) if (t && t !== first) out.push({ type, target: t });
    }
  }
  return out;
}

/** One item of a Status section written as a list: its status text, date and line. */
type StatusItem = { status: string; date?: string; line: number };

const ISO_DATE = /\d{4}-\d{2}-\d{2}/;

/**
 * The items of a Status list (`- 2020-01-01: Proposed`, `- Accepted (2021-03-01)`), each with
 * its date taken out of its text.
 */
function statusHistory(list: List): StatusItem[] {
  return list.children.map((item) => {
    const text = markdownText(item).split("\n")[0]!.trim();
    const date = ISO_DATE.exec(text)?.[0];
    const status = date
      ? text
          .replace(/^\s*\d{4}-\d{2}-\d{2}\s*[:\-–—,]?\s*/, "")
          .replace(/\s*[:\-–—,]?\s*\(?\d{4}-\d{2}-\d{2}\)?\s*$/, "")
      : text;
    return { status, ...(date ? { date } : {}), line: item.position?.start.line ?? 1 };
  });
}

/** Which item is the status now: the latest date when every item has one, else the last item. */
function currentIndex(items: readonly StatusItem[]): number {
  if (items.every((i) => i.date !== undefined)) {
    let best = 0;
    items.forEach((item, i) => {
      if (item.date! >= items[best]!.date!) best = i;
    });
    return best;
  }
  return items.length - 1;
}
