import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { truncate } from "../../../src/core/errors.js";
import { charCount, clip } from "../../../src/core/render/text.js";
import { propertyOptions } from "../../support/property.js";

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const graphemes = (text: string) => [...segmenter.segment(text)].map((s) => s.segment);

// Characters a reader sees as one, made of several code points, beside plain ones.
const PIECES = [
  "a",
  "é", // one code point
  "e\u0301", // e + combining acute
  "Й",
  "🙂",
  "👍🏽", // skin tone modifier
  "👩🏽‍💻", // ZWJ sequence with a modifier
  "👨‍👩‍👧‍👦",
  "🇧🇷", // a flag: two regional indicators
  "🏳️‍🌈",
  "ก์", // Thai with a combining mark
  " ",
  "\u1100\u1161\u11A8", // a Hangul syllable as three jamo
];

const texts = fc.array(fc.constantFrom(...PIECES), { maxLength: 120 }).map((p) => p.join(""));

describe("clip cuts between graphemes", () => {
  it("keeps whole graphemes, ends with … when cut, and stays within max code points", () => {
    fc.assert(
      fc.property(texts, fc.integer({ min: 1, max: 60 }), (text, max) => {
        const cut = clip(text, max);
        expect(charCount(cut)).toBeLessThanOrEqual(max);
        if (cut === text) return;
        expect(cut.endsWith("…")).toBe(true);
        const kept = cut.slice(0, -1);
        expect(text.startsWith(kept)).toBe(true);
        // the kept part ends on a grapheme boundary of the original text
        const whole = graphemes(text);
        let prefix = "";
        const boundaries = new Set([""]);
        for (const g of whole) {
          prefix += g;
          boundaries.add(prefix);
        }
        expect(boundaries.has(kept)).toBe(true);
        // and nothing that fits was left out: the next grapheme would not have fitted
        const next = whole[graphemes(kept).length]!;
        expect(charCount(kept) + charCount(next)).toBeGreaterThan(max - 1);
      }),
      propertyOptions(),
    );
  });

  it("cuts long texts the same way: thousands of graphemes, a cut deep inside them", () => {
    const long = fc
      .array(fc.constantFrom(...PIECES), { minLength: 500, maxLength: 3_000 })
      .map((p) => p.join(""));
    fc.assert(
      fc.property(long, fc.integer({ min: 400, max: 5_000 }), (text, max) => {
        const cut = clip(text, max);
        expect(charCount(cut)).toBeLessThanOrEqual(max);
        if (cut === text) return;
        const kept = cut.slice(0, -1);
        const whole = graphemes(text);
        const n = graphemes(kept).length;
        expect(whole.slice(0, n).join("")).toBe(kept);
        expect(charCount(kept) + charCount(whole[n]!)).toBeGreaterThan(max - 1);
      }),
      propertyOptions({ numRuns: 30 }),
    );
    // A search document of an ADR is clipped to 20,000 characters: one grapheme lookup, not
    // a list of 40,000 (each of which V8 gives its own copy of the text: 3 GB, 4 s).
    const x = `${"x".repeat(19_998)}👩🏽‍💻${"y".repeat(20_000)}`;
    expect(clip(x, 20_000)).toBe(`${"x".repeat(19_998)}…`);
  });

  it("never leaves half a family, a flag or an accent", () => {
    expect(clip("ab👨‍👩‍👧‍👦cd", 5)).toBe("ab…");
    expect(clip("🇧🇷🇧🇷🇧🇷", 4)).toBe("🇧🇷…");
    // e + combining acute is one letter of two code points: kept whole or left out whole
    expect(clip("cafe\u0301 au lait", 5)).toBe("caf…");
    expect(clip("cafe\u0301 au lait", 6)).toBe("cafe\u0301…");
    expect(clip("short", 5)).toBe("short");
  });

  it("a long text is cut from its head alone (a 10 MB field costs what a short one does)", () => {
    const long = "👍🏽".repeat(2_000_000);
    expect(clip(long, 9)).toBe("👍🏽👍🏽👍🏽👍🏽…");
  });

  it("error messages cut user text the same way", () => {
    expect(truncate(`${"x".repeat(78)}👩🏽‍💻 and more`, 80)).toBe(`${"x".repeat(78)}…`);
  });
});
