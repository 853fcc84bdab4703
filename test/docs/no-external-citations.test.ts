// Comments and pages state the rule they rest on, or link a page under docs/: a reader of this
// repository has neither the product spec nor the seed documents it was written from, so
// "SPEC §3" or "seed 0214 §6" tells them nothing.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Citations of documents a reader does not have. */
const CITATION = [/\bSPEC\b/, /\bSTYLE(?:\.md)?\s*§/, /\bseeds?\b[ /-]*\d{4}/i, /\bseeds\//];

function filesUnder(dir: string, extension: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return filesUnder(file, extension);
    return entry.name.endsWith(extension) ? [file] : [];
  });
}

/** Each line of `file` that cites a document the reader does not have, as `file:line: text`. */
function citationsIn(file: string): string[] {
  return readFileSync(path.join(ROOT, file), "utf8")
    .split("\n")
    .flatMap((text, i) =>
      CITATION.some((pattern) => pattern.test(text)) ? [`${file}:${i + 1}: ${text.trim()}`] : [],
    );
}

const files = [...filesUnder("src", ".ts"), ...filesUnder("docs", ".md")];

describe("no citations of documents a reader does not have", () => {
  it("src/ and docs/ state the rule or link docs/, never SPEC or a seed", () => {
    const found = files.flatMap(citationsIn);
    expect(found).toEqual([]);
  });

  it("the patterns catch the forms the citations took, and leave code that only looks alike", () => {
    const cites = (text: string) => CITATION.some((pattern) => pattern.test(text));
    for (const text of [
      "// SPEC §3: records",
      "/** (seed 0214 §6) */",
      "Seed 0173: a form",
      "(STYLE §4)",
      "see seeds/0009.md",
    ])
      expect(cites(text), text).toBe(true);
    for (const text of [
      "GIT_LITERAL_PATHSPECS=0",
      "const MAX_PATHSPECS = 6;",
      "  - Seed 31ee2dbf maintainers",
      "a seed it prints",
      "(0062 speaks of its §3 being superseded)",
    ])
      expect(cites(text), text).toBe(false);
  });
});
