import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type IndexRow,
  indexMatrix,
  renderIndexTable,
  renderTableWhole,
} from "../../../src/core/render/adr-index.js";
import { propertyOptions } from "../../support/property.js";

// Text people put in ADR titles, statuses and paths, weighted towards what Markdown escapes.
const UNITS = [
  ..."abcXYZ019 ,;'-—.:()[]{}<>*_`~#!|\\/&@+=?%$^\"",
  "é",
  "ж",
  "😀",
  "\u00a0",
  "  ",
  "\t",
  "\n",
  "www.",
  "http://",
  "1. ",
  "- ",
  "&amp;",
  "<!--",
];
const tricky = fc.string({ unit: fc.constantFrom(...UNITS), maxLength: 24 });
const words = fc.stringMatching(/^[A-Za-z0-9]([A-Za-z0-9 ,;'—-]{0,40}[A-Za-z0-9])?$/);
const textArb = fc.oneof(words, words, tricky, fc.constant(""));
const href = fc.oneof(
  fc.stringMatching(/^(\.\.\/)*[a-z0-9][a-z0-9._/-]{0,30}\.md$/),
  fc.stringMatching(/^(\.{1,3}\/){1,3}[a-z0-9._/-]{0,10}$/),
  fc.string({ unit: fc.constantFrom(..."ab./-_ ()<>#?:%09"), maxLength: 20 }),
);
const ref = fc.stringMatching(/^ADR-[0-9]{4}$/);
const row: fc.Arbitrary<IndexRow> = fc.record({
  number: fc.option(fc.integer({ min: 0, max: 99999 }), { nil: undefined }),
  title: textArb,
  status: textArb,
  date: fc.option(fc.oneof(fc.constant("2024-01-02"), textArb), { nil: undefined }),
  href,
  supersedes: fc.array(fc.oneof(ref, textArb), { maxLength: 2 }),
  superseded_by: fc.array(fc.oneof(ref, textArb), { maxLength: 2 }),
  links: fc.array(
    fc.record({
      type: fc.constantFrom("amends", "amended-in-part-by", "relates-to"),
      target: fc.oneof(ref, textArb),
    }),
    { maxLength: 3 },
  ),
});

describe("the decision log table", () => {
  it("is byte for byte what the Markdown serializer writes for the whole table", () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 12 }), (rows) => {
        expect(renderIndexTable(rows)).toBe(renderTableWhole(indexMatrix(rows)));
      }),
      propertyOptions({ numRuns: 2000 }),
    );
  });

  it("lays out plain rows without the serializer the same way", () => {
    const rows: IndexRow[] = [
      {
        number: 1,
        title: "Decision 1 keeps the session blocks store and never state",
        status: "superseded by ADR-0002",
        date: "2025-02-02",
        href: "../decisions/0001-decision-1.md",
        supersedes: [],
        superseded_by: ["ADR-0002"],
        links: [{ type: "amended-in-part-by", target: "ADR-0003" }],
      },
      {
        title: "Use Node.js (not Deno) for `adrift`",
        status: "accepted",
        href: "../decisions/use node.md",
        supersedes: [],
        superseded_by: [],
      },
    ];
    expect(renderIndexTable(rows)).toBe(renderTableWhole(indexMatrix(rows)));
    expect(renderIndexTable(rows)).toContain(
      "| ADR-0001 | [Decision 1 keeps the session blocks store and never state](../decisions/0001-decision-1.md) |",
    );
  });
});
