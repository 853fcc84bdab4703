import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderContextLine } from "../../../src/core/render/context-line.js";
import { charCount } from "../../../src/core/render/text.js";
import { propertyOptions } from "../../support/property.js";

const record = fc.record({
  id: fc.stringMatching(/^[0-9A-Z]{26}$/),
  outcome: fc.string({ maxLength: 400 }),
});

describe("the context one-liner", () => {
  it("never exceeds the budget and always starts with the outcome", () => {
    fc.assert(
      fc.property(
        fc.record({
          outcome: fc.string({ minLength: 1, maxLength: 2000 }).filter((s) => s.trim().length > 0),
          chosen: fc.string({ maxLength: 500 }),
          open: fc.nat(50),
          stale: fc.array(record, { maxLength: 30 }),
          tokens: fc.integer({ min: 1, max: 400 }),
        }),
        ({ outcome, chosen, open, stale, tokens }) => {
          const line = renderContextLine({
            card: { id: "X", outcome, chosen_approach: chosen },
            open_worklines: open,
            stale,
            max_chars: tokens * 4,
          });
          expect(charCount(line)).toBeLessThanOrEqual(tokens * 4);
          const flat = outcome.replace(/\s+/g, " ").trim();
          const head = [...line].slice(0, Math.min(charCount(line), charCount(flat)) - 1).join("");
          expect(flat.startsWith(head)).toBe(true);
        },
      ),
      propertyOptions(),
    );
  });

  it("adds the chosen approach, open worklines and stale records while they fit", () => {
    const line = renderContextLine({
      card: { id: "X", outcome: "Login survives IdP outages", chosen_approach: "session cache" },
      open_worklines: 2,
      stale: [{ id: "01JCSTALE000000000000000000", outcome: "Rate limit per user" }],
      max_chars: 320,
    });
    expect(line).toBe(
      "Login survives IdP outages — session cache · 2 open worklines · stale 01JCSTALE0: Rate limit per user",
    );
  });

  it("counts the stale records the budget leaves out", () => {
    const stale = Array.from({ length: 9 }, (_, i) => ({
      id: `01JCSTALE${i}00000000000000000`,
      outcome: `stale outcome number ${i}`,
    }));
    const line = renderContextLine({
      card: { id: "X", outcome: "Outcome", chosen_approach: "" },
      open_worklines: 0,
      stale,
      max_chars: 120,
    });
    expect(line).toMatch(/^Outcome · stale 01JCSTALE0: .* · \+\d stale$/);
    expect(charCount(line)).toBeLessThanOrEqual(120);
  });
});
