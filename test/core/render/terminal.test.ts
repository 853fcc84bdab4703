import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { quotePath, safeText } from "../../../src/core/render/terminal.js";
import { git, tempDir } from "../../support/repo.js";

const NAMES = [
  "plain.ts",
  "new\nline.txt",
  "evil\u001b[31mRED\u001b[0m.txt",
  'say "hi".md',
  "back\\slash.md",
  "tab\there.md",
  "bell\u0007del\u007f.md",
  "carriage\rreturn.md",
  "Выход 🚀 façade.md",
];

describe("quotePath", () => {
  it("quotes a name exactly as git does with core.quotePath=false", () => {
    const dir = tempDir();
    git(dir, ["init", "-q"]);
    for (const name of NAMES) writeFileSync(path.join(dir, name), "x\n");
    git(dir, ["add", "-A"]);
    const listed = git(dir, ["-c", "core.quotePath=false", "ls-files"]).trimEnd().split("\n");
    expect(NAMES.map(quotePath).sort()).toEqual([...listed].sort());
  });

  it("also escapes what git leaves raw but a terminal obeys: C1 controls, bidi and line separators", () => {
    expect(quotePath("a\u009b31mb")).toBe('"a\\302\\23331mb"');
    expect(quotePath("invoice\u202efdp.exe")).toBe('"invoice\\342\\200\\256fdp.exe"');
    expect(quotePath("a\u2028b")).toBe('"a\\342\\200\\250b"');
  });
});

describe("safeText", () => {
  it("escapes control characters in place and leaves prose, quotes and Unicode alone", () => {
    expect(safeText('Use "cents" — Выход 🚀')).toBe('Use "cents" — Выход 🚀');
    expect(safeText("evil \u001b[31mRED\u001b[0m")).toBe("evil \\033[31mRED\\033[0m");
    expect(safeText("two\nlines\r")).toBe("two\\nlines\\r");
  });

  it("keeps newlines and tabs of a block of text with multiline", () => {
    expect(safeText("one\n\ttwo\u001b[2J", { multiline: true })).toBe("one\n\ttwo\\033[2J");
  });
});
