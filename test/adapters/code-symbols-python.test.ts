// The symbols of Python files: names, kinds, lines, and fingerprints that hold under comment and
// whitespace edits and change with any token.
import { describe, expect, it } from "vitest";
import { codeLanguageOf } from "../../src/adapters/anchors/code-symbols.js";
import { PYTHON_SOURCE as SOURCE } from "../support/code-samples.js";
import { changedSymbols, fingerprints, outline } from "../support/code-symbols.js";

describe("Python symbols", () => {
  it("names functions, classes, methods, attributes and top-level assignments", async () => {
    expect(await outline("billing.py", SOURCE)).toEqual([
      "RATE variable 4-4",
      "LIMIT variable 5-5",
      // a dictionary's string keys are its members; other keys name nothing
      "SETTINGS variable 6-6",
      "SETTINGS.timeout property 6-6",
      "SETTINGS.retry property 6-6",
      "SETTINGS.retry.times property 6-6",
      "low variable 7-7",
      "high variable 7-7",
      "Money type 8-8",
      // read with its decorator
      "total function 11-14",
      "Invoice class 17-34",
      "Invoice.currency field 18-18",
      "Invoice.lines field 19-19",
      "Invoice.__init__ method 21-22",
      // a property and its setter, side by side: one symbol
      "Invoice.amount method 24-30",
      "Invoice.Meta class 32-34",
      "Invoice.Meta.describe method 33-34",
      "fetch function 37-38",
    ]);
    expect(codeLanguageOf("stubs/a.pyi")).toBe("python");
  });

  it("keeps fingerprints under comments, blank lines and line joins; changes them with tokens", async () => {
    const reformatted = SOURCE.replace("    # sum of the items\n", "")
      .replace(
        "return sum(i.price for i in items)",
        "return sum(  # all\n        i.price for i in items\n    )",
      )
      .replace("\n\nclass Invoice", "\n\n\n# the document\nclass Invoice")
      .replace("self.lines = lines", "self.lines = lines  # kept");
    expect(await changedSymbols("billing.py", SOURCE, reformatted)).toEqual([]);
    const edited = SOURCE.replace('"read only"', '"read-only"');
    expect(await changedSymbols("billing.py", SOURCE, edited)).toEqual([
      "Invoice",
      "Invoice.amount",
    ]);
    // a string's text between escapes is content, its spaces too
    const escaped = 'def where():\n    return "  in \\"%s\\", line %d"\n';
    expect(await changedSymbols("a.py", escaped, escaped.replace('"  in', '" in'))).toEqual([
      "where",
    ]);
    const key = SOURCE.replace('"times": 2', '"times": 3');
    expect(await changedSymbols("billing.py", SOURCE, key)).toEqual([
      "SETTINGS",
      "SETTINGS.retry",
      "SETTINGS.retry.times",
    ]);
    const decorator = SOURCE.replace("@cache", "@lru_cache");
    expect(await changedSymbols("billing.py", SOURCE, decorator)).toEqual(["total"]);
    // indentation is syntax in Python: a statement moved out of its block changes the tokens
    const dedented = SOURCE.replace(
      "        self.lines = lines",
      "        pass\n    self.lines = lines",
    );
    expect(await changedSymbols("billing.py", SOURCE, dedented)).toContain("Invoice");
  });

  it("gives a function the same fingerprint at another place and in another file", async () => {
    const fn = "def total(items):\n    return sum(items)\n";
    const here = await fingerprints("a.py", `${fn}\nX = 1\n`);
    const there = await fingerprints("pkg/b.py", `import os\n\n\nY = 2\n\n\n${fn}`);
    expect(there.total).toBe(here.total);
  });
});
