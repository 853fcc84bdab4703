import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  diffTexts,
  editScript,
  hunksOf,
  hunksWithin,
  splitLines,
} from "../../../src/core/review/line-diff.js";
import { propertyOptions } from "../../support/property.js";

/** Applies hunks to the old lines, as `patch` would. */
function applyHunks(before: string[], text: ReturnType<typeof diffTexts>): string[] {
  const out: string[] = [];
  let at = 0;
  for (const hunk of text ?? []) {
    const start = hunk.old_lines === 0 ? hunk.old_start : hunk.old_start - 1;
    while (at < start) out.push(before[at++]!);
    for (const line of hunk.lines) {
      if (line.op === "+") out.push(line.text);
      else {
        expect(before[at]).toBe(line.text);
        if (line.op === " ") out.push(line.text);
        at++;
      }
    }
  }
  while (at < before.length) out.push(before[at++]!);
  return out;
}

describe("line diff", () => {
  it("shows a changed line with three lines of context, numbered as diff -u", () => {
    const before = "1\n2\n3\n4\n5\n6\n7\n8\n9\n";
    const hunks = diffTexts(before, before.replace("5", "five"));
    expect(hunks).toEqual([
      {
        old_start: 2,
        old_lines: 7,
        new_start: 2,
        new_lines: 7,
        lines: [
          { op: " ", text: "2" },
          { op: " ", text: "3" },
          { op: " ", text: "4" },
          { op: "-", text: "5" },
          { op: "+", text: "five" },
          { op: " ", text: "6" },
          { op: " ", text: "7" },
          { op: " ", text: "8" },
        ],
      },
    ]);
  });

  it("numbers an empty side by the line before, and a new file from nothing", () => {
    expect(diffTexts("", "a\nb\n")).toEqual([
      {
        old_start: 0,
        old_lines: 0,
        new_start: 1,
        new_lines: 2,
        lines: [
          { op: "+", text: "a" },
          { op: "+", text: "b" },
        ],
      },
    ]);
  });

  it("gives up on a rewrite larger than the edit limit", () => {
    const a = Array.from({ length: 50 }, (_, i) => `a${i}`);
    const b = Array.from({ length: 50 }, (_, i) => `b${i}`);
    expect(editScript(a, b, 20)).toBeUndefined();
    expect(editScript(a, b, 100)).toHaveLength(100);
  });

  it("property: the hunks turn the old text into the new one, and keep only what changed", () => {
    const lines = fc.array(fc.constantFrom("a", "b", "c", "d", "e", ""), { maxLength: 40 });
    fc.assert(
      fc.property(lines, lines, (before, after) => {
        const script = editScript(before, after)!;
        expect(script.filter((l) => l.op !== "+").map((l) => l.text)).toEqual(before);
        expect(script.filter((l) => l.op !== "-").map((l) => l.text)).toEqual(after);
        const hunks = hunksOf(script, 2);
        expect(applyHunks(before, hunks)).toEqual(after);
        if (JSON.stringify(before) === JSON.stringify(after)) expect(hunks).toEqual([]);
      }),
      propertyOptions({ numRuns: 300 }),
    );
  });

  it("splits lines as a file holds them", () => {
    expect(splitLines("")).toEqual([]);
    expect(splitLines("a\n")).toEqual(["a"]);
    expect(splitLines("a\nb")).toEqual(["a", "b"]);
  });
});

describe("hunks within anchors", () => {
  const before = Array.from({ length: 40 }, (_, i) => `l${i + 1}`).join("\n");
  const after = before.replace("l5\n", "L5\n").replace("l30\n", "L30\n");
  const hunks = diffTexts(before, after)!;

  it("keeps the hunks that overlap an anchor's lines at the basis or at HEAD", () => {
    expect(hunks).toHaveLength(2);
    const within = hunksWithin(hunks, { old: [{ start: 28, end: 32 }], new: [] });
    expect(within.map((h) => h.old_start)).toEqual([27]);
    expect(
      hunksWithin(hunks, { old: [], new: [{ start: 1, end: 5 }] }).map((h) => h.new_start),
    ).toEqual([2]);
    expect(hunksWithin(hunks, { old: [{ start: 12, end: 20 }], new: [] })).toEqual([]);
  });
});
