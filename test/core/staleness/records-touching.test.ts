// The records a staged change touches: tested entry by entry for a few paths (a usual commit),
// through the scope index for many; both exactly what matching each entry with scope.ts finds.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileScope } from "../../../src/core/rules/scope.js";
import type { AssessedRecord } from "../../../src/core/staleness/record-contents.js";
import { recordsTouching } from "../../../src/core/staleness/records-touching.js";
import { propertyOptions } from "../../support/property.js";

const segment = fc.constantFrom("src", "api", "auth", "lib", "a.ts", "b.md", "x", "[ab].ts", "a");
const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join("/"));
const entry = fc.oneof(
  path,
  path.map((p) => `${p}/`),
  fc.constantFrom(
    "src/**/*.ts",
    "**/*.md",
    "src/*",
    "lib/**",
    "*.ts",
    "src/{api,auth}/**",
    "src/[ab].ts",
    "src/a*",
    "src/?.ts",
    "a/**",
  ),
);

function records(scopes: string[][]): AssessedRecord[] {
  return scopes.map((touched_paths, i) => ({
    id: `R${i}`,
    kind: "decision",
    basis: { revision: "0".repeat(40), touched_paths },
    recorded: false,
  }));
}

const expected = (rs: AssessedRecord[], paths: string[]) =>
  rs
    .filter((r) => r.basis.touched_paths.some((e) => paths.some((p) => compileScope(e).matches(p))))
    .map((r) => r.id);

describe("recordsTouching", () => {
  it("finds, for a few paths, exactly the records some entry of which matches one", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(entry, { minLength: 1, maxLength: 3 }), { maxLength: 12 }),
        fc.array(path, { maxLength: 6 }),
        (scopes, paths) => {
          const rs = records(scopes);
          expect(recordsTouching(rs, paths).map((r) => r.id)).toEqual(expected(rs, paths));
        },
      ),
      propertyOptions({ numRuns: 500 }),
    );
  });

  it("finds the same through the scope index for many paths", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(entry, { minLength: 1, maxLength: 3 }), { maxLength: 12 }),
        fc.array(path, { minLength: 65, maxLength: 80 }),
        (scopes, paths) => {
          const rs = records(scopes);
          expect(recordsTouching(rs, paths).map((r) => r.id)).toEqual(expected(rs, paths));
        },
      ),
      propertyOptions({ numRuns: 50 }),
    );
  });
});
