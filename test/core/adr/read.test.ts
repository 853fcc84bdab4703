import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { adrFilesIn } from "../../../src/app/adr/files.js";
import { readAdrText } from "../../../src/app/adr/read-file.js";
import { readPlainFrontMatter } from "../../../src/core/adr/plain-front-matter.js";
import { readStatus } from "../../../src/core/adr/status-line.js";
import { readDate } from "../../../src/core/adr/values.js";

const ROOT = fileURLToPath(new URL("../../fixtures/adr/", import.meta.url));
const expected = JSON.parse(readFileSync(path.join(ROOT, "expected.json"), "utf8")) as Record<
  string,
  Record<string, unknown> & { warning_lines: number[]; warning_texts?: string[] }
>;

async function read(file: string) {
  return readAdrText(readFileSync(path.join(ROOT, file), "utf8"), file);
}

describe("reading ADR files of every family (test/fixtures/adr/expected.json)", () => {
  const files = readdirSync(ROOT, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((d) =>
      adrFilesIn(path.join(ROOT, d.name)).map((f) => `${d.name}/${path.basename(f)}`),
    );

  it("has an expected result for every fixture", () => {
    expect(files.sort()).toEqual(Object.keys(expected).sort());
  });

  for (const file of files)
    it(`reads ${file}`, async () => {
      const { warning_lines, warning_texts, ...want } = expected[file]!;
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
      (warning_texts ?? []).forEach((text, i) => {
        expect(got.warnings[i]?.message).toContain(text);
      });
      for (const w of got.warnings) expect(w.file).toBe(file);
    });
});

describe("front matter read without the YAML engine", () => {
  const files = readdirSync(ROOT, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((d) => readdirSync(path.join(ROOT, d.name)).map((f) => `${d.name}/${f}`))
    .filter((f) => f.endsWith(".md"));

  it("reads every fixture exactly as the YAML engine does (title, status, dates, relations, warnings)", async () => {
    let fast = 0;
    for (const file of files) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      const raw = /^---\n([\s\S]*?)\n---/.exec(text)?.[1];
      if (raw !== undefined && readPlainFrontMatter(raw) !== undefined) fast++;
      expect(await readAdrText(text, file), file).toStrictEqual(
        await readAdrText(text, file, { yamlOnly: true }),
      );
    }
    expect(fast).toBeGreaterThan(5);
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
