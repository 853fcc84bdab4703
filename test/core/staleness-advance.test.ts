import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CommitInfo, type FileChange, indexHistory } from "../../src/core/rules/history.js";
import {
  type AssessedRecord,
  assessByHistory,
  CandidateCache,
} from "../../src/core/rules/staleness.js";
import { planAdvance } from "../../src/core/rules/staleness-advance.js";
import type { StaleFinding } from "../../src/core/rules/staleness-types.js";
import { change, dag, listing, realistic, records, SCOPES } from "../support/history-gen.js";

/** Findings of `assessed` over the history up to the last of `commits`, and what they followed. */
function judged(commits: CommitInfo[], assessed: AssessedRecord[]) {
  const listed = listing(commits);
  const index = indexHistory(
    listed,
    assessed.map((r) => r.basis.revision),
  );
  const cache = new CandidateCache(index.paths);
  const follows: Record<string, string[]> = {};
  const findings = assessed.map((record) => {
    const followed: string[] = [];
    const finding = assessByHistory(record, index, cache, followed);
    if (followed.length > 0) follows[record.id] = followed;
    return finding;
  });
  return { listed, findings, follows };
}

/** New commits in one line on top of the last of the history. */
const line = fc.array(
  fc.record({
    changes: fc.array(change, { maxLength: 3 }),
    workline: fc.constantFrom(undefined, "W1", "W2"),
    time: fc.nat({ max: 5 }),
  }),
  { maxLength: 4 },
);

describe("carrying a staleness report forward", () => {
  it("keeps exactly the findings a full read at the new HEAD gives, and never one that changed", () => {
    let kept = 0;
    let again = 0;
    fc.assert(
      fc.property(
        dag(false),
        line,
        records,
        fc.array(fc.record({ at: fc.nat(), scope: fc.constantFrom(...SCOPES) }), {
          maxLength: 2,
        }),
        fc.nat(),
        (commits, extension, raw, added, changedScope) => {
          const head = commits[commits.length - 1]!.hash;
          const chain: CommitInfo[] = [];
          extension.forEach((e, i) => {
            chain.push({
              hash: `n${i}`,
              parents: [chain[i - 1]?.hash ?? head],
              author: "B",
              author_email: "b@x",
              time: e.time,
              subject: `new ${i}`,
              worklines: e.workline ? [e.workline] : [],
              changes: realistic(e.changes as FileChange[]),
            });
          });
          const before = judged(commits, []).listed;
          const previousRecords: AssessedRecord[] = raw.map((r, i) => ({
            id: `R${i}`,
            kind: "decision",
            basis: { revision: before[r.base % before.length]!.hash, touched_paths: r.scope },
            ...(r.workline ? { workline_id: r.workline } : {}),
            recorded: false,
          }));
          const previous = judged(commits, previousRecords);
          // Now: the same records (one with another scope, one marked stale since), and new ones
          // based on the previous HEAD or on the new commits.
          const tips = [head, ...chain.map((c) => c.hash)];
          const current: AssessedRecord[] = [
            ...previousRecords.map((r, i) =>
              i === changedScope % (previousRecords.length + 1)
                ? { ...r, basis: { ...r.basis, touched_paths: ["lib/"] } }
                : i === 0
                  ? { ...r, recorded: true }
                  : r,
            ),
            ...added.map((a, i) => ({
              id: `N${i}`,
              kind: "decision" as const,
              basis: { revision: tips[a.at % tips.length]!, touched_paths: a.scope },
              recorded: false,
            })),
          ];
          const time = new Map(
            [...commits, ...chain].map((c) => [c.hash, c.time] as [string, number]),
          );
          const oldest = [...new Set(previousRecords.map((r) => r.basis.revision))].sort(
            (a, b) => time.get(a)! - time.get(b)! || (a < b ? -1 : 1),
          )[0]!;
          const plan = planAdvance(
            {
              head,
              records: previousRecords,
              findings: new Map(previous.findings.map((f) => [f.record_id, f])),
              follows: previous.follows,
              oldest,
            },
            current,
            [...chain].reverse(),
            new Map([
              [head, time.get(head)!],
              [oldest, time.get(oldest)!],
            ]),
          );
          if ("reason" in plan) return;
          const now = judged([...commits, ...chain], current).findings;
          current.forEach((_, r) => {
            const finding: StaleFinding | undefined = plan.kept[r];
            if (!finding) {
              expect(plan.again).toContain(r);
              again++;
              return;
            }
            expect(finding).toEqual(now[r]);
            kept++;
          });
        },
      ),
      { numRuns: 1000 },
    );
    // Not vacuous: many findings were carried forward, and many judged again.
    expect(kept).toBeGreaterThan(200);
    expect(again).toBeGreaterThan(200);
  });

  it("declines a merge among the new commits, and a basis older than the oldest one", () => {
    const commit = (hash: string, parents: string[], time: number): CommitInfo => ({
      hash,
      parents,
      author: "A",
      author_email: "a@x",
      time,
      subject: hash,
      worklines: [],
      changes: [{ status: "M", path: "src/a.ts" }],
    });
    const record = (id: string, revision: string): AssessedRecord => ({
      id,
      kind: "decision",
      basis: { revision, touched_paths: ["src/b.ts"] },
      recorded: false,
    });
    const previous = {
      head: "h",
      records: [record("R", "o")],
      findings: new Map<string, StaleFinding>([
        [
          "R",
          {
            record_id: "R",
            kind: "decision",
            state: "fresh",
            recorded: false,
            commits: [],
            paths: [],
            method: "history",
          },
        ],
      ]),
      follows: {},
      oldest: "o",
    };
    const times = new Map([
      ["h", 5],
      ["o", 3],
    ]);
    expect(
      planAdvance(previous, [record("R", "o")], [commit("m", ["h", "side"], 6)], times),
    ).toEqual({ reason: "the new commits are not one line on top of the previous HEAD" });
    expect(
      planAdvance(previous, [record("R", "o"), record("N", "n")], [commit("n", ["h"], 2)], times),
    ).toEqual({ reason: "a new basis sorts before the oldest one" });
    const plan = planAdvance(previous, [record("R", "o")], [commit("n", ["h"], 6)], times);
    expect(plan).toEqual({ kept: [previous.findings.get("R")], again: [] });
  });
});
