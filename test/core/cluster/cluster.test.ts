import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ClusterInput, clusterRecords } from "../../../src/core/cluster/cluster.js";
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
  it("groups by workline first, then tag split by code area, then overlapping paths, then one per record", () => {
    const { clusters } = clusterRecords([
      rec("01A", { tags: ["auth"], workline_id: "W1", touched_paths: ["src/auth/"] }),
      rec("01B", { tags: ["auth", "db"] }),
      rec("01C", { tags: ["db"], touched_paths: ["src/auth/login.ts"] }),
      rec("01D", { workline_id: "W1" }),
      rec("01E", { touched_paths: ["src/api/**/*.ts"] }),
      rec("01F", { touched_paths: ["src/api/v1/users.ts"] }),
      rec("01G"),
      rec("01H", { tags: ["db"], touched_paths: ["migrations/"] }),
    ]);
    expect(clusters.map((c) => [c.key, c.record_ids])).toEqual([
      ["paths:01E", ["01E", "01F"]],
      ["record:01G", ["01G"]],
      // "db" is the most shared tag of 01B; 01C and 01H govern unrelated code, and 01B none.
      ["tag:db:01B", ["01B"]],
      ["tag:db:01C", ["01C"]],
      ["tag:db:01H", ["01H"]],
      // a workline's records stay together whatever their tags
      ["workline:W1", ["01A", "01D"]],
    ]);
    const placements = Object.fromEntries(
      clusters.flatMap((c) => c.placements.map((p) => [p.record_id, p])),
    );
    expect(placements["01A"]).toMatchObject({ reason: "workline", workline_id: "W1" });
    expect(placements["01C"]).toMatchObject({ reason: "tag-apart", tag: "db" });
    expect(placements["01F"]).toMatchObject({ reason: "paths", overlaps: ["src/api/v1/users.ts"] });
    expect(placements["01G"]).toMatchObject({ reason: "alone" });
  });

  it("splits a workline whose records govern unrelated code, and keeps a card without paths with its decision", () => {
    const { clusters } = clusterRecords([
      rec("01A", { workline_id: "W1" }),
      rec("01B", { workline_id: "W1", touched_paths: ["src/auth/"] }),
      rec("01C", { workline_id: "W2", touched_paths: ["src/events/"] }),
      rec("01D", { workline_id: "W2", touched_paths: ["biome.json"] }),
    ]);
    expect(clusters.map((c) => [c.key, c.record_ids])).toEqual([
      ["workline:W1", ["01A", "01B"]],
      ["workline:W2:01C", ["01C"]],
      ["workline:W2:01D", ["01D"]],
    ]);
    expect(clusters[1]!.placements[0]).toMatchObject({
      reason: "workline-apart",
      workline_id: "W2",
    });
  });

  it("keeps a tag's records together over one code area, with the records that govern no code", () => {
    const { clusters } = clusterRecords([
      rec("01A", { tags: ["auth"], touched_paths: ["src/auth/"] }),
      rec("01B", { tags: ["auth"], touched_paths: ["src/auth/login.ts"] }),
      rec("01C", { tags: ["auth"] }),
    ]);
    expect(clusters.map((c) => [c.key, c.record_ids])).toEqual([
      ["tag:auth", ["01A", "01B", "01C"]],
    ]);
  });

  it("with --by leaves out the records the criterion does not cover", () => {
    const result = clusterRecords([rec("01A", { tags: ["x"] }), rec("01B")], "tag");
    expect(result.clusters.map((c) => c.key)).toEqual(["tag:x"]);
    expect(result.unclustered).toEqual(["01B"]);
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

  it("path overlap agrees with the O(n²) definition over scope.ts", () => {
    fc.assert(
      fc.property(recordsArb, (records) => {
        const withPaths = records.filter((r) => r.touched_paths.length > 0);
        const got = clusterRecords(records, "paths").clusters.map((c) => [...c.record_ids].sort());
        expect(got.sort((a, b) => a[0]!.localeCompare(b[0]!))).toEqual(naiveComponents(withPaths));
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
