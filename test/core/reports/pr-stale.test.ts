import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitStale } from "../../../src/core/reports/pr-stale.js";
import type { ReportRecord } from "../../../src/core/reports/report-index.js";
import { assessByHistory } from "../../../src/core/staleness/assess-history.js";
import {
  type CommitInfo,
  indexHistory,
  orderCommits,
} from "../../../src/core/staleness/history.js";
import type { AssessedRecord } from "../../../src/core/staleness/record-contents.js";
import { CandidateCache } from "../../../src/core/staleness/scope-candidates.js";
import type { StaleFinding } from "../../../src/core/staleness/types.js";
import { dag, records as randomRecords } from "../../support/history-gen.js";
import { propertyOptions } from "../../support/property.js";

/** The commits reachable from `head`, newest first in a topological order. */
function reachable(commits: readonly CommitInfo[], head: string): CommitInfo[] {
  const byHash = new Map(commits.map((c) => [c.hash, c]));
  const seen = new Set<string>();
  const stack = [head];
  while (stack.length > 0) {
    const hash = stack.pop()!;
    if (seen.has(hash)) continue;
    seen.add(hash);
    stack.push(...byHash.get(hash)!.parents);
  }
  return orderCommits(commits.filter((c) => seen.has(c.hash))).reverse();
}

/** `assessByHistory` of each record over the history reachable from `head`. */
function findingsAt(
  commits: readonly CommitInfo[],
  head: string,
  assessed: readonly AssessedRecord[],
): Map<string, StaleFinding> {
  const listed = reachable(commits, head);
  const index = indexHistory(
    listed,
    assessed.map((r) => r.basis.revision),
  );
  const cache = new CandidateCache(index.paths);
  return new Map(assessed.map((r) => [r.id, assessByHistory(r, index, cache)]));
}

const record = (id: string, status: ReportRecord["status"] = "active"): ReportRecord => ({
  id,
  kind: "decision",
  status,
  card: { outcome: `outcome of ${id}` },
  basis: { touched_paths: ["src/a.ts"] },
});

const finding = (
  id: string,
  hashes: string[],
  extra: Partial<StaleFinding> = {},
): StaleFinding => ({
  record_id: id,
  kind: "decision",
  state: "stale",
  recorded: false,
  method: "history",
  commits: hashes.map((hash) => ({ hash, author: "A", subject: `subject ${hash}` })),
  paths: [{ path: "src/a.ts", change: "modified", commits: hashes.slice(0, 1) }],
  ...extra,
});

describe("splitStale: the PR's staleness and the base's", () => {
  const records = new Map(["R1", "R2", "R3", "R4", "R5"].map((id) => [id, record(id)]));
  records.set("R6", record("R6", "stale"));
  records.set("R7", record("R7", "superseded"));
  const base = {
    prCommits: new Set(["p1", "p2"]),
    records,
    attributable: true,
    linear: true,
  };

  it("puts each stale record in exactly one place, and never an entry without paths or commits", () => {
    const split = splitStale({
      ...base,
      findings: [
        finding("R1", ["p1"]),
        finding("R2", ["b1", "p2"]),
        finding("R3", ["p1", "p2", "p1", "p2", "p1"], { omitted_commits: 3 }),
        finding("R4", [], { method: "fingerprints" }),
        finding("R6", ["p1"]),
        finding("R7", ["p1"]),
      ],
      added: [
        {
          id: "M5",
          type: "decision_marked_stale",
          data: { decision_id: "R5", reason: "manual", commits: [], paths: [] },
        },
      ],
    });
    // R3: only the PR's commits listed, on a range that descends from the merge base
    expect(split.made.map((s) => s.id)).toEqual(["R1", "R3"]);
    // marked stale in the log before the PR (the PR added no mark for it)
    expect(split.already.map((s) => [s.id, s.since, s.commits.map((c) => c.hash)])).toEqual([
      ["R6", "mark", []],
    ]);
    expect(split.ask).toEqual([
      { id: "R2", why: "base" },
      { id: "R4", why: "fingerprints" },
    ]);
    const answered = splitStale({
      ...base,
      findings: [finding("R2", ["b1", "p2"])],
      added: [],
      atBase: new Map([["R2", true]]),
    });
    expect(answered.already.map((s) => [s.id, s.since, s.commits.map((c) => c.hash)])).toEqual([
      ["R2", "commits", ["b1"]],
      ["R6", "mark", []],
    ]);
    // R5 is marked stale by hand in the PR's log, yet not stale by computation: the log says so
    expect(records.get("R5")!.status).toBe("active");
  });

  it("counts a record the PR itself recorded as the PR's, whatever else its finding lists, and keeps its changed anchors", () => {
    const split = splitStale({
      ...base,
      linear: false,
      findings: [
        finding("R1", ["b1", "p1"], {
          anchors: [
            { path: "src/a.ts", symbol: "login", change: "modified", commits: ["p1"] },
            { path: "src/a.ts", symbol: "logout", change: "unchanged", commits: [] },
          ],
        }),
        finding("R2", ["b1", "p1"]),
      ],
      added: [{ id: "R1", type: "decision_recorded", data: {} }],
    });
    // the base has no R1 to be stale: never asked about, never "already stale"
    expect(split.made.map((s) => [s.id, s.commits.map((c) => c.hash)])).toEqual([["R1", ["p1"]]]);
    expect(split.made[0]!.anchors).toEqual([
      { path: "src/a.ts", symbol: "login", change: "modified", commits: ["p1"] },
    ]);
    expect(split.ask).toEqual([{ id: "R2", why: "base" }]);
  });

  it("takes the caller's answers at the merge base, and fails closed where there is none", () => {
    const split = splitStale({
      ...base,
      // the PR merged in a line older than the merge base: its own commits prove nothing
      linear: false,
      findings: [
        finding("R3", ["p1"], { omitted_commits: 9 }),
        finding("R4", [], { method: "fingerprints" }),
        finding("R1", ["p2"], { omitted_commits: 9 }),
        finding("R2", [], { method: "fingerprints" }),
      ],
      added: [],
      atBase: new Map([
        ["R3", true],
        ["R4", false],
        ["R1", undefined],
      ]),
    });
    expect(split.made.map((s) => s.id)).toEqual(["R1", "R4"]);
    expect(split.assumed).toEqual(["R1"]);
    expect(split.already.map((s) => [s.id, s.since])).toEqual([
      ["R3", "content"],
      ["R6", "mark"],
    ]);
    expect(split.unattributed.map((u) => u.id)).toEqual(["R2"]);
    expect(split.ask).toEqual([]);
  });

  it("a mark the PR added for a record marked stale by hand is the PR's, one that names base commits is not", () => {
    const stale = new Map([
      ["R1", record("R1", "stale")],
      ["R2", record("R2", "stale")],
    ]);
    const mark = (id: string, commits: string[]) => ({
      id: `M${id}`,
      type: "decision_marked_stale",
      data: {
        decision_id: id,
        reason: commits.length ? "paths_changed" : "manual",
        commits: commits.map((hash) => ({ hash, author: "A", subject: "s" })),
        paths: commits.length ? ["src/a.ts"] : [],
      },
    });
    const split = splitStale({
      ...base,
      records: stale,
      findings: [],
      added: [mark("R1", []), mark("R2", ["b1"])],
    });
    expect(split.made.map((s) => [s.id, s.by])).toEqual([["R1", "mark"]]);
    expect(split.already.map((s) => [s.id, s.since, s.paths])).toEqual([
      ["R2", "commits", ["src/a.ts"]],
    ]);
  });

  it("attributes nothing when history does not reach the merge base", () => {
    const split = splitStale({
      ...base,
      attributable: false,
      findings: [finding("R1", ["p1"]), finding("R2", [], { method: "fingerprints" })],
      added: [],
    });
    expect(split.made).toEqual([]);
    expect(split.already).toEqual([]);
    expect(split.unattributed.map((u) => [u.id, u.marked])).toEqual([
      ["R1", false],
      ["R2", false],
      ["R6", true],
    ]);
  });

  it("is exactly stale at the head and not at the merge base, on random histories (the engine at both ends)", () => {
    fc.assert(
      fc.property(dag(false), randomRecords, fc.nat(), (commits, raw, pick) => {
        const head = commits[commits.length - 1]!.hash;
        const listed = reachable(commits, head);
        const from = listed[pick % listed.length]!.hash;
        const atFrom = new Set(reachable(commits, from).map((c) => c.hash));
        const prCommits = new Set(listed.map((c) => c.hash).filter((h) => !atFrom.has(h)));
        // Records that exist at the base: their basis is in the merge base's history.
        const assessed: AssessedRecord[] = raw.map((r, i) => ({
          id: `R${i}`,
          kind: "decision",
          basis: {
            revision: [...atFrom][r.base % atFrom.size]!,
            touched_paths: r.scope,
          },
          ...(r.workline ? { workline_id: r.workline } : {}),
          recorded: false,
        }));
        const atHead = findingsAt(commits, head, assessed);
        const atBase = findingsAt(commits, from, assessed);
        // Every commit of the range descends from the merge base, or the PR merged in an older line.
        const descends = (hash: string) =>
          new Set(reachable(commits, hash).map((c) => c.hash)).has(from);
        const input = {
          findings: [...atHead.values()],
          prCommits,
          added: [],
          records: new Map(assessed.map((r) => [r.id, record(r.id)])),
          attributable: true,
          linear: [...prCommits].every(descends),
        };
        const first = splitStale(input);
        // What the app answers: the engine at the merge base.
        const answers = new Map(
          first.ask.map((a) => [a.id, atBase.get(a.id)!.state === "stale"] as const),
        );
        const split = splitStale({ ...input, atBase: answers });
        expect(split.ask).toEqual([]);
        expect(split.assumed).toEqual([]);
        const made = new Set(split.made.map((s) => s.id));
        const already = new Set(split.already.map((s) => s.id));
        for (const r of assessed) {
          const head = atHead.get(r.id)!;
          const staleHead = head.state === "stale";
          const staleBase = atBase.get(r.id)!.state === "stale";
          // The one case the definition reads the head's history for: the PR undid what made the
          // record stale on the base (removed the file the base added, renamed it back) and
          // changed another file in scope. At the head only the PR's commits count against it:
          // the PR's (docs/reports.md says so).
          const undone =
            staleBase && input.linear && head.commits.every((c) => prCommits.has(c.hash));
          const expected = staleHead && (!staleBase || undone);
          expect(made.has(r.id), `${r.id}: made stale by the PR`).toBe(expected);
          expect(already.has(r.id), `${r.id}: already stale at the base`).toBe(
            staleHead && !expected,
          );
        }
        // On a range descending from the merge base, findings listing only the PR's commits are
        // never asked about (the common case costs nothing more).
        if (input.linear)
          for (const f of atHead.values())
            if (f.state === "stale" && f.commits.every((c) => prCommits.has(c.hash)))
              expect(first.ask.map((a) => a.id)).not.toContain(f.record_id);
      }),
      propertyOptions({ numRuns: 3000 }),
    );
  });
});
