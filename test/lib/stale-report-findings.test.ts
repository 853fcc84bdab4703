// The pre-commit reads a few findings of the stored report, each from its own part of the text,
// and marks findings in the text without parsing the rest: over random reports (texts that look
// like the layout's own delimiters included), exactly what parsing the report whole gives.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readIndexedFindings } from "../../src/adapters/report-index.js";
import {
  markedReportText,
  readStaleFindings,
  readStaleReport,
  writeStaleCache,
} from "../../src/adapters/stale-cache.js";
import type { StaleFinding, StalenessReport } from "../../src/core/staleness/types.js";
import { propertyOptions } from "../support/property.js";
import { tempDir } from "../support/repo.js";

const tricky = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '{"record_id":"R1",',
    '},{"record_id":"R2",',
    '],"notices":',
    ',"findings":[',
    ',"report":',
    '"',
    "\\",
    "\u2028",
    "🚀",
    "\ud800",
  ),
);

const finding = (id: string): fc.Arbitrary<StaleFinding> =>
  fc
    .record({
      kind: fc.constantFrom("decision" as const, "intent" as const),
      state: fc.constantFrom(
        "fresh" as const,
        "moved" as const,
        "review" as const,
        "stale" as const,
      ),
      recorded: fc.boolean(),
      author: tricky,
      subject: tricky,
      path: tricky,
      omitted: fc.option(fc.nat(), { nil: undefined }),
      own: fc.option(fc.nat({ max: 5 }), { nil: undefined }),
      method: fc.constantFrom("history" as const, "fingerprints" as const),
    })
    .map((f) => ({
      record_id: id,
      kind: f.kind,
      state: f.state,
      recorded: f.recorded,
      commits: [{ hash: "a".repeat(40), author: f.author, subject: f.subject }],
      ...(f.omitted !== undefined ? { omitted_commits: f.omitted } : {}),
      paths: [{ path: f.path, change: "modified" as const, commits: ["a".repeat(40)] }],
      ...(f.own !== undefined ? { own_workline_commits: f.own } : {}),
      method: f.method,
    }));

const ID_POOL = ["R1", "R2", "R10", "R3", 'odd "id"', "R", "R22"];

const report: fc.Arbitrary<StalenessReport> = fc
  .uniqueArray(fc.constantFrom(...ID_POOL), { maxLength: ID_POOL.length })
  .chain((ids) =>
    fc.record({
      head: fc.constantFrom("b".repeat(40), ""),
      findings: fc.tuple(...ids.map(finding)),
      notices: fc.array(tricky, { maxLength: 2 }),
    }),
  );

const asked = fc.uniqueArray(fc.constantFrom(...ID_POOL, "absent"), { maxLength: 5 });
const keyOf = fc.constantFrom("k1", 'k "quoted" ,"report":', "k\\2");

function stored(r: StalenessReport, key: string): string {
  const gitDir = tempDir("adrift-report-");
  writeStaleCache(
    gitDir,
    { key, records: [], open_worklines: [] },
    { key, head: r.head || "h", report: r },
  );
  return gitDir;
}

describe("findings read and marked from the stored report's text", () => {
  it("reads exactly the findings asked for, in the report's order, as the whole parse has them", () => {
    fc.assert(
      fc.property(report, asked, keyOf, (r, ids, key) => {
        const head = r.head || "h";
        const gitDir = stored(r, key);
        const want = new Set(ids);
        const few = readStaleFindings(gitDir, key, head, want);
        const whole = readStaleReport(gitDir, key, head)!;
        expect(few).toEqual({
          ...whole,
          findings: whole.findings.filter((f) => want.has(f.record_id)),
        });
        expect(readStaleFindings(gitDir, `${key}x`, head, want)).toBeUndefined();
        expect(readStaleFindings(gitDir, key, `${head}x`, want)).toBeUndefined();
        // Parsed whole first (the same process): the same answer.
        expect(readStaleFindings(gitDir, key, head, want)).toEqual(few);
      }),
      propertyOptions({ numRuns: 300 }),
    );
  });

  it("marks in the text exactly what writing the parsed report, marked, writes", () => {
    fc.assert(
      fc.property(report, asked, keyOf, keyOf, (r, ids, key, newKey) => {
        const head = r.head || "h";
        const gitDir = stored(r, key);
        const marked = new Set(ids);
        const text = markedReportText(gitDir, key, head, newKey, marked);
        const whole = JSON.parse(JSON.stringify(r)) as StalenessReport;
        const mark = (f: StaleFinding) => (marked.has(f.record_id) ? { ...f, recorded: true } : f);
        const expected = stored({ ...whole, findings: whole.findings.map(mark) }, newKey);
        expect(text).toBe(readFileSync(path.join(expected, "adrift/stale-report.json"), "utf8"));
        expect(markedReportText(gitDir, `${key}x`, head, newKey, marked)).toBeUndefined();
      }),
      propertyOptions({ numRuns: 300 }),
    );
  });
});

describe("the stored report's index of findings", () => {
  const manyFindings = (n: number, tag: string): StalenessReport => ({
    head: "c".repeat(40),
    findings: Array.from({ length: n }, (_, i) => ({
      record_id: `R${String(i).padStart(4, "0")}`,
      kind: "decision" as const,
      state: i % 3 === 0 ? ("fresh" as const) : ("stale" as const),
      recorded: i % 2 === 0,
      commits: [{ hash: "a".repeat(40), author: `Zoë ${tag}`, subject: `🚀 change ${i}` }],
      paths: [{ path: `src/ü${i}.ts`, change: "modified" as const, commits: ["a".repeat(40)] }],
      method: "history" as const,
    })),
    notices: [`notice ${tag}`],
  });

  it("is written beside the report and answers from the findings' own bytes, however many are asked", () => {
    const r = manyFindings(300, "a");
    const gitDir = tempDir("adrift-report-index-");
    writeStaleCache(
      gitDir,
      { key: "k", records: [], open_worklines: [] },
      { key: "k", head: r.head, report: r },
    );
    const index = path.join(gitDir, "adrift/stale-report.idx");
    expect(readFileSync(index, "utf8").split("\n")[0]).toContain('"count":300');
    for (const size of [0, 1, 5, 64, 65, 200, 300]) {
      const ids = new Set(
        r.findings.filter((_, i) => (i * 7) % 300 < size).map((f) => f.record_id),
      );
      ids.add("absent");
      const prefix = `{"key":"k","head":${JSON.stringify(r.head)},"report":`;
      const got = readIndexedFindings(
        path.join(gitDir, "adrift/stale-report.json"),
        index,
        prefix,
        ids,
      );
      expect(got).toEqual({ ...r, findings: r.findings.filter((f) => ids.has(f.record_id)) });
    }
  });

  it("names the report it was made for: a report written over it without an index is read whole", () => {
    const gitDir = tempDir("adrift-report-index-");
    const a = manyFindings(20, "a");
    const b = manyFindings(25, "b");
    writeStaleCache(
      gitDir,
      { key: "k", records: [], open_worklines: [] },
      { key: "k", head: a.head, report: a },
    );
    const file = path.join(gitDir, "adrift/stale-report.json");
    const index = path.join(gitDir, "adrift/stale-report.idx");
    const prefix = `{"key":"k","head":${JSON.stringify(a.head)},"report":`;
    // Another writer (an older adrift) replaces the report and leaves the index as it was.
    writeFileSync(file, `${prefix}${JSON.stringify(b)}}`);
    const ids = new Set(["R0003", "R0021"]);
    expect(readIndexedFindings(file, index, prefix, ids)).toBeUndefined();
    expect(readStaleFindings(gitDir, "k", a.head, ids)).toEqual({
      ...b,
      findings: b.findings.filter((f) => ids.has(f.record_id)),
    });
    // Another key or head: no report, whichever way it is read.
    writeStaleCache(
      gitDir,
      { key: "k", records: [], open_worklines: [] },
      { key: "k", head: a.head, report: a },
    );
    expect(readIndexedFindings(file, index, prefix.replace('"k"', '"k2"'), ids)).toBe("mismatch");
    expect(readStaleFindings(gitDir, "k2", a.head, ids)).toBeUndefined();
  });
});
