import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { planAdvance, questionKey } from "../../../src/core/staleness/advance.js";
import { assessByHistory } from "../../../src/core/staleness/assess-history.js";
import {
  type CommitInfo,
  type FileChange,
  indexHistory,
} from "../../../src/core/staleness/history.js";
import type { AssessedRecord } from "../../../src/core/staleness/record-contents.js";
import { CandidateCache } from "../../../src/core/staleness/scope-candidates.js";
import type { StaleFinding } from "../../../src/core/staleness/types.js";
import { finding } from "../../support/findings.js";
import {
  change,
  dag,
  FILES,
  listing,
  realistic,
  records,
  SCOPES,
} from "../../support/history-gen.js";
import { fullRuns, propertyOptions } from "../../support/property.js";

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

/** Applies a commit's changes to the set of files that exist. */
function apply(files: Set<string>, changes: readonly FileChange[]): void {
  for (const c of changes) {
    if (c.old_path !== undefined) files.delete(c.old_path);
    if (c.status === "D") files.delete(c.path);
    else files.add(c.path);
  }
}

/** The files that exist after a history listed newest first (each file exists until deleted). */
function existing(listed: readonly CommitInfo[]): Set<string> {
  const files = new Set(FILES);
  for (let i = listed.length - 1; i >= 0; i--) apply(files, listed[i]!.changes);
  return files;
}

/** The changes git could make to `files` (which it then updates). */
function possible(changes: readonly FileChange[], files: Set<string>): FileChange[] {
  const out = changes.filter((c) =>
    c.status === "A"
      ? !files.has(c.path)
      : c.status === "R"
        ? files.has(c.old_path!) && !files.has(c.path)
        : files.has(c.path),
  );
  apply(files, out);
  return out;
}

/** New commits in one line on top of the last of the history: mostly edits, as most commits are. */
const edit = fc.record({ status: fc.constant("M"), path: fc.constantFrom(...FILES) });
const line = fc.array(
  fc.record({
    changes: fc.array(fc.oneof({ arbitrary: edit, weight: 4 }, { arbitrary: change, weight: 1 }), {
      maxLength: 3,
    }),
    workline: fc.constantFrom(undefined, "W1", "W2"),
    time: fc.nat({ max: 5 }),
  }),
  { maxLength: 4 },
);

describe("carrying a staleness report forward", () => {
  it.each([
    ["with merges", false],
    ["linear", true],
  ])("keeps exactly the findings a full read at the new HEAD gives (%s)", (_, linearHistory) => {
    let kept = 0;
    let again = 0;
    let updated = 0;
    fc.assert(
      fc.property(
        dag(linearHistory as boolean),
        line,
        records,
        fc.array(fc.record({ at: fc.nat(), scope: fc.constantFrom(...SCOPES) }), {
          maxLength: 2,
        }),
        fc.nat(),
        (commits, extension, raw, added, changedScope) => {
          const head = commits[commits.length - 1]!.hash;
          const before = judged(commits, []).listed;
          // The new commits change only what exists: git cannot modify a file that is gone.
          const files = existing(before);
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
              changes: possible(realistic(e.changes as FileChange[]), files),
            });
          });
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
              linear: before.every((c) => c.parents.length <= 1),
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
            const result: StaleFinding | undefined = plan.kept[r];
            if (!result) {
              expect(plan.again).toContain(r);
              again++;
              return;
            }
            expect(result).toEqual(now[r]);
            kept++;
            const before = previous.findings[r];
            if (
              before &&
              (result.commits.length !== before.commits.length ||
                result.omitted_commits !== before.omitted_commits)
            )
              updated++;
          });
        },
      ),
      propertyOptions({ numRuns: 3000 }),
    );
    // Not vacuous: many findings were carried forward, and many judged again.
    if (fullRuns()) {
      expect(kept).toBeGreaterThan(200);
      expect(again).toBeGreaterThan(200);
      expect(updated).toBeGreaterThan(20);
    }
  });

  it("extends a long list of commits: the earliest five stay, the rest are counted", () => {
    const edit = (hash: string, parent: string | undefined, time: number): CommitInfo => ({
      hash,
      parents: parent ? [parent] : [],
      author: "A",
      author_email: "a@x",
      time,
      subject: hash,
      worklines: [],
      changes: [{ status: parent ? "M" : "A", path: "src/a.ts" }],
    });
    const history = [edit("c0", undefined, 0)];
    for (let i = 1; i <= 8; i++) history.push(edit(`c${i}`, `c${i - 1}`, i));
    const chain = [edit("n0", "c8", 9), edit("n1", "n0", 10)];
    const record: AssessedRecord = {
      id: "R",
      kind: "decision",
      basis: { revision: "c0", touched_paths: ["src/a.ts"] },
      recorded: false,
    };
    const before = judged(history, [record]).findings[0]!;
    expect(before.omitted_commits).toBe(3);
    const plan = planAdvance(
      {
        head: "c8",
        records: [record],
        findings: new Map([["R", before]]),
        follows: {},
        oldest: "c0",
      },
      [record],
      [...chain].reverse(),
      new Map([
        ["c8", 8],
        ["c0", 0],
      ]),
    );
    if ("reason" in plan) throw new Error(plan.reason);
    expect(plan.updated).toBe(1);
    expect(plan.kept[0]).toEqual(judged([...history, ...chain], [record]).findings[0]);
    expect(plan.kept[0]?.omitted_commits).toBe(5);
  });

  /** A line of commits, each with the given changes, from `c0`; and a record on `src/`. */
  const lineOf = (changes: FileChange[][], from = 0): CommitInfo[] =>
    changes.map((list, i) => ({
      hash: `${from === 0 ? "c" : "n"}${i}`,
      parents:
        i === 0 ? (from === 0 ? [] : [`c${from - 1}`]) : [`${from === 0 ? "c" : "n"}${i - 1}`],
      author: "A",
      author_email: "a@x",
      time: from + i,
      subject: `commit ${i}`,
      worklines: [],
      changes: list,
    }));
  const onSrc: AssessedRecord = {
    id: "R",
    kind: "decision",
    basis: { revision: "c1", touched_paths: ["src/"] },
    recorded: false,
  };
  /** `changed`: git's answer for every question (whether the file changed since the basis). */
  const carried = (
    history: CommitInfo[],
    chain: CommitInfo[],
    linear: boolean,
    changed?: boolean,
  ) => {
    const head = history[history.length - 1]!;
    const before = judged(history, [onSrc]).findings[0]!;
    const plan = planAdvance(
      {
        head: head.hash,
        records: [onSrc],
        findings: new Map([["R", before]]),
        follows: {},
        oldest: "c1",
        linear,
      },
      [onSrc],
      [...chain].reverse(),
      new Map([
        [head.hash, head.time],
        ["c1", 1],
      ]),
      new Map(
        changed === undefined
          ? []
          : chain.flatMap((c) =>
              c.changes.map((ch) => [questionKey("c1", ch.path), { basis: "", changed }]),
            ),
      ),
    );
    if ("reason" in plan) throw new Error(plan.reason);
    return { before, plan, now: judged([...history, ...chain], [onSrc]).findings[0]! };
  };
  const files = (n: number) =>
    Array.from({ length: n }, (_, i) => `src/f${String(i).padStart(2, "0")}.ts`);

  it("lists a file first modified now among the others: in listing order, or ranked past ten", () => {
    const all = files(11);
    const added: FileChange[] = all.map((path) => ({ status: "A", path }));
    // f00 added after the basis (listed as added), f01..f09 modified: ten listed, none left out.
    const history = lineOf([
      added.slice(1),
      [],
      [{ status: "A", path: "src/f00.ts" }],
      all.slice(1, 10).map((path): FileChange => ({ status: "M", path })),
    ]);
    const chain = lineOf([[{ status: "M", path: "src/f10.ts" }]], history.length);
    const { before, plan, now } = carried(history, chain, true);
    expect(before.paths).toHaveLength(10);
    expect(before.omitted_paths).toBeUndefined();
    expect(plan.updated).toBe(1);
    expect(plan.kept[0]).toEqual(now);
    // Eleven changed: the added one is ranked last and left out.
    expect(now.omitted_paths).toBe(1);
    expect(now.paths.map((p) => p.path)).not.toContain("src/f00.ts");
  });

  it("judges again a file not listed when some were left out (it may be one of them)", () => {
    const all = files(12);
    const history = lineOf([
      all.map((path): FileChange => ({ status: "A", path })),
      [],
      all.slice(0, 11).map((path): FileChange => ({ status: "M", path })),
    ]);
    const chain = lineOf([[{ status: "M", path: "src/f11.ts" }]], history.length);
    const { before, plan } = carried(history, chain, true);
    expect(before.omitted_paths).toBe(1);
    expect(plan.again).toEqual([0]);
    // What would tell: whether it changed between the basis and the previous HEAD.
    expect(plan.questions).toEqual([{ revision: "c1", path: "src/f11.ts" }]);
    // Git says it did not (same contents at both): still judged again (it is new, but it may
    // also have changed and changed back).
    expect(carried(history, chain, true, false).plan.again).toEqual([0]);
    // After a merge, what git says of the contents does not tell what counted: no question.
    const merged = carried(history, chain, false, true).plan;
    expect(merged.again).toEqual([0]);
    expect(merged.questions).toEqual([]);
  });

  it("brings a finding up to date when git says a file left out had changed since the basis", () => {
    const all = files(12);
    const history = lineOf([
      all.map((path): FileChange => ({ status: "A", path })),
      [],
      all.map((path): FileChange => ({ status: "M", path })),
    ]);
    const chain = lineOf([[{ status: "M", path: "src/f11.ts" }]], history.length);
    const { before, plan, now } = carried(history, chain, true, true);
    expect(before.omitted_paths).toBe(2);
    expect(before.paths.map((p) => p.path)).not.toContain("src/f11.ts");
    expect(plan.updated).toBe(1);
    expect(plan.kept[0]).toEqual(now);
  });

  it("judges again a file not listed when a merge may have hidden it", () => {
    // Added and deleted after the basis (so not listed), brought back by a merge of the basis's
    // own side: modified now, the full reading lists it as added, not as a new modified file.
    const commit = (hash: string, parents: string[], changes: FileChange[]): CommitInfo => ({
      hash,
      parents,
      author: "A",
      author_email: "a@x",
      time: 0,
      subject: hash,
      worklines: [],
      changes,
    });
    const history = [
      commit("c0", [], [{ status: "A", path: "src/a.ts" }]),
      commit("c1", ["c0"], [{ status: "A", path: "src/p.ts" }]),
      commit("c2", ["c0"], [{ status: "A", path: "src/p.ts" }]),
      commit("c3", ["c2"], [{ status: "D", path: "src/p.ts" }]),
      commit("m", ["c3", "c1"], []),
    ];
    const chain = [commit("n0", ["m"], [{ status: "M", path: "src/p.ts" }])];
    const { before, plan, now } = carried(history, chain, false);
    expect(before.state).toBe("fresh");
    expect(now.paths).toEqual([{ path: "src/p.ts", change: "added", commits: ["c2"] }]);
    expect(plan.again).toEqual([0]);
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
      findings: new Map([["R", finding("R")]]),
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
    expect(plan).toEqual({
      kept: [previous.findings.get("R")],
      again: [],
      updated: 0,
      questions: [],
    });
  });
});
