import { describe, expect, it } from "vitest";
import { anchorSplits, closeNames } from "../../../src/core/anchors/anchor-entries.js";
import { mechanicalRenames, roughTokens } from "../../../src/core/anchors/identifier-renames.js";

describe("anchor entries", () => {
  it("splits at every # with a file part before it, the shortest file first", () => {
    expect(anchorSplits("src/a.ts#Store.get")).toEqual([{ path: "src/a.ts", symbol: "Store.get" }]);
    expect(anchorSplits("docs/c#/a.ts#f#2")).toEqual([
      { path: "docs/c", symbol: "/a.ts#f#2" },
      { path: "docs/c#/a.ts", symbol: "f#2" },
      { path: "docs/c#/a.ts#f", symbol: "2" },
    ]);
    expect(anchorSplits("src/a.ts")).toEqual([]);
    expect(anchorSplits("src/a.ts#")).toEqual([]);
  });

  it("close names put the same last segment first", () => {
    expect(closeNames("get", ["Store", "Store.get", "Store.put", "target"])[0]).toBe("Store.get");
    expect(closeNames("sesionTtl", ["sessionTtl", "unrelated"])[0]).toBe("sessionTtl");
  });
});

describe("mechanical renames", () => {
  const before = "function f(user: User) {\n  // a User\n  return user.admin;\n}";
  it("identifiers renamed one-for-one, the old name gone from the file", () => {
    const after = before.replaceAll("User", "Account");
    expect(mechanicalRenames(before, after, after)).toEqual([["User", "Account"]]);
  });
  it("not when the old name is still in the file, nor when two names merge, nor for other tokens", () => {
    const after = before.replace("user: User", "user: Account");
    expect(mechanicalRenames(before, after, `${after}\ntype User = {}`)).toBeUndefined();
    expect(mechanicalRenames("a + b", "a + a", "a + a")).toBeUndefined();
    expect(mechanicalRenames("a + 1", "a + 2", "a + 2")).toBeUndefined();
    expect(mechanicalRenames("a + b", "a - b", "a - b")).toBeUndefined();
    expect(mechanicalRenames(before, before, before)).toBeUndefined();
  });
  it("rough tokens leave comments out", () => {
    expect(roughTokens("a /* x */ + b // y\n# z\n'c d'")).toEqual(["a", "+", "b", "'c d'"]);
  });
});
