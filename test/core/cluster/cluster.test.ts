import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ClusterInput,
  clusterRecords,
  isBroadScope,
} from "../../../src/core/cluster/cluster.js";
import { compileScope } from "../../../src/core/rules/scope.js";
import { propertyOptions } from "../../support/property.js";

const rec = (id: string, extra: Partial<ClusterInput> = {}): ClusterInput => ({
  id,
  tags: [],
  touched_paths: [],
  ...extra,
});

/** The definition, in O(n²): two records overlap when a scope of one matches a path of the other. */
function naiveComponents(records: ClusterInput[]): string[][] {
  const overlaps = (a: ClusterInput, b: ClusterInput) =>
    a.touched_paths.some((e) =>
      b.touched_paths.some(
        (f) => e === f || compileScope(e).matches(f) || compileScope(f).matches(e),
      ),
    );
  const seen = new Set<string>();
  const out: string[][] = [];
  for (const start of records) {
    if (seen.has(start.id)) continue;
    const group = [start];
    seen.add(start.id);
    for (let i = 0; i < group.length; i++)
      for (const other of records)
        if (!seen.has(other.id) && overlaps(group[i]!, other)) {
          seen.add(other.id);
          group.push(other);
        }
    out.push(group.map((r) => r.id).sort());
  }
  return out.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

describe("clustering", () => {
  it("groups by workline, then tag split by code area, then overlapping paths; a record alone waits", () => {
    const { clusters, waiting } = clusterRecords([
      rec("01A", { tags: ["auth"], workline_id: "W1", touched_paths: ["src/auth/"] }),
      rec("01B", { tags: ["auth", "db"] }),
      rec("01C", { tags: ["db"], touched_paths: ["src/auth/login.ts"] }),
      rec("01D", { workline_id: "W1", touched_paths: ["src/http/s.ts"] }),
      rec("01E", { touched_paths: ["src/api/**/*.ts"] }),
      rec("01F", { touched_paths: ["src/api/v1/users.ts"] }),
      rec("01G"),
      rec("01H", { tags: ["db"], touched_paths: ["db/migrations/"] }),
      rec("01I", { tags: ["db"], touched_paths: ["db/migrations/0001.sql"] }),
    ]);
    expect(clusters.map((c) => [c.key, c.record_ids])).toEqual([
      ["paths:01E", ["01E", "01F"]],
      // "db" is the most shared tag of 01B; 01H and 01I share db/migrations/, 01B and 01C stand apart.
      ["tag:db", ["01H", "01I"]],
      // a workline's records stay together whatever their tags and code
      ["workline:W1", ["01A", "01D"]],
    ]);
    expect(waiting).toEqual([
      { record_id: "01B", reason: "alone" },
      { record_id: "01C", reason: "alone" },
      { record_id: "01G", reason: "alone" },
    ]);
    const placements = Object.fromEntries(
      clusters.flatMap((c) => c.placements.map((p) => [p.record_id, p])),
    );
    expect(placements["01A"]).toMatchObject({ reason: "workline", workline_id: "W1" });
    expect(placements["01I"]).toMatchObject({ reason: "tag", tag: "db" });
    expect(placements["01F"]).toMatchObject({ reason: "paths", overlaps: ["src/api/v1/users.ts"] });
  });

  it("keeps a workline whole whatever code its records touch", () => {
    const { clusters } = clusterRecords([
      rec("01A", { workline_id: "W1" }),
      rec("01B", { workline_id: "W1", touched_paths: ["src/auth/"] }),
      rec("01C", { workline_id: "W2", touched_paths: ["src/events/"] }),
      rec("01D", { workline_id: "W2", touched_paths: ["biome.json"] }),
    ]);
    expect(clusters.map((c) => [c.key, c.record_ids])).toEqual([
      ["workline:W1", ["01A", "01B"]],
      ["workline:W2", ["01C", "01D"]],
    ]);
  });

  it("a top-level folder ties nothing together; a file at the top does", () => {
    const { clusters, waiting } = clusterRecords([
      rec("01A", { touched_paths: ["src/"] }),
      rec("01B", { touched_paths: ["src/pay/bank.ts"] }),
      rec("01C", { touched_paths: ["src/db/pool.ts"] }),
      rec("01D", { touched_paths: ["package.json"] }),
      rec("01E", { touched_paths: ["package.json"] }),
    ]);
    expect(clusters.map((c) => c.record_ids)).toEqual([["01D", "01E"]]);
    expect(waiting.map((w) => w.record_id)).toEqual(["01A", "01B", "01C"]);
  });

  it("an answer joins the cluster of what its question affects, else of the record it arose from; it waits otherwise", () => {
    const { clusters, waiting } = clusterRecords([
      rec("01A", { workline_id: "W1", links: ["TASK1", "record:01A"] }),
      rec("01B", { touched_paths: ["a/x.ts"], links: ["record:01B"] }),
      rec("01C", { touched_paths: ["a/x.ts"], links: ["record:01C"] }),
      rec("01D", { question_id: "Q1", links: ["TASK1", "record:01C"] }),
      rec("01E", { question_id: "Q2", links: ["record:01C"] }),
      rec("01F", { question_id: "Q3", links: ["STORY9"] }),
    ]);
    expect(clusters.map((c) => [c.key, c.record_ids])).toEqual([
      ["paths:01B", ["01B", "01C", "01E"]],
      ["workline:W1", ["01A", "01D"]],
    ]);
    expect(waiting).toEqual([{ record_id: "01F", reason: "answer" }]);
  });

  it("a cluster in which nothing was chosen waits; a record a person asks for is drafted alone", () => {
    const { clusters, waiting } = clusterRecords(
      [
        rec("01A", { workline_id: "W1", decided: false }),
        rec("01B", { workline_id: "W1", decided: false }),
        rec("01C", { decided: true }),
      ],
      "auto",
      new Set(["01C"]),
    );
    expect(clusters.map((c) => [c.key, c.placements[0]!.reason])).toEqual([
      ["record:01C", "asked"],
    ]);
    expect(waiting).toEqual([
      { record_id: "01A", reason: "undecided", cluster: "workline:W1" },
      { record_id: "01B", reason: "undecided", cluster: "workline:W1" },
    ]);
  });

  it("with --by leaves out the records the criterion does not cover", () => {
    const result = clusterRecords(
      [rec("01A", { tags: ["x"] }), rec("01Z", { tags: ["x"] }), rec("01B")],
      "tag",
    );
    expect(result.clusters.map((c) => c.key)).toEqual(["tag:x"]);
    expect(result.unclustered).toEqual(["01B"]);
  });

  it("calls a path broad only when it is the repository or a folder at its top", () => {
    expect(["src/", "src", "**/*.ts", ".", "*.md"].map(isBroadScope)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["package.json", "src/auth/", "src/a.ts", "docs/adr/*.md"].map(isBroadScope)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  const pathArb = fc.constantFrom(
    "src/",
    "src/auth",
    "src/auth/",
    "src/auth/login.ts",
    "src/auth-x/a.ts",
    "src/api/**/*.ts",
    "src/api/v1/users.ts",
    "src/api/v1/",
    "docs/*.md",
    "docs/a.md",
    "README.md",
    "lib/x.js",
  );
  const recordsArb = fc
    .array(fc.array(pathArb, { maxLength: 3 }), { maxLength: 12 })
    .map((lists) =>
      lists.map((paths, i) => rec(`R${String(i).padStart(2, "0")}`, { touched_paths: paths })),
    );

  it("path overlap agrees with the O(n²) definition over scope.ts (broad scopes left out)", () => {
    fc.assert(
      fc.property(recordsArb, (records) => {
        const specific = records
          .map((r) => ({ ...r, touched_paths: r.touched_paths.filter((p) => !isBroadScope(p)) }))
          .filter((r) => r.touched_paths.length > 0);
        const got = clusterRecords(records, "paths").clusters.map((c) => [...c.record_ids].sort());
        expect(got.sort((a, b) => a[0]!.localeCompare(b[0]!))).toEqual(
          naiveComponents(specific).filter((g) => g.length > 1),
        );
      }),
      propertyOptions({ numRuns: 300 }),
    );
  });

  it("gives the same clusters whatever order the records come in", () => {
    fc.assert(
      fc.property(
        recordsArb.chain((records) =>
          fc.tuple(
            fc.constant(records),
            fc.shuffledSubarray(records, { minLength: records.length }),
          ),
        ),
        ([records, shuffled]) => {
          expect(clusterRecords(shuffled)).toEqual(clusterRecords(records));
        },
      ),
      propertyOptions({ numRuns: 200 }),
    );
  });
});
