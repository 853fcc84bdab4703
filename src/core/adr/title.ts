import { isPlaceholder } from "./values.js";

/** What the title is read from: the first `# ` heading and the front matter's `title:`. */
export type TitleSource = {
  heading?: { text: string; line: number };
  /** `title:` as YAML read it */
  front?: string;
  /** the `title:` line as written, after the key */
  frontRaw: string;
  frontLine: number;
  /** the number in the file name, if any */
  fileNumber?: number;
};

/** A title read: the text, the number its heading gave, and what could not be read cleanly. */
export type TitleRead = {
  value: string;
  number?: number;
  warnings: { line: number; message: string }[];
};

// `# 3. Title`, `# 0321 — Title`, `# ADR-0014: Title`, `# ADR 7 - Title`, `# 29 Title`.
const NUMBERED = /^(ADR[-\s#]?)?0*(\d{1,5})([a-z]?)(\s*[.:)—–-]\s*|\s+)(\S.*)$/i;

/**
 * The title of an ADR: the first `# ` heading wins over `title:` (the heading is what readers
 * see, and YAML cuts a plain `title:` at ` #123`), with a leading ADR number taken off. A
 * number without a dot (`# 29 Title`) counts when the heading is the file's own number or
 * close to it, so `# 3 ways to cache` stays whole in file 0012.
 */
export function readTitle(source: TitleSource): TitleRead {
  const warnings: TitleRead["warnings"] = [];
  const fromFront =
    source.front === undefined ? undefined : frontTitle(source.front, source.frontRaw);
  const heading = source.heading?.text.trim();
  const useHeading = heading !== undefined && heading !== "" && !isPlaceholder(heading);
  const text = useHeading ? heading : (fromFront ?? heading ?? "");
  const line =
    useHeading || fromFront === undefined ? (source.heading?.line ?? 1) : source.frontLine;
  // Heading attributes (`# Use Kafka {#adr_0034}`, `{#id .class}`) are markup, not title.
  let value = text
    .replace(/\s+/g, " ")
    .replace(/\s*\{\s*[#.][^{}]*\}\s*$/, "")
    .trim();
  let number: number | undefined;
  const match = NUMBERED.exec(value);
  // An appendix number (`0034a`) is no ADR number: the title keeps it, the file has none.
  if (match?.[3]) {
    value = match[5]!.trim();
  } else if (match) {
    const n = Number(match[2]);
    const separated = Boolean(match[1]) || match[4]!.trim() !== "";
    const near = source.fileNumber !== undefined && Math.abs(source.fileNumber - n) <= 3;
    if (separated || near) {
      number = n;
      value = match[5]!.trim();
      if (source.fileNumber !== undefined && n !== source.fileNumber)
        warnings.push({
          line,
          message: `the file name says ADR ${source.fileNumber} but the title says ${n}; kept ${source.fileNumber}`,
        });
    }
  }
  if (!value)
    warnings.push({
      line: 1,
      message: "no title (no `title:` and no `# ` heading); the file name stands in",
    });
  else if (isPlaceholder(value))
    warnings.push({ line, message: `the title is a template placeholder left in ("${value}")` });
  return { value, number, warnings };
}

/** `title:` with link markup read as its text, and mended where YAML cut it at ` #`. */
function frontTitle(parsed: string, written: string): string {
  let title = parsed;
  if (
    !/^["'|>]/.test(written) &&
    written.startsWith(parsed) &&
    /^\s+#/.test(written.slice(parsed.length))
  )
    title = written;
  return title.replace(/\[((?:[^[\]]|\[[^\]]*\])*)\]\([^)]*\)/g, "$1");
}
