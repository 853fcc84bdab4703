import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileScopes } from "../../../src/core/rules/scope.js";
import { type Answer, planAdvance, questionKey } from "../../../src/core/staleness/advance.js";
import { assessByHistory } from "../../../src/core/staleness/assess-history.js";
import { indexHistory, NO_FILE } from "../../../src/core/staleness/history.js";
import { HistoryScan } from "../../../src/core/staleness/history-scan.js";
import type { AssessedRecord } from "../../../src/core/staleness/record-contents.js";
import { CandidateCache } from "../../../src/core/staleness/scope-candidates.js";
import { FILES, listing } from "../../support/history-gen.js";
import { fullRuns, propertyOptions } from "../../support/property.js";
import {
  extended,
  recordsOn,
  type TreeHistory,
  treeHistory,
  treeLine,
  treeLookup,
  treeRecords,
} from "../../support/tree-history.js";

/** Every record's finding by the record-by-record definition, contents from the trees after a merge. */
function definition(history: TreeHistory, records: AssessedRecord[], derive: boolean) {
  return judged(history, records, derive).findings;
}

/** The findings of `records` at the last commit, and the paths each depends on besides. */
function judged(history: TreeHistory, records: AssessedRecord[], derive: boolean) {
  const listed = listing(history.commits);
  const index = indexHistory(
    listed,
    records.map((r) => r.basis.revision),
  );
  const cache = new CandidateCache(index.paths);
  const lookup = derive ? undefined : treeLookup(history);
  const follows: Record<string, string[]> = {};
  const findings = records.map((r) => {
    const followed: string[] = [];
    const finding = assessByHistory(r, index, cache, followed, lookup);
    if (followed.length > 0) follows[r.id] = followed;
    return finding;
  });
  return { listed, findings, follows, linear: index.linear };
}

describe("the content rule", () => {
  it.each([
    ["linear, contents from the index", true],
    ["with merges, contents looked up", false],
  ])("the streamed scan finds what the definition finds (%s)", (_, linear) => {
    let fast = 0;
    let slow = 0;
    fc.assert(
      fc.property(treeHistory(linear as boolean), treeRecords, (history, raw) => {
        const listed = listing(history.commits);
        const records = recordsOn(raw, listed);
        const scan = new HistoryScan(records.map((r) => r.basis.revision));
        const half = Math.floor(listed.length / 2);
        for (const c of listed.slice(0, half)) scan.add(c);
        scan.attach(records);
        for (const c of listed.slice(half)) scan.add(c);
        const scanned = scan.finish();
        const lookup = scanned.index.linear ? undefined : treeLookup(history);
        const expected = definition(history, records, scanned.index.linear);
        records.forEach((_, r) => {
          if (scanned.judged(r)) fast++;
          else slow++;
          expect(scanned.assess(r, undefined, lookup)).toEqual(expected[r]);
        });
      }),
      propertyOptions({ numRuns: 400 }),
    );
    // Not vacuous: on one line of commits most records are judged while the history streams.
    if (fullRuns()) {
      if (linear) expect(fast).toBeGreaterThan(slow);
      expect(slow).toBeGreaterThan(100);
    }
  });

  it("the streamed scan finds what the definition finds on long lines (files changed many times since a basis)", () => {
    // The scan reads a file's events one by one when few came after a basis, and looks its
    // contents up in a map past that: both ways must give the definition's answer.
    let many = 0;
    fc.assert(
      fc.property(treeHistory(true, 120), treeRecords, (history, raw) => {
        const listed = listing(history.commits);
        const records = recordsOn(raw, listed);
        const scan = new HistoryScan(records.map((r) => r.basis.revision));
        scan.attach(records);
        for (const c of listed) scan.add(c);
        const scanned = scan.finish();
        const expected = definition(history, records, true);
        records.forEach((record, r) => {
          expect(scanned.assess(r)).toEqual(expected[r]);
          const after = listed.findIndex((c) => c.hash === record.basis.revision);
          const counts = new Map<string, number>();
          for (const c of listed.slice(0, after))
            for (const ch of c.changes) counts.set(ch.path, (counts.get(ch.path) ?? 0) + 1);
          if (scanned.judged(r) && [...counts.values()].some((n) => n > 16)) many++;
        });
      }),
      propertyOptions({ numRuns: 150 }),
    );
    // Not vacuous: many records judged while scanning have a file changed more than 16 times
    // since their basis.
    if (fullRuns()) expect(many).toBeGreaterThan(50);
  });

  it("on one line of commits the index says what git would (what HEAD and the basis hold)", () => {
    fc.assert(
      fc.property(treeHistory(true), treeRecords, (history, raw) => {
        const records = recordsOn(raw, listing(history.commits));
        expect(definition(history, records, true)).toEqual(definition(history, records, false));
      }),
      propertyOptions({ numRuns: 400 }),
    );
  });

  it.each([
    ["linear", true],
    ["with merges", false],
  ])("content decides, commits explain (%s)", (_, linear) => {
    let stale = 0;
    let freshByContent = 0;
    fc.assert(
      fc.property(treeHistory(linear as boolean), treeRecords, (history, raw) => {
        const listed = listing(history.commits);
        const records = recordsOn(raw, listed);
        const findings = definition(history, records, linear as boolean);
        const head = history.trees.get(listed[0]!.hash)!;
        const byHash = new Map(history.commits.map((c) => [c.hash, c]));
        records.forEach((record, r) => {
          const finding = findings[r]!;
          const basis = history.trees.get(record.basis.revision)!;
          const scopes = compileScopes(record.basis.touched_paths);
          const paths = FILES.filter((p) => scopes.some((s) => s.matches(p)));
          const seen = (p: string) => record.seen?.[p] ?? basis.get(p) ?? NO_FILE;
          const differs = paths.filter((p) => (head.get(p) ?? NO_FILE) !== seen(p));
          // A scope HEAD holds exactly as the record saw it is fresh, whatever commits did.
          if (differs.length === 0) {
            expect(finding.state).toBe("fresh");
            if (finding.commits.length === 0) freshByContent++;
          }
          // Stale only where content differs.
          if (finding.state === "stale") {
            stale++;
            expect(differs.length).toBeGreaterThan(0);
          }
          // On one line of commits, without a workline and without uncommitted work, content that
          // differs is never fresh. (After a merge it can be: a merge taking the side that
          // branched before the basis changed a file lists no change of its own there.)
          if (linear && !record.workline_id && !record.seen && differs.length > 0)
            expect(finding.state).not.toBe("fresh");
          // Without renames, a commit is named only when it left some file of the scope
          // otherwise than the record saw it.
          const renames = listed.some((c) => c.changes.some((ch) => ch.old_path !== undefined));
          if (!renames)
            for (const c of finding.commits) {
              const commit = byHash.get(c.hash)!;
              const left = commit.changes.some(
                (ch) =>
                  (scopes.some((s) => s.matches(ch.path)) &&
                    (ch.blob ?? NO_FILE) !== seen(ch.path)) ||
                  (ch.old_path !== undefined && scopes.some((s) => s.matches(ch.old_path!))) ||
                  !scopes.some((s) => s.matches(ch.path)),
              );
              expect(left).toBe(true);
            }
        });
      }),
      propertyOptions({ numRuns: 600 }),
    );
    // Not vacuous.
    if (fullRuns()) {
      expect(stale).toBeGreaterThan(100);
      expect(freshByContent).toBeGreaterThan(20);
    }
  });

  it.each([
    ["linear", true],
    ["with merges", false],
  ])(
    "a report carried forward keeps what a full read gives, content included (%s)",
    (_, linear) => {
      let kept = 0;
      let again = 0;
      fc.assert(
        fc.property(treeHistory(linear as boolean), treeLine, treeRecords, (history, line, raw) => {
          const previous = judged(
            history,
            recordsOn(raw, listing(history.commits)),
            linear as boolean,
          );
          const records = recordsOn(raw, previous.listed);
          const head = previous.listed[0]!.hash;
          const { history: next, chain } = extended(history, line);
          const time = new Map(next.commits.map((c) => [c.hash, c.time] as [string, number]));
          const oldest = [...new Set(records.map((r) => r.basis.revision))].sort(
            (a, b) => time.get(a)! - time.get(b)! || (a < b ? -1 : 1),
          )[0]!;
          const report = {
            head,
            records,
            findings: new Map(previous.findings.map((f) => [f.record_id, f])),
            follows: previous.follows,
            oldest,
            linear: previous.linear,
          };
          const times = new Map([
            [head, time.get(head)!],
            [oldest, time.get(oldest)!],
          ]);
          const newestFirst = [...chain].reverse();
          let plan = planAdvance(report, records, newestFirst, times);
          if ("reason" in plan) return;
          if (plan.questions.length > 0) {
            // What git answers: the basis's content there, and whether it differs at the previous HEAD.
            const answers = new Map<string, Answer>();
            for (const { revision, path } of plan.questions) {
              const then = history.trees.get(revision)!.get(path);
              const now = history.trees.get(head)!.get(path);
              answers.set(questionKey(revision, path), {
                basis: then ?? NO_FILE,
                changed: then !== undefined && now !== undefined && then !== now,
              });
            }
            plan = planAdvance(report, records, newestFirst, times, answers);
            if ("reason" in plan) return;
          }
          const full = judged(next, records, linear as boolean).findings;
          records.forEach((_, r) => {
            const finding = plan.kept[r];
            if (!finding) {
              again++;
              return;
            }
            kept++;
            expect(finding).toEqual(full[r]);
          });
        }),
        propertyOptions({ numRuns: 1500 }),
      );
      if (fullRuns()) {
        expect(kept).toBeGreaterThan(200);
        expect(again).toBeGreaterThan(100);
      }
    },
  );
});
