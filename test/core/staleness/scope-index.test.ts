import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileScope } from "../../../src/core/rules/scope.js";
import {
  buildScopeIndex,
  coverageOf,
  governorsOf,
} from "../../../src/core/staleness/scope-index.js";
import { propertyOptions } from "../../support/property.js";

const segment = fc.constantFrom("src", "api", "auth", "lib", "a.ts", "b.md", "x");
const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join("/"));
const entry = fc.oneof(
  path,
  path.map((p) => `${p}/`),
  fc.constantFrom("src/**/*.ts", "**/*.md", "src/*", "lib/**", "*.ts", "src/{api,auth}/**"),
);

describe("the scope index", () => {
  it("finds exactly the governors scope.ts matching finds, most specific first", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(entry, { minLength: 1, maxLength: 3 }), { maxLength: 8 }),
        fc.array(path, { maxLength: 10 }),
        (scopes, paths) => {
          const governors = scopes.map((entries, i) => ({
            id: `D${i}`,
            kind: "decision" as const,
            entries,
          }));
          const index = buildScopeIndex(governors);
          for (const p of paths) {
            const expected = governors
              .filter((g) => g.entries.some((e) => compileScope(e).matches(p)))
              .map((g) => g.id)
              .sort();
            const found = governorsOf(index, p);
            expect(found.map((g) => g.id).sort()).toEqual(expected);
            for (let i = 1; i < found.length; i++)
              expect(found[i - 1]!.specificity).toBeGreaterThanOrEqual(found[i]!.specificity);
          }
        },
      ),
      propertyOptions(),
    );
  });

  it("covers a path exactly when governorsOf finds governors, collecting all their ids", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(entry, { minLength: 1, maxLength: 3 }), { maxLength: 8 }),
        fc.array(path, { maxLength: 10 }),
        (scopes, paths) => {
          const index = buildScopeIndex(
            scopes.map((entries, i) => ({ id: `D${i}`, kind: "decision" as const, entries })),
          );
          const coverage = coverageOf(index);
          const expected = new Set<string>();
          for (const p of paths) {
            const found = governorsOf(index, p);
            for (const g of found) expected.add(g.id);
            expect(coverage.covers(p)).toBe(found.length > 0);
          }
          expect([...coverage.ids].sort()).toEqual([...expected].sort());
        },
      ),
      propertyOptions(),
    );
  });
});
