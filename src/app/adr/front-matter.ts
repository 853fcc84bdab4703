import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { type Document, isMap, isScalar, isSeq, parse, parseDocument, stringify } from "yaml";
import { type AdrFrontMatter, FRONT_MATTER_KEYS } from "../../core/adr/model.js";
import { AdriftError } from "../../core/errors.js";
import { normalizedText } from "../../core/inputs/saved-text.js";

/** The hash adrift stamps on a draft it wrote, to notice a person's edits later. */
export const HASH_KEY = "adrift-hash";

/** A Markdown file split into its front matter and body. */
export type FrontMatterFile = {
  data: Record<string, unknown>;
  /** the front matter text as written (empty when none) */
  raw: string;
  body: string;
  /** 1-based line of the body's first line in the file */
  bodyLine: number;
  hasFrontMatter: boolean;
};

// gray-matter splits drafts and ADRs adrift writes or edits. Its bundled js-yaml 3 damages round
// trips, and without an options object it caches parses by content; so it always gets the `yaml`
// package as its engine and a fresh options object. It is loaded on first use (it brings js-yaml
// and esprima), so commands that read no ADR file never pay for it; the import of ADR folders
// reads front matter from the Markdown tree it parses anyway (`read-file.ts`).
type GrayMatter = (
  input: string,
  options: object,
) => { data: unknown; content: string; matter?: string };
let grayMatter: GrayMatter | undefined;
const require = createRequire(import.meta.url);
const engine = () => ({
  engines: {
    yaml: {
      parse: (s: string) => (parse(s) ?? {}) as object,
      stringify: (o: object) => stringify(o),
    },
  },
});

/** Reads front matter (YAML) and body; a broken front matter is a validation error naming the file. */
export function readFrontMatter(text: string, file: string): FrontMatterFile {
  const normalized = normalizedText(text);
  grayMatter ??= require("gray-matter") as GrayMatter;
  try {
    const parsed = grayMatter(normalized, engine());
    const raw = parsed.matter ?? "";
    const hasFrontMatter = normalized.startsWith("---");
    const bodyLine = hasFrontMatter
      ? normalized.slice(0, normalized.length - parsed.content.length).split("\n").length
      : 1;
    const data =
      parsed.data && typeof parsed.data === "object" && !Array.isArray(parsed.data)
        ? (parsed.data as Record<string, unknown>)
        : {};
    return { data, raw, body: parsed.content, bodyLine, hasFrontMatter };
  } catch (error) {
    throw new AdriftError(
      "validation_failed",
      `${file}: the front matter is not valid YAML (${(error as Error).message.split("\n")[0]})`,
      { file },
    );
  }
}

/** Serializes adrift's own front matter in a fixed key order, leaving out empty optional keys. */
export function stringifyFrontMatter(
  front: AdrFrontMatter,
  extra: Record<string, string> = {},
): string {
  const ordered: Record<string, unknown> = {};
  for (const key of FRONT_MATTER_KEYS) {
    const value = front[key];
    if (
      value === undefined ||
      (Array.isArray(value) &&
        value.length === 0 &&
        (key === "supersedes" ||
          key === "superseded-by" ||
          key === "consulted" ||
          key === "informed"))
    )
      continue;
    ordered[key] = value;
  }
  Object.assign(ordered, extra);
  return `---\n${stringify(ordered, { lineWidth: 0 })}---\n`;
}

/**
 * Edits the front matter a person may have written with yaml's Document API, so comments,
 * quoting and key order survive; only the keys `edit` touches change.
 */
export function editFrontMatter(text: string, file: string, edit: (doc: Document) => void): string {
  const normalized = text.replace(/\r\n?/g, "\n");
  const match = /^(\uFEFF?---\n)([\s\S]*?\n)?(---[ \t]*\n|---[ \t]*$)/.exec(normalized);
  if (!match)
    throw new AdriftError("validation_failed", `${file}: no YAML front matter to edit`, { file });
  const doc = parseDocument(match[2] ?? "");
  if (doc.errors.length > 0)
    throw new AdriftError(
      "validation_failed",
      `${file}: the front matter is not valid YAML (${doc.errors[0]!.message.split("\n")[0]})`,
      { file },
    );
  edit(doc);
  const yamlText = doc.contents === null ? "" : doc.toString({ lineWidth: 0 });
  return `${match[1]}${yamlText}${match[3]!.endsWith("\n") ? match[3] : `${match[3]}\n`}${normalized.slice(match[0].length)}`;
}

/** Sets a key, keeping an existing scalar's quoting style. */
export function setKey(doc: Document, key: string, value: unknown): void {
  const node = doc.get(key, true);
  if (isScalar(node) && (typeof value === "string" || typeof value === "number"))
    node.value = value;
  else if (isSeq(node) && Array.isArray(value)) {
    const items = node.items;
    const known = new Map(items.map((item) => [isScalar(item) ? String(item.value) : "", item]));
    node.items = value.map((v) => known.get(String(v)) ?? doc.createNode(v));
  } else doc.set(key, doc.createNode(value));
}

/** A key's value as a list of strings (a scalar counts as a one-element list). */
export function stringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined).map(String);
  if (value === null || value === undefined || value === "") return [];
  return [String(value)];
}

const hashOf = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);
const HASH_LINE = new RegExp(`^${HASH_KEY}: .*\\n`, "m");

/** Adds the hash of `text` (a generated file) to its front matter, as the last key. */
export function stampHash(text: string): string {
  const end = text.indexOf("\n---\n", 3);
  return `${text.slice(0, end + 1)}${HASH_KEY}: ${hashOf(text)}\n${text.slice(end + 1)}`;
}

/** True when a file still is exactly what adrift last wrote (no person edited it). */
export function isUnedited(text: string): boolean {
  const normalized = text.replace(/\r\n?/g, "\n");
  const match = new RegExp(`^${HASH_KEY}: (.*)$`, "m").exec(normalized);
  return match !== null && hashOf(normalized.replace(HASH_LINE, "")) === match[1]!.trim();
}

/** Whether the front matter is a YAML mapping (and not a list or a scalar). */
export function isMapping(doc: Document): boolean {
  return doc.contents === null || isMap(doc.contents);
}
