import { describe, expect, it } from "vitest";
import { underPathspec } from "../../src/adapters/git/pathspec.js";

describe("changes limited to literal pathspecs", () => {
  it("reads a spec as a file and everything below it, a trailing slash as a directory", () => {
    expect(underPathspec("src/a.ts", ["src/a.ts"])).toBe(true);
    expect(underPathspec("src/a.ts/x", ["src/a.ts"])).toBe(true);
    expect(underPathspec("src/a.tsx", ["src/a.ts"])).toBe(false);
    expect(underPathspec("src/d/x.ts", ["src/d/"])).toBe(true);
    expect(underPathspec("src/dx/x.ts", ["src/d/"])).toBe(false);
  });
});
