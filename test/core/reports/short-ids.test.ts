import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shortIds } from "../../../src/core/reports/short-ids.js";
import { propertyOptions } from "../../support/property.js";

describe("shortIds", () => {
  it("gives each id the shortest prefix of ten or more characters no other id shares", () => {
    const id = fc
      .array(fc.constantFrom("0", "1", "A", "Z"), { minLength: 12, maxLength: 14 })
      .map((c) => `01JC000000${c.join("")}`);
    fc.assert(
      fc.property(fc.uniqueArray(id, { minLength: 1, maxLength: 30 }), (all) => {
        const wanted = all.filter((_, i) => i % 2 === 0);
        const short = shortIds(all, wanted);
        for (const w of wanted) {
          const s = short.get(w)!;
          expect(w.startsWith(s)).toBe(true);
          expect(s.length).toBeGreaterThanOrEqual(10);
          expect(all.filter((o) => o.startsWith(s))).toEqual([w]);
          // one character fewer (above ten) would be ambiguous
          if (s.length > 10)
            expect(all.filter((o) => o.startsWith(s.slice(0, -1))).length).toBeGreaterThan(1);
        }
      }),
      propertyOptions(),
    );
  });
});
