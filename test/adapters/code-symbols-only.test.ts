// Reading only some symbols gives them the fingerprints a full read gives, in every language.
import { describe, expect, it } from "vitest";
import { readCodeSymbols } from "../../src/adapters/anchors/code-symbols.js";
import {
  GO_SOURCE,
  JAVA_SOURCE,
  PYTHON_SOURCE,
  RUST_SOURCE,
  TYPESCRIPT_SOURCE,
} from "../support/code-samples.js";

const FILES: [string, string][] = [
  ["src/store.ts", TYPESCRIPT_SOURCE],
  ["billing.py", PYTHON_SOURCE],
  ["shop/cart.go", GO_SOURCE],
  ["Shop.java", JAVA_SOURCE],
  ["src/geo.rs", RUST_SOURCE],
];

describe("reading only some symbols", () => {
  it.each(FILES)("gives %s's symbols the fingerprints of a full read", async (path, text) => {
    const all = (await readCodeSymbols(path, text))!;
    expect(all.length).toBeGreaterThan(10);
    for (const symbol of all) {
      const [one, ...more] = (await readCodeSymbols(path, text, { only: [symbol.name] }))!;
      expect(more).toEqual([]);
      expect(one, symbol.name).toEqual(symbol);
    }
    const some = all.filter((_, i) => i % 3 === 0).map((s) => s.name);
    const read = (await readCodeSymbols(path, text, { only: some }))!;
    expect(read).toEqual(all.filter((s) => some.includes(s.name)));
    expect(await readCodeSymbols(path, text, { only: ["NoSuchName"] })).toEqual([]);
  });
});
