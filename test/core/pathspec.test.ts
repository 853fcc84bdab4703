import { describe, expect, it } from "vitest";
import { limitChanges, underPathspec } from "../../src/adapters/git/pathspec.js";

describe("changes limited to literal pathspecs", () => {
  it("reads a spec as a file and everything below it, a trailing slash as a directory", () => {
    expect(underPathspec("src/a.ts", ["src/a.ts"])).toBe(true);
    expect(underPathspec("src/a.ts/x", ["src/a.ts"])).toBe(true);
    expect(underPathspec("src/a.tsx", ["src/a.ts"])).toBe(false);
    expect(underPathspec("src/d/x.ts", ["src/d/"])).toBe(true);
    expect(underPathspec("src/dx/x.ts", ["src/d/"])).toBe(false);
  });

  it("keeps renames inside, and shows one crossing the boundary as its inside side", () => {
    expect(
      limitChanges(
        [
          { status: "M", path: "src/a.ts" },
          { status: "M", path: "lib/b.ts" },
          { status: "R", old_path: "src/c.ts", path: "src/d.ts", similarity: 100 },
          { status: "R", old_path: "lib/e.ts", path: "src/e.ts", similarity: 90 },
          { status: "R", old_path: "src/f.ts", path: "lib/f.ts", similarity: 100 },
          { status: "R", old_path: "lib/g.ts", path: "lib/h.ts", similarity: 100 },
        ],
        ["src/"],
      ),
    ).toEqual([
      { status: "M", path: "src/a.ts" },
      { status: "R", old_path: "src/c.ts", path: "src/d.ts", similarity: 100 },
      { status: "A", path: "src/e.ts" },
      { status: "D", path: "src/f.ts" },
    ]);
  });
});
