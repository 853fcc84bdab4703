import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nearestFields, strictDeep } from "../../../src/core/inputs/strict-args.js";
import { DecisionArgs } from "../../../src/mcp/tools/card-args.js";
import { propertyOptions } from "../../support/property.js";

const strict = strictDeep(DecisionArgs);
const text = fc.string({ maxLength: 20 });
const args = fc.record(
  {
    card: fc.record(
      { outcome: text, trigger: text, chosen_approach: text, selection_rationale: text },
      { requiredKeys: [] },
    ),
    considered: fc.array(fc.record({ approach: text, rejected_because: text }), { maxLength: 3 }),
    tags: fc.array(text, { maxLength: 3 }),
    findings: fc.array(text, { maxLength: 3 }),
    basis: fc.record({ touched_paths: fc.constantFrom([], ["src/"], ["a.ts", "b/**/*.ts"]) }),
    tier_b: fc.record({ kb_path: text, side_effects: fc.array(text) }, { requiredKeys: [] }),
  },
  { requiredKeys: ["card"] },
);

/** The paths of every object in a value: where an extra key can go. */
function objectPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => objectPaths(item, [...at, i]));
  if (typeof value !== "object" || value === null) return [];
  return [at, ...Object.entries(value).flatMap(([k, v]) => objectPaths(v, [...at, k]))];
}

function withExtra(value: unknown, path: (string | number)[], key: string): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let target = copy;
  for (const step of path) target = target[step] as Record<string | number, unknown>;
  target[key] = "extra";
  return copy;
}

describe("strictDeep: the payload schema, refusing what it does not name", () => {
  it("accepts what the payload schema accepts, with the same result", () => {
    fc.assert(
      fc.property(args, (input) => {
        expect(strict.parse(input)).toEqual(DecisionArgs.parse(input));
      }),
      propertyOptions(),
    );
  });

  it("refuses an unknown key in any object, however deep, naming where it is", () => {
    fc.assert(
      fc.property(
        args.chain((input) => fc.tuple(fc.constant(input), fc.constantFrom(...objectPaths(input)))),
        fc.constantFrom("outcom", "extra_field", "rejected"),
        ([input, path], key) => {
          fc.pre(
            !Object.hasOwn(
              path.reduce<Record<string | number, unknown>>(
                (o, s) => o[s] as Record<string | number, unknown>,
                input as Record<string | number, unknown>,
              ),
              key,
            ),
          );
          const result = strict.safeParse(withExtra(input, path, key));
          expect(result.success).toBe(false);
          expect(result.error!.issues).toContainEqual(
            expect.objectContaining({ code: "unrecognized_keys", keys: [key], path }),
          );
        },
      ),
      propertyOptions(),
    );
  });
});

describe("nearestFields", () => {
  it("finds spellings, typos, beginnings and words of the known names, and nothing far", () => {
    const card = [
      "outcome",
      "trigger",
      "chosen_approach",
      "selection_rationale",
      "validation_plan",
    ];
    expect(nearestFields("outcom", card)).toEqual(["outcome"]);
    expect(nearestFields("tirgger", card)).toEqual(["trigger"]);
    expect(nearestFields("chosenApproach", card)).toEqual(["chosen_approach"]);
    expect(nearestFields("rationale", card)).toEqual(["selection_rationale"]);
    expect(nearestFields("validation", card)).toEqual(["validation_plan"]);
    expect(nearestFields("story", ["rules", "stories", "tasks"])).toEqual(["stories"]);
    expect(
      nearestFields("requirements", ["functional_requirements", "non_functional_requirements"]),
    ).toEqual(["functional_requirements", "non_functional_requirements"]);
    expect(nearestFields("colour", card)).toEqual([]);
  });
});
