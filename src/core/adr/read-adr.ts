import type { Heading, Paragraph, Root } from "mdast";
import { toString as textOf } from "mdast-util-to-string";
import {
  addLinks,
  addStatusRelation,
  adrRefsIn,
  findMetaLine,
  plainText,
  pushUnique,
  readBullets,
  refOf,
  sectionAfter,
} from "./read-parts.js";
import { isPlaceholder, numberOf, type Read, readDate, readStatus } from "./values.js";

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
  /** other typed links (amends, amended-by, relates-to, …) */
  links: { type: string; target: string }[];
  warnings: AdrWarning[];
};

/** The parts of a file the reader needs: its front matter (parsed), the body's mdast, the path. */
export type AdrSource = {
  file: string;
  front: Record<string, unknown>;
  frontRaw: string;
  tree: Root;
};

const LOG4BRAINS = /^(\d{4})(\d{2})(\d{2})-(.+)\.md$/i;
const list = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.filter((x) => x !== null && x !== undefined).map(String)
    : v === null || v === undefined || v === ""
      ? []
      : [String(v)];

/** Reads one ADR file of any family; never throws, puts what it could not read in `warnings`. */
export function readAdrFile(source: AdrSource): AdrFile {
  const { file, front, tree } = source;
  const base = file.split("/").pop() ?? file;
  const warnings: AdrWarning[] = [];
  const warn = (line: number, message: string) => warnings.push({ file, line, message });
  const frontLine = (key: string) => {
    const index = source.frontRaw.split("\n").findIndex((l) => new RegExp(`^${key}\\s*:`).test(l));
    return index < 0 ? 1 : index + 2;
  };
  const log4 = LOG4BRAINS.exec(base);
  const fileNumber = log4 ? undefined : numberOf(base);
  const h1 = tree.children.find((n): n is Heading => n.type === "heading" && n.depth === 1);
  let title = typeof front.title === "string" ? front.title : h1 ? textOf(h1).trim() : "";
  let number = fileNumber;
  const nygard =
    /^(\d{1,5})\.\s+(.*)$/.exec(title) ?? /^ADR[-\s#]?(\d{1,5})\s*[:.—–-]\s*(.+)$/i.exec(title);
  if (nygard) {
    const headingNumber = Number(nygard[1]);
    title = nygard[2]!.trim();
    if (number === undefined) number = headingNumber;
    else if (number !== headingNumber)
      warn(
        h1?.position?.start.line ?? 1,
        `the file name says ADR ${number} but the title says ${headingNumber}; kept ${number}`,
      );
  }
  if (!title) warn(1, "no title (no `title:` and no `# ` heading); the file name stands in");
  else if (isPlaceholder(title))
    warn(
      h1?.position?.start.line ?? frontLine("title"),
      `the title is a template placeholder left in ("${title}")`,
    );
  if (!title) title = base.replace(/\.md$/i, "");

  const bullets = readBullets(tree);
  const statusSection = sectionAfter(tree, /^status$/i);
  let family: AdrFamily = "plain";
  const relations = {
    supersedes: [] as string[],
    superseded_by: [] as string[],
    links: [] as { type: string; target: string }[],
  };
  let status: Read<string> = {};
  let statusLine = 1;
  let dateRaw: unknown;
  let dateLine = 1;
  if (front.status !== undefined) {
    family = "front-matter";
    const raw = front.status;
    const text =
      raw !== null && typeof raw === "object"
        ? `{ ${Object.keys(raw).join(" ")} }`
        : String(raw ?? "");
    status = readStatus(text);
    statusLine = frontLine("status");
    addStatusRelation(status.value, relations);
    dateRaw = front.date;
    dateLine = frontLine("date");
  } else if (bullets.status) {
    family = "madr-bullets";
    status = readStatus(bullets.status.text);
    statusLine = bullets.status.line;
    if (status.value) addLinks(bullets.status.node, relations);
    for (const ref of adrRefsIn(/\bsupersedes\s+(.*)$/i.exec(bullets.status.text)?.[1] ?? ""))
      pushUnique(relations.supersedes, ref);
    addStatusRelation(status.value, relations);
    dateRaw = bullets.date?.text;
    dateLine = bullets.date?.line ?? 1;
  } else if (statusSection.length > 0) {
    family = "nygard";
    const first = statusSection.find((n) => n.type === "paragraph") as Paragraph | undefined;
    status = readStatus(first ? plainText(first).split("\n")[0]! : "");
    statusLine = first?.position?.start.line ?? 1;
    for (const node of statusSection) addLinks(node, relations);
    addStatusRelation(status.value, relations);
  } else {
    const line = findMetaLine(tree, /^(status|estado)$/i);
    if (line) {
      family = "nygard";
      status = readStatus(line.text);
      statusLine = line.line;
      addStatusRelation(status.value, relations);
    }
  }
  for (const target of list(front.supersedes)) pushUnique(relations.supersedes, refOf(target));
  for (const ref of adrRefsIn(bullets.supersedes?.text ?? ""))
    pushUnique(relations.supersedes, ref);
  for (const ref of adrRefsIn(bullets.superseded_by?.text ?? ""))
    pushUnique(relations.superseded_by, ref);
  for (const target of list(front["superseded-by"]))
    pushUnique(relations.superseded_by, refOf(target));
  if (log4) family = "log4brains";
  if (status.value?.startsWith("superseded") && relations.superseded_by.length > 0)
    status.value = `superseded by ${relations.superseded_by.join(", ")}`;
  if (dateRaw === undefined) {
    const dateLineMatch = findMetaLine(tree, /^(date|data|fecha|datum)$/i);
    if (dateLineMatch) ({ text: dateRaw, line: dateLine } = dateLineMatch);
  }
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

  const makers = front["decision-makers"] ?? front.deciders ?? bullets.deciders?.text;
  return {
    file,
    family,
    id: typeof front.id === "string" && front.id ? front.id : base.replace(/\.md$/i, ""),
    number: typeof front.number === "number" ? front.number : number,
    title,
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
