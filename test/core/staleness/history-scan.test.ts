import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileScope } from "../../../src/core/rules/scope.js";
import { assessByHistory } from "../../../src/core/staleness/assess-history.js";
import { indexHistory } from "../../../src/core/staleness/history.js";
import { HistoryScan } from "../../../src/core/staleness/history-scan.js";
import type { AssessedRecord } from "../../../src/core/staleness/record-contents.js";
import { CandidateCache } from "../../../src/core/staleness/scope-candidates.js";
import { ScopeMatcher } from "../../../src/core/staleness/scope-index.js";
import { dag, FILES, listing, records, SCOPES } from "../../support/history-gen.js";
import { propertyOptions } from "../../support/property.js";

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
      propertyOptions({ numRuns: 300 }),
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
      propertyOptions(),
    );
  });
});
