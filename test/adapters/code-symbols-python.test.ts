// The symbols of Python files: names, kinds, lines, and fingerprints that hold under comment and
// whitespace edits and change with any token.
import { describe, expect, it } from "vitest";
import { codeLanguageOf } from "../../src/adapters/anchors/code-symbols.js";
import { changedSymbols, fingerprints, outline } from "../support/code-symbols.js";

const SOURCE = `"""Billing."""
import os

RATE = 0.2
LIMIT: int = 10
low, high = 1, 2
type Money = int


@cache
def total(items):
    # sum of the items
    return sum(i.price for i in items) * (1 + RATE)


class Invoice(Base):
    currency = "EUR"
    lines: list

    def __init__(self, lines):
        self.lines = lines

    @property
    def amount(self):
        return total(self.lines)

    @amount.setter
    def amount(self, value):
        raise AttributeError("read only")

    class Meta:
        def describe(self):
            return "invoice"


async def fetch():
    pass
`;

describe("Python symbols", () => {
  it("names functions, classes, methods, attributes and top-level assignments", async () => {
    expect(await outline("billing.py", SOURCE)).toEqual([
      "RATE variable 4-4",
      "LIMIT variable 5-5",
      "low variable 6-6",
      "high variable 6-6",
      "Money type 7-7",
      // read with its decorator
      "total function 10-13",
      "Invoice class 16-33",
      "Invoice.currency field 17-17",
      "Invoice.lines field 18-18",
      "Invoice.__init__ method 20-21",
      // a property and its setter, side by side: one symbol
      "Invoice.amount method 23-29",
      "Invoice.Meta class 31-33",
      "Invoice.Meta.describe method 32-33",
      "fetch function 36-37",
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
