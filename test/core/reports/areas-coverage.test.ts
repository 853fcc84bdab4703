import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Area, areaOf, coverageByArea } from "../../../src/core/reports/areas.js";
import {
  buildScopeIndex,
  type Governor,
  governorsMatching,
  type ScopeIndex,
} from "../../../src/core/staleness/scope-index.js";
import { propertyOptions } from "../../support/property.js";

/** Coverage by area as its definition reads: every file's governors, one file at a time. */
function coverageOneByOne(
  index: ScopeIndex,
  files: readonly string[],
  depth: number,
  stale: ReadonlySet<string>,
): Area[] {
  const areas = new Map<string, Area & { d: Set<string>; a: Set<string> }>();
  for (const file of files) {
    const key = areaOf(file, depth);
    const area = areas.get(key) ?? {
      area: key,
      files: 0,
      covered_files: 0,
      covered_by_stale: 0,
      covered_only_by_stale: 0,
      decisions: [],
      adrs: [],
      d: new Set<string>(),
      a: new Set<string>(),
    };
    areas.set(key, area);
    area.files++;
    const governors = governorsMatching(index, file).filter((g) => g.kind !== "intent");
    if (governors.length > 0) area.covered_files++;
    if (governors.some((g) => stale.has(g.id))) {
      area.covered_by_stale++;
      if (governors.every((g) => stale.has(g.id))) area.covered_only_by_stale++;
    }
    for (const g of governors) (g.kind === "adr" ? area.a : area.d).add(g.id);
  }
  return [...areas.values()]
    .sort((x, y) => (x.area < y.area ? -1 : x.area > y.area ? 1 : 0))
    .map(({ d, a, ...area }) => ({ ...area, decisions: [...d].sort(), adrs: [...a].sort() }));
}

const segment = fc.constantFrom("src", "lib", "api", "a", "b", "x.ts", "y.md", "[id]");
const file = fc
  .array(segment, { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join("/"))
  .filter((f) => /\.(ts|md)$/.test(f) || f.endsWith("]"));
const entry = fc.oneof(
  file, // a file, or a directory named like one: matched as a path
  fc.array(segment, { minLength: 1, maxLength: 3 }).map((p) => `${p.join("/")}/`),
  fc.array(segment, { minLength: 0, maxLength: 2 }).map((p) => [...p, "**/*.ts"].join("/")),
  fc.array(segment, { minLength: 1, maxLength: 2 }).map((p) => `${p.join("/")}/**`),
  fc.constantFrom("**/*.md", "*.ts", "src/*", "app/\\[id\\]/", "src/**/x.ts"),
  fc.array(segment, { minLength: 1, maxLength: 2 }).map((p) => `!${p.join("/")}/**`),
);
const governors = fc
  .array(
    fc.record({
      kind: fc.constantFrom("decision", "adr", "intent") as fc.Arbitrary<Governor["kind"]>,
      entries: fc.array(entry, { minLength: 1, maxLength: 4 }),
    }),
    { maxLength: 12 },
  )
  .map((list) => list.map((g, i) => ({ ...g, id: `G${i}` })));

describe("coverage by area", () => {
  it("counts what every file's governors, taken one file at a time, give", () => {
    fc.assert(
      fc.property(
        governors,
        fc.uniqueArray(file, { maxLength: 30 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.integer({ min: 0, max: 11 }), { maxLength: 12 }),
        (govs, files, depth, staleAt) => {
          const stale = new Set(staleAt.map((i) => `G${i}`));
          const index = () => buildScopeIndex(govs);
          expect(coverageByArea(index(), files, depth, stale)).toEqual(
            coverageOneByOne(index(), files, depth, stale),
          );
        },
      ),
      propertyOptions({ numRuns: 500 }),
    );
  });

  it("gives a directory's and a glob's governors to each file they match", () => {
    const govs: Governor[] = [
      { id: "D1", kind: "decision", entries: ["src/api/"] },
      { id: "D2", kind: "decision", entries: ["src/**/*.ts"] },
      { id: "A1", kind: "adr", entries: ["src/api/get.ts", "docs/"] },
      { id: "I1", kind: "intent", entries: ["docs/"] },
    ];
    const files = ["src/api/get.ts", "src/api/put.ts", "src/web/app.ts", "docs/a.md", "README.md"];
    const areas = coverageByArea(buildScopeIndex(govs), files, 1, new Set(["D1"]));
    expect(areas).toEqual(coverageOneByOne(buildScopeIndex(govs), files, 1, new Set(["D1"])));
    expect(areas.find((a) => a.area === "src")).toMatchObject({
      files: 3,
      covered_files: 3,
      covered_by_stale: 2,
      covered_only_by_stale: 0,
      decisions: ["D1", "D2"],
      adrs: ["A1"],
    });
  });
});
