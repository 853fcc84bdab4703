// The pure naming rules of code symbols: qualified names, adjacent declarations joined, repeats
// counted, members declared apart from their type, the language of a path.
import { describe, expect, it } from "vitest";
import {
  attachMembers,
  codeLanguageOfPath,
  type DeclaredSymbol,
  isAnchorName,
  qualifySymbols,
} from "../../../src/core/anchors/symbol-names.js";

const d = (
  name: string,
  part: number,
  members: DeclaredSymbol<number>[] = [],
): DeclaredSymbol<number> => ({ name, kind: "k", parts: [part], members });

describe("code symbol names", () => {
  it("qualifies members with dots, parents first", () => {
    const named = qualifySymbols([d("A", 1, [d("m", 2, [d("x", 3)])]), d("B", 4)]);
    expect(named.map((s) => [s.name, s.parts])).toEqual([
      ["A", [1]],
      ["A.m", [2]],
      ["A.m.x", [3]],
      ["B", [4]],
    ]);
  });

  it("joins adjacent declarations of one name and counts later repeats", () => {
    const named = qualifySymbols([
      d("f", 1),
      d("f", 2),
      d("g", 3),
      d("f", 4, [d("x", 5)]),
      d("f", 6),
    ]);
    expect(named.map((s) => [s.name, s.parts])).toEqual([
      ["f", [1, 2]],
      ["g", [3]],
      ["f#2", [4, 6]],
      ["f#2.x", [5]],
    ]);
  });

  it("puts members declared apart under their owner, or a scope that is no symbol", () => {
    const apart = new Map([
      ["T", [d("m", 9)]],
      ["Elsewhere", [d("n", 8)]],
    ]);
    const named = qualifySymbols(attachMembers([d("T", 1, [d("f", 2)]), d("U", 3)], apart));
    expect(named.map((s) => s.name)).toEqual(["T", "T.f", "T.m", "U", "Elsewhere.n"]);
  });

  it("takes names an anchor can hold", () => {
    expect(["a", "_x1", "#secret", "$", "db-host", "ü"].every(isAnchorName)).toBe(true);
    expect(["", "a.b", "a#b", "a b", "##x", "#"].some(isAnchorName)).toBe(false);
  });

  it("reads the language from the extension only", () => {
    expect(codeLanguageOfPath("dir.ts/file")).toBeUndefined();
    expect(codeLanguageOfPath("a/b.RS")).toBe("rust");
    expect(codeLanguageOfPath("main.go")).toBe("go");
    expect(codeLanguageOfPath("Main.java")).toBe("java");
    expect(codeLanguageOfPath(".py")).toBeUndefined();
  });
});
