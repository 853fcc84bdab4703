import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readConfigText } from "../../src/app/light-dependencies.js";
import { parseConfig } from "../../src/core/config.js";
import { propertyOptions } from "../support/property.js";

/** What the full parser says of `text`: the config, or the message it refuses it with. */
function full(text: string): { config: unknown } | { refused: string } {
  try {
    return { config: parseConfig(text) };
  } catch (error) {
    return { refused: (error as Error).message };
  }
}

async function light(text: string): Promise<{ config: unknown } | { refused: string }> {
  try {
    return { config: await readConfigText(text) };
  } catch (error) {
    return { refused: (error as Error).message };
  }
}

const KEYS = [
  "$schema",
  "log_dir",
  "adr_dir",
  "drafts_dir",
  "adr_index",
  "templates_dir",
  "correction_cycle_limit",
  "coverage_depth",
  "broad_scope_ratio",
  "adr_language",
  "coverage",
  "qa_specialties",
  "unknown_setting",
  "__proto__",
  "constructor",
];
const value = fc.oneof(
  fc.constantFrom(0, 1, 2, 3, 10, 11, 100, 101, -1, 0.5, 1.5, 1e-9, 1e300),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -5, max: 120 }),
  fc.constantFrom("auto", "ru", "xx"),
  fc.constantFrom("", " ", ".", "..", "../x", "/abs", "C:/x", ".git/x", "docs/adr", "a\\..\\b"),
  fc.string({ maxLength: 12 }),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.constantFrom(
    { exclude: [] },
    { exclude: ["test/**", "**/*.png"] },
    { exclude: [""] },
    { exclude: "test/**" },
    { exclude: ["a"], other: 1 },
    { include: ["a"] },
  ),
  fc.constantFrom(["api", "security"], ["api", "api"], [""], ["x".repeat(101)], [1], ["a"]),
);
const setting = fc.tuple(fc.constantFrom(...KEYS), value);
const configText = fc.oneof(
  { weight: 8, arbitrary: fc.array(setting, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.constantFrom("[]", "null", "3", '"x"', "{", "") },
);

describe("the hooks' light config reader", () => {
  it("accepts exactly what the full parser accepts, gives the same config, refuses with the same words", async () => {
    await fc.assert(
      fc.asyncProperty(configText, async (input) => {
        const text =
          typeof input === "string"
            ? input
            : `{${input.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(",")}}`;
        expect(await light(text)).toEqual(full(text));
      }),
      propertyOptions({ numRuns: 2000 }),
    );
  });

  it("refuses a limit of zero, as the full parser does", async () => {
    await expect(readConfigText('{"correction_cycle_limit": 0}')).rejects.toThrow(
      /correction_cycle_limit/,
    );
    await expect(readConfigText('{"coverage_depth": 2.5}')).rejects.toThrow(/coverage_depth/);
    await expect(readConfigText("[]")).rejects.toThrow();
  });
});
