import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { code, list, paragraph, renderMarkdown } from "../../src/core/render/report-md.js";

describe("the report Markdown serializer", () => {
  it("prints code followed by an empty text as the code alone (the PR comment drops the text)", () => {
    const value = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 30 }),
      fc.stringMatching(/^[ `\r\n\\*_#|<>@:.a-z-]{0,12}$/),
    );
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 4 }), (values) => {
        const withText = values.map((v) => [paragraph(code(v), "")]);
        const without = values.map((v) => [paragraph(code(v))]);
        expect(renderMarkdown([list(without)])).toBe(renderMarkdown([list(withText)]));
      }),
      { numRuns: 500 },
    );
  });
});
