// The streamed renderers write exactly what the whole-document ones do: Markdown sections
// rendered a batch at a time and joined equal the one tree rendered once, and the sorted-keys
// JSON written an array element at a time equals stableJson.
import fc from "fast-check";
import type { RootContent } from "mdast";
import { describe, expect, it } from "vitest";
import { stableJson, stableJsonChunks } from "../../../src/core/render/json.js";
import {
  code,
  codeBlock,
  heading,
  list,
  markdownChunks,
  paragraph,
  renderMarkdown,
  strong,
  table,
  text,
} from "../../../src/core/render/report-md.js";
import { propertyOptions } from "../../support/property.js";

/** Text that reaches Markdown's edge cases: syntax characters, line breaks, controls, emoji. */
const userText = fc
  .array(
    fc.constantFrom(
      "a",
      "word ",
      " ",
      "\n",
      "- ",
      "1. ",
      "#",
      "*",
      "_",
      "`",
      "|",
      "<b>",
      "&amp;",
      "[x](y)",
      "\\",
      "@team",
      "\u001b[31m",
      "🇧🇷",
      "ü",
      "    ",
      "\t",
      "",
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(""));

const phrasing = fc.oneof(
  userText.map((t) => text(t)),
  userText.map((t) => code(t)),
  userText.map((t) => strong(text(t))),
);

/** A block as the report builders make them. */
const block: fc.Arbitrary<RootContent> = fc.oneof(
  fc.array(phrasing, { minLength: 1, maxLength: 3 }).map((c) => paragraph(...c)),
  fc
    .array(fc.array(phrasing, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 3 })
    .map((items) => list(items.map((c) => paragraph(...c)))),
  fc.array(fc.tuple(userText, phrasing), { maxLength: 4 }).map((rows) =>
    table(
      ["A", "B"],
      rows.map(([a, b]) => [a, b]),
    ),
  ),
  userText.map((t) => codeBlock("mermaid", t)),
);

/** A section starts with a heading (or a paragraph), then any blocks: lists beside lists too. */
const section = fc
  .tuple(
    fc.oneof(
      fc
        .tuple(fc.constantFrom(1, 2, 3) as fc.Arbitrary<1 | 2 | 3>, userText)
        .map(([d, t]) => heading(d, `${t}x`)),
      userText.map((t) => paragraph(`${t}x`)),
    ),
    fc.array(block, { maxLength: 4 }),
  )
  .map(([first, rest]) => [first, ...rest]);

describe("markdownChunks", () => {
  it("joins to the one tree rendered once, for any sections and batch boundaries", () => {
    fc.assert(
      fc.property(fc.array(section, { maxLength: 40 }), (sections) => {
        const whole = renderMarkdown(sections.flat());
        expect([...markdownChunks(sections)].join("")).toBe(whole);
      }),
      propertyOptions({ numRuns: 300 }),
    );
  });

  it("writes many sections in many pieces", () => {
    const sections = Array.from({ length: 5_000 }, (_, i) => [
      heading(3, `record ${i}`),
      list([paragraph(`item ${i}`)]),
      list([paragraph("another list right after")]),
    ]);
    const chunks = [...markdownChunks(sections)];
    expect(chunks.length).toBeGreaterThan(100);
    expect(chunks.join("")).toBe(renderMarkdown(sections.flat()));
  });
});

describe("stableJsonChunks", () => {
  it("is byte for byte stableJson, with the arrays of the streamed keys in pieces", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 5 }),
        fc.array(fc.jsonValue(), { maxLength: 20 }),
        fc.array(fc.jsonValue(), { maxLength: 3 }),
        (rest, records, small) => {
          const doc: Record<string, unknown> = {
            ...rest,
            records,
            small,
            gone: undefined,
            fn: () => 1,
            holes: [undefined, () => 1, 2],
          };
          expect([...stableJsonChunks(doc, ["records", "holes", "small"])].join("")).toBe(
            stableJson(doc),
          );
        },
      ),
      propertyOptions({ numRuns: 300 }),
    );
  });

  it("writes an empty object as stableJson does", () => {
    expect([...stableJsonChunks({}, [])].join("")).toBe(stableJson({}));
    expect([...stableJsonChunks({ gone: undefined }, [])].join("")).toBe(stableJson({}));
  });
});
