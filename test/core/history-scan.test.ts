import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CommitInfo,
  type FileChange,
  indexHistory,
  orderCommits,
} from "../../src/core/rules/history.js";
import { HistoryScan } from "../../src/core/rules/history-scan.js";
import { compileScope } from "../../src/core/rules/scope.js";
import { ScopeMatcher } from "../../src/core/rules/scope-index.js";
import {
  type AssessedRecord,
  assessByHistory,
  CandidateCache,
} from "../../src/core/rules/staleness.js";

const FILES = ["src/a.ts", "src/b.ts", "src/deep/c.ts", "src/deep/d.md", "lib/e.ts", "lib/f/g.ts"];
const SCOPES = [
  ["src/a.ts"],
  ["src/"],
  ["src/deep"],
  ["**/*.ts"],
  ["src/*.ts", "lib/"],
  ["lib/f/g.ts", "src/deep/"],
  ["src/{a,b}.ts"],
];

const change = fc.oneof(
  fc.record({ status: fc.constantFrom("A", "M", "D"), path: fc.constantFrom(...FILES) }),
  fc.record({
    status: fc.constant("R"),
    old_path: fc.constantFrom(...FILES),
    path: fc.constantFrom(...FILES),
    similarity: fc.constantFrom(100, 80),
  }),
);

/** Changes as git lists them: each path once as a destination, renames from another path (each source once). */
function realistic(changes: FileChange[]): FileChange[] {
  const paths = new Set<string>();
  const sources = new Set<string>();
  return changes.filter((c) => {
    if (paths.has(c.path)) return false;
    if (c.old_path !== undefined && (c.old_path === c.path || sources.has(c.old_path)))
      return false;
    paths.add(c.path);
    if (c.old_path !== undefined) sources.add(c.old_path);
    return true;
  });
}

/** A random DAG (parents are earlier commits; merges included) with random changes and trailers. */
const dag = (linear: boolean) =>
  fc
    .array(
      fc.record({
        parents: fc.array(fc.nat(), { maxLength: 2 }),
        changes: fc.array(change, { maxLength: 3 }),
        workline: fc.constantFrom(undefined, "W1", "W2"),
        time: fc.nat({ max: 5 }),
      }),
      { minLength: linear ? 12 : 1, maxLength: 30 },
    )
    .map((raw) =>
      raw.map(
        (c, i): CommitInfo => ({
          hash: `c${String(i).padStart(2, "0")}`,
          parents:
            i === 0
              ? []
              : linear
                ? [`c${String(i - 1).padStart(2, "0")}`]
                : [...new Set(c.parents.map((p) => `c${String(p % i).padStart(2, "0")}`))],
          author: "A",
          author_email: "a@x",
          time: c.time,
          subject: `commit ${i}`,
          worklines: c.workline ? [c.workline] : [],
          changes: !linear && c.parents.length > 1 ? [] : realistic(c.changes as FileChange[]),
        }),
      ),
    );

const records = fc.array(
  fc.record({
    base: fc.nat(),
    scope: fc.constantFrom(...SCOPES),
    workline: fc.constantFrom(undefined, "W1", "W2"),
  }),
  { minLength: 1, maxLength: 8 },
);

/** The commits reachable from the last one (HEAD), newest first in a topological order. */
function listing(commits: CommitInfo[]): CommitInfo[] {
  const byHash = new Map(commits.map((c) => [c.hash, c]));
  const reachable = new Set<string>();
  const stack = [commits[commits.length - 1]!.hash];
  while (stack.length > 0) {
    const hash = stack.pop()!;
    if (reachable.has(hash)) continue;
    reachable.add(hash);
    stack.push(...byHash.get(hash)!.parents);
  }
  return orderCommits(commits.filter((c) => reachable.has(c.hash))).reverse();
}

describe("the streamed history scan", () => {
  it.each([
    ["with merges", false],
    ["linear (judged from summaries)", true],
  ])("finds exactly what the record-by-record definition finds (%s)", (_, linear) => {
    fc.assert(
      fc.property(dag(linear as boolean), records, (commits, raw) => {
        const listed = listing(commits);
        const assessed: AssessedRecord[] = raw.map((r, i) => ({
          id: `R${i}`,
          kind: "decision",
          basis: {
            revision: listed[r.base % listed.length]!.hash,
            touched_paths: r.scope,
          },
          ...(r.workline ? { workline_id: r.workline } : {}),
          recorded: false,
        }));
        const bases = assessed.map((r) => r.basis.revision);
        const scan = new HistoryScan(bases);
        // Records arrive while the history streams, as the log is read beside `git log`.
        const half = Math.floor(listed.length / 2);
        for (const c of listed.slice(0, half)) scan.add(c);
        scan.attach(assessed);
        for (const c of listed.slice(half)) scan.add(c);
        const scanned = scan.finish();
        const index = indexHistory(listed, bases);
        const cache = new CandidateCache(index.paths);
        assessed.forEach((record, r) => {
          const expected = assessByHistory(record, index, cache);
          expect(scanned.assess(r)).toEqual(expected);
        });
      }),
      { numRuns: 300 },
    );
  });

  it("matches each path to exactly the records whose scope matches it", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...SCOPES), { maxLength: 6 }), (scopes) => {
        const assessed: AssessedRecord[] = scopes.map((scope, i) => ({
          id: `R${i}`,
          kind: "decision",
          basis: { revision: "x", touched_paths: scope },
          recorded: false,
        }));
        const matcher = new ScopeMatcher(assessed);
        for (const file of [...FILES, "src", "srcx/a.ts", "lib/f"]) {
          const expected = assessed
            .map((r, i) =>
              r.basis.touched_paths.some((e) => compileScope(e).matches(file)) ? i : -1,
            )
            .filter((i) => i >= 0);
          expect([...matcher.recordsFor(file)].sort((a, b) => a - b)).toEqual(expected);
        }
      }),
    );
  });
});
