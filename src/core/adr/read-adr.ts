import type { Heading, Link, List, Node, Paragraph, Root, RootContent } from "mdast";
import { toString as textOf } from "mdast-util-to-string";
import { adrRef } from "./model.js";
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
    status = readStatus(first ? textOf(first, { includeHtml: false }).split("\n")[0]! : "");
    statusLine = first?.position?.start.line ?? 1;
    for (const node of statusSection) addLinks(node, relations);
    addStatusRelation(status.value, relations);
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
    const dateLineMatch = findDateLine(tree);
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

type Bullet = { text: string; line: number; node: Node };
type BulletKey = "status" | "date" | "deciders" | "supersedes" | "superseded_by";

const BULLET_KEYS: [RegExp, BulletKey][] = [
  [/^(status|estado)$/i, "status"],
  [/^(date|data|fecha|datum)$/i, "date"],
  [/^(deciders|decision-makers|decision makers)$/i, "deciders"],
  [/^supersedes$/i, "supersedes"],
  [/^(superseded[ -]by|superceded[ -]by)$/i, "superseded_by"],
];

/** MADR 2 / log4brains bullets: `* Status: accepted`, `* **Status:** accepted`, `- Date: …`. */
function readBullets(tree: Root): Partial<Record<BulletKey, Bullet>> {
  const found: Partial<Record<BulletKey, Bullet>> = {};
  for (const node of tree.children.slice(0, 6)) {
    if (node.type !== "list") continue;
    for (const item of (node as List).children) {
      const paragraph = item.children[0];
      if (paragraph?.type !== "paragraph") continue;
      const match = /^\s*([a-z][a-z -]{1,20}?)\s*:\s*([\s\S]*)$/i.exec(
        textOf(paragraph, { includeHtml: false }),
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
function sectionAfter(tree: Root, name: RegExp): RootContent[] {
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

/** adr-tools writes `Date: 2018-03-04` as a paragraph under the title. */
function findDateLine(tree: Root): { text: string; line: number } | undefined {
  for (const node of tree.children.slice(0, 5)) {
    if (node.type !== "paragraph") continue;
    const match = /^\s*date\s*:\s*(.+)$/im.exec(textOf(node));
    if (match) return { text: match[1]!.trim(), line: node.position?.start.line ?? 1 };
  }
  return undefined;
}

function refOf(target: string): string {
  const n = numberOf(target);
  return n === undefined ? target.replace(/^.*\//, "").replace(/\.md$/i, "") : adrRef(n);
}

function pushUnique(list: string[], value: string): void {
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
function addLinks(
  node: Node,
  relations: {
    supersedes: string[];
    superseded_by: string[];
    links: { type: string; target: string }[];
  },
): void {
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
function addStatusRelation(
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
function adrRefsIn(text: string): string[] {
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
