// The pre-commit reads, through the index beside the staleness cache, only the records a staged
// change can touch. Over random records (paths, folders, globs, exclusions, escaped wildcards,
// anchors, followed renames) and random changes, judging the staged change with that slice gives
// exactly what judging it with every record gives, and the slice keeps the cache's order.
import { copyFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readIndexedFindings } from "../../src/adapters/report-index.js";
import {
  readStaleCache,
  readStaleCacheSlice,
  readStaleFindings,
  type StaleCache,
  writeStaleCache,
} from "../../src/adapters/stale-cache.js";
import { stagedCommit, stagedFindings } from "../../src/app/staleness/staged.js";
import type { CommitInfo, FileChange } from "../../src/core/staleness/history.js";
import type { AssessedRecord } from "../../src/core/staleness/record-contents.js";
import { recordsTouching } from "../../src/core/staleness/records-touching.js";
import { propertyOptions } from "../support/property.js";
import { tempDir } from "../support/repo.js";

const SEGMENTS = ["src", "app", "lib", "[id]", "a b", "é", "x.ts", "y.json", "docs", "README.md"];
const segment = fc.constantFrom(...SEGMENTS);
const filePath = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join("/"));

/** A scope entry as recording writes them: a path, a folder, a glob, an exclusion. */
const entry: fc.Arbitrary<string> = fc.oneof(
  filePath.map((p) => p.replace(/[[\]]/g, (c) => `\\${c}`)),
  filePath.map((p) => `${p}/`),
  fc.constantFrom("**/*.ts", "src/**", "src/**/*.json", "app/*/x.ts", "**", "*.md", "lib/{a,b}/**"),
  filePath.map((p) => `!${p}`),
  fc.constantFrom("!src/**/*.json", "!**/README.md"),
);

const REV = ["a".repeat(40), "b".repeat(40)];

const record = (id: string): fc.Arbitrary<AssessedRecord> =>
  fc
    .record({
      entries: fc.array(entry, { minLength: 1, maxLength: 4 }),
      anchors: fc.array(filePath, { maxLength: 1 }),
      recorded: fc.boolean(),
      revision: fc.constantFrom(...REV),
    })
    .map((r) => ({
      id,
      kind: "decision" as const,
      recorded: r.recorded,
      basis: {
        revision: r.revision,
        touched_paths: r.entries,
        ...(r.anchors.length
          ? { anchors: r.anchors.map((p) => ({ path: p, symbol: "f", fingerprint: "x" })) }
          : {}),
      },
    }));

const records = fc
  .integer({ min: 0, max: 12 })
  .chain((n) =>
    fc.tuple(...Array.from({ length: n }, (_, i) => record(`R${String(i).padStart(2, "0")}`))),
  );

const change: fc.Arbitrary<FileChange> = fc.oneof(
  filePath.map((p) => ({
    status: "M" as const,
    path: p,
    blob: "1".repeat(40),
    was: "2".repeat(40),
  })),
  filePath.map((p) => ({ status: "A" as const, path: p, blob: "1".repeat(40), was: "" })),
  filePath.map((p) => ({ status: "D" as const, path: p, blob: "", was: "2".repeat(40) })),
  fc.tuple(filePath, filePath).map(([from, to]) => ({
    status: "R" as const,
    path: to,
    old_path: from,
    similarity: 100,
    blob: "1".repeat(40),
    was: "1".repeat(40),
  })),
);

const changes = fc
  .uniqueArray(change, { minLength: 1, maxLength: 4, selector: (c) => c.path })
  .filter((cs) => new Set(cs.flatMap((c) => [c.path, c.old_path ?? c.path])).size > 0);

const paths = (cs: readonly FileChange[]) =>
  cs.flatMap((c) => (c.old_path ? [c.path, c.old_path] : [c.path]));

function cacheOf(
  rs: AssessedRecord[],
  follows: Record<string, string[]>,
): Omit<StaleCache, "version"> {
  return {
    key: "k",
    records: rs,
    open_worklines: ["W1"],
    problems: [],
    head: REV[0],
    unrecorded: rs
      .filter((r) => !r.recorded)
      .map((r) => r.id)
      .slice(0, 2),
    oldest: REV[1],
    follows,
    linear: true,
  };
}

describe("the staleness cache's slice for a staged change", () => {
  it("judges the staged change exactly as every record does", () => {
    const dir = tempDir();
    fc.assert(
      fc.property(
        records,
        changes,
        fc.array(fc.tuple(fc.nat(), filePath), { maxLength: 3 }),
        (rs, cs, followed) => {
          const follows: Record<string, string[]> = {};
          for (const [i, p] of followed) {
            const id = rs[i % Math.max(1, rs.length)]?.id;
            if (id) follows[id] = [...(follows[id] ?? []), p];
          }
          const gitDir = path.join(dir, "git");
          writeStaleCache(gitDir, cacheOf(rs, follows));
          const whole = readStaleCache(gitDir)!;
          const slice = readStaleCacheSlice(gitDir, paths(cs));
          expect(slice).toBeDefined();
          const { records: _r, follows: _f, version: _v, ...fields } = whole;
          const { records: sliced, follows: slicedFollows, ...sliceFields } = slice!;
          expect(sliceFields).toEqual(fields);
          // In the cache's order, and every record a path of the change can touch is there.
          const order = sliced.map((r) => rs.findIndex((x) => x.id === r.id));
          expect(order).toEqual([...order].sort((a, b) => a - b));
          const ids = new Set(sliced.map((r) => r.id));
          for (const r of recordsTouching(rs, paths(cs))) expect(ids).toContain(r.id);
          const commit: CommitInfo = stagedCommit(cs, { name: "n" }, undefined, 1);
          const context = { head: REV[0], atBasis: () => undefined };
          expect(
            stagedFindings(sliced, commit, { ...context, follows: slicedFollows ?? {} }),
          ).toEqual(stagedFindings(rs, commit, { ...context, follows }));
        },
      ),
      propertyOptions({ numRuns: 1000 }),
    );
  });

  it("gets its indexes back after the files were copied (new inodes)", () => {
    const gitDir = path.join(tempDir(), "git");
    const rs: AssessedRecord[] = [
      {
        id: "R1",
        kind: "decision",
        recorded: false,
        basis: { revision: REV[0]!, touched_paths: ["src/a.ts"] },
      },
      {
        id: "R2",
        kind: "decision",
        recorded: true,
        basis: { revision: REV[0]!, touched_paths: ["lib/"] },
      },
    ];
    const finding = (id: string) => ({
      record_id: id,
      kind: "decision" as const,
      state: "fresh" as const,
      recorded: false,
      commits: [],
      paths: [],
      method: "history" as const,
    });
    const report = { head: REV[0]!, findings: [finding("R1"), finding("R2")], notices: [] };
    writeStaleCache(gitDir, cacheOf(rs, {}), { key: "k", head: REV[0]!, report });
    // A copy (cp -a, a restored CI cache): same bytes, new inodes.
    for (const name of ["stale-cache.json", "stale-report.json"]) {
      const file = path.join(gitDir, "adrift", name);
      copyFileSync(file, `${file}.copy`);
      renameSync(`${file}.copy`, file);
    }
    const reportFile = path.join(gitDir, "adrift/stale-report.json");
    const reportIndex = path.join(gitDir, "adrift/stale-report.idx");
    const prefix = `{"key":"k","head":${JSON.stringify(REV[0])},"report":`;
    expect(readStaleCacheSlice(gitDir, ["src/a.ts"])).toBeUndefined();
    expect(readIndexedFindings(reportFile, reportIndex, prefix, new Set(["R1"]))).toBeUndefined();
    // The next reader that reads them whole writes their indexes again...
    expect(readStaleCache(gitDir)?.records.map((r) => r.id)).toEqual(["R1", "R2"]);
    expect(readStaleFindings(gitDir, "k", REV[0], new Set(["R2"]))?.findings).toEqual([
      finding("R2"),
    ]);
    // ...and the pre-commit reads through them again.
    expect(readStaleCacheSlice(gitDir, ["src/a.ts"])?.records.map((r) => r.id)).toEqual(["R1"]);
    expect(readIndexedFindings(reportFile, reportIndex, prefix, new Set(["R1"]))).toMatchObject({
      findings: [finding("R1")],
    });
  });

  it("is not read from an index whose cache was written over since", () => {
    const gitDir = path.join(tempDir(), "git");
    writeStaleCache(gitDir, cacheOf([], {}));
    expect(readStaleCacheSlice(gitDir, ["src/x.ts"])).toBeDefined();
    // Another writer (an older adrift) replaces the cache alone: the index names the old one.
    writeFileSync(path.join(gitDir, "adrift/stale-cache.json"), JSON.stringify({ version: 6 }));
    expect(readStaleCacheSlice(gitDir, ["src/x.ts"])).toBeUndefined();
  });
});
