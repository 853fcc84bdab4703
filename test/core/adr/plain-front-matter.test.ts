import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDocument, parse as parseYaml } from "yaml";
import { readPlainFrontMatter } from "../../../src/core/adr/plain-front-matter.js";
import { fullRuns, propertyOptions } from "../../support/property.js";

/** What the YAML engine reads, as the ADR reader takes it (a mapping, no warnings), or why not. */
function engine(raw: string): { value: unknown } | { failed: string } {
  let value: unknown;
  try {
    value = parseYaml(raw);
  } catch (error) {
    return { failed: (error as Error).message };
  }
  if (parseDocument(raw).warnings.length > 0) return { failed: "warnings" };
  return { value };
}

/** The fast reader must give exactly the engine's answer, keys in the same order, or step aside. */
function agrees(raw: string): boolean {
  const fast = readPlainFrontMatter(raw);
  if (fast === undefined) return false;
  const slow = engine(raw);
  expect(slow, raw).toHaveProperty("value");
  const value = (slow as { value: Record<string, unknown> }).value;
  expect(Object.keys(fast), raw).toEqual(Object.keys(value));
  expect(fast, raw).toStrictEqual(value);
  for (const key of Object.keys(fast))
    expect(Object.is(fast[key], value[key]) || typeof fast[key] === "object", raw).toBe(true);
  return true;
}

// Pieces a front matter value is made of, weighted towards what changes YAML's reading.
const TRICKY = [
  ..."abcxyzABEeox_019 .,:;#-+[]{}\"'!&*|>%@`?~=/()\\\t",
  "é",
  "\u00a0",
  "\u2028",
  "😀",
  ": ",
  " #",
  "''",
];
const WORDS = [
  "null",
  "Null",
  "NULL",
  "~",
  "true",
  "True",
  "TRUE",
  "false",
  "FALSE",
  "yes",
  "on",
  ".inf",
  "-.Inf",
  "+.INF",
  ".nan",
  ".NaN",
  "0x1F",
  "0xg",
  "0o17",
  "0o8",
  "1e5",
  "1E-3",
  ".5",
  "1.",
  "1.50",
  "007",
  "0003",
  "-0",
  "+12",
  "-",
  "---",
  "...",
  "12345678901234567890",
  "2025-01-02",
  "2023-9-15",
  "12:30",
  "http://example.com/a#b",
  "C#",
  "it's",
  "superseded by [0042](0042-x.md)",
  "amended-in-part by [0013](0013-x.md), [0012](0012-x.md)",
  "Decision 7 keeps the cache",
  "'quoted'",
  "'it''s'",
  '"double"',
  '"with \\" escape"',
  "[a, b]",
  "[]",
  "[ area-1 , 2 ]",
  "[a, [b]]",
  "[a,]",
  "{ accepted }",
  "&anchor x",
  "*alias",
  "!tag x",
  "|",
  ">",
  "%x",
  "@x",
];
const piece = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WORDS) },
  { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom(...TRICKY), maxLength: 12 }) },
);
const value = fc
  .tuple(piece, fc.option(piece, { nil: undefined }), fc.constantFrom("", " ", "  "))
  .map(([a, b, pad]) => `${a}${b === undefined ? "" : ` ${b}`}${pad}`);
const key = fc.oneof(
  fc.constantFrom(
    "id",
    "title",
    "status",
    "date",
    "tags",
    "deciders",
    "superseded_by",
    "null",
    "True",
    "a-b",
    "x1",
  ),
  fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,6}$/),
);
const line = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(key, fc.constantFrom(": ", ":  ", ":"), value)
      .map(([k, sep, v]) => `${k}${sep}${v}`),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        key,
        fc.array(value, { minLength: 1, maxLength: 3 }),
        fc.constantFrom("", "  ", " ", "\t"),
      )
      .map(([k, items, indent]) => [`${k}:`, ...items.map((i) => `${indent}- ${i}`)].join("\n")),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "",
      "  ",
      "# a comment",
      "  # indented comment",
      "---",
      "...",
      "  continued",
      "%YAML 1.2",
      "- item",
      "key : spaced",
      "\t",
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...TRICKY), maxLength: 10 }) },
);
const frontMatter = fc.array(line, { minLength: 1, maxLength: 7 }).map((lines) => lines.join("\n"));

// Front matter as ADR families write it: known keys, words, numbers, dates, links, lists.
const everydayValue = fc.oneof(
  fc.constantFrom(...WORDS),
  fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ,.()/'-]{0,30}[A-Za-z0-9.)]$/),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, "0")),
);
const everydayLine = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(key, everydayValue).map(([k, v]) => `${k}: ${v}`) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(key, fc.array(everydayValue, { maxLength: 3 }))
      .map(([k, vs]) => `${k}: [${vs.join(", ")}]`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(key, fc.array(everydayValue, { minLength: 1, maxLength: 3 }))
      .map(([k, vs]) => [`${k}:`, ...vs.map((v) => `  - ${v}`)].join("\n")),
  },
  { weight: 1, arbitrary: fc.constantFrom("", "# note") },
);
const everydayFrontMatter = fc
  .uniqueArray(everydayLine, { minLength: 1, maxLength: 8, selector: (l) => l.split(":")[0] })
  .map((lines) => lines.join("\n"));

describe("plain front matter read without the YAML engine", () => {
  it("gives the YAML engine's answer whenever it answers (generated front matter)", () => {
    let answered = 0;
    fc.assert(
      fc.property(frontMatter, (raw) => {
        if (agrees(raw)) answered++;
      }),
      propertyOptions({ numRuns: 20000 }),
    );
    // The property is not vacuous: a share of even this tricky front matter is read fast.
    if (fullRuns()) expect(answered).toBeGreaterThan(500);
  });

  it("gives the YAML engine's answer for front matter as people write it (generated)", () => {
    let answered = 0;
    fc.assert(
      fc.property(everydayFrontMatter, (raw) => {
        if (agrees(raw)) answered++;
      }),
      propertyOptions({ numRuns: 5000 }),
    );
    if (fullRuns()) expect(answered).toBeGreaterThan(1500);
  });

  it("gives the YAML engine's answer for single values of every kind", () => {
    fc.assert(
      fc.property(key, value, (k, v) => {
        agrees(`${k}: ${v}`);
        agrees(`${k}:\n  - ${v}\n  - ${v}`);
        agrees(`${k}: [${v}]`);
      }),
      propertyOptions({ numRuns: 20000 }),
    );
  });

  it("reads the front matter the ADR families write", () => {
    const cases = [
      "id: 0003\ntitle: Decision 3 keeps the cache\nstatus: superseded by [0004](0004-decision-4.md)\ndate: 2025-04-04\ntags: [area-3, worker]",
      "status: accepted\ndate: 2024-01-10\ndecision-makers: Ana, Bo\nconsulted: \"\"\ninformed: ''",
      "title: Use Postgres\nstatus: proposed\ndeciders:\n  - Ana\n  - Bo\n\n# the template's comment\ntags:\n- db",
      "parent: Decisions\nnav_order: 100\ntitle: ADR Template\nstatus: accepted\nsuperseded_by: 12\nsupersedes: [3, 4]",
    ];
    for (const raw of cases) expect(agrees(raw), raw).toBe(true);
  });

  it("steps aside for what it does not fully read", () => {
    for (const raw of [
      "title: A marketplace: each plugin",
      "status: superseded by #12",
      "title: first\ntitle: second",
      "title: >\n  folded",
      "title: one\n  continued",
      "title: &a x\nother: *a",
      'title: "escaped \\" quote"',
      "tags: [a, [b]]",
      "status: {accepted}",
      "title:\n\n  - late item",
      "deciders:\n  - a\n   - b",
      "title: tab\there",
      "# only a comment",
      "",
    ])
      expect(readPlainFrontMatter(raw), raw).toBeUndefined();
  });
});
