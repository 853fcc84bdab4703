import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readFrontMatter } from "../../src/app/adr/front-matter.js";
import { parseMarkdown } from "../../src/app/adr/markdown.js";
import { readAdrFile } from "../../src/core/adr/read-adr.js";
import { readDate, readStatus } from "../../src/core/adr/values.js";

const ROOT = fileURLToPath(new URL("../fixtures/adr/", import.meta.url));
const expected = JSON.parse(readFileSync(path.join(ROOT, "expected.json"), "utf8")) as Record<
  string,
  Record<string, unknown> & { warning_lines: number[] }
>;

async function read(file: string) {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const front = readFrontMatter(text, file);
  const tree = await parseMarkdown(text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n"));
  return readAdrFile({ file, front: front.data, frontRaw: front.raw, tree });
}

describe("reading ADR files of every family (test/fixtures/adr/expected.json)", () => {
  const files = readdirSync(ROOT, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((d) => readdirSync(path.join(ROOT, d.name)).map((f) => `${d.name}/${f}`));

  it("has an expected result for every fixture", () => {
    expect(files.sort()).toEqual(Object.keys(expected).sort());
  });

  for (const file of files)
    it(`reads ${file}`, async () => {
      const { warning_lines, ...want } = expected[file]!;
      const got = await read(file);
      expect({
        ...got,
        warnings: undefined,
        file: undefined,
        tags: undefined,
        records: undefined,
        paths: undefined,
      }).toMatchObject({
        ...want,
        decision_makers: want.decision_makers ?? [],
      });
      expect(got.warnings.map((w) => w.line)).toEqual(warning_lines);
      for (const w of got.warnings) expect(w.file).toBe(file);
    });
});

describe("status and date values", () => {
  it("never guesses silently: every rewritten value carries a warning", () => {
    for (const raw of ["✅ Accepted", "{ accepted }", "Superceded by ADR-3", "on hold"])
      expect(readStatus(raw).warning).toBeDefined();
    expect(readStatus("Accepted")).toEqual({ value: "accepted" });
    expect(readDate("2020-01-02")).toEqual({ value: "2020-01-02" });
    expect(readDate("13/01/2020")).toMatchObject({ value: "2020-01-13" });
    expect(readDate("13/01/2020").warning).toBeDefined();
    expect(readDate("01/13/2020")).toMatchObject({ value: "2020-01-13" });
    expect(readDate("31/02/2020").value).toBeUndefined();
  });
});
