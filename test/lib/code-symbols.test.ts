// The library reads a file's symbols as the CLI does: the names anchors take, with fingerprints.
import { describe, expect, it } from "vitest";
import { codeLanguageOf, listFileSymbols, readCodeSymbols } from "../../src/index.js";
import { makeRepo, testEnv } from "../support/repo.js";

describe("code symbols from the library", () => {
  it("reads symbols of content and of work-tree files, with the anchors that name them", async () => {
    expect(codeLanguageOf("pkg/mod.py")).toBe("python");
    const [only] = (await readCodeSymbols(
      "a.py",
      "def f():\n    return 1\n\ndef g():\n    pass\n",
      {
        only: ["g"],
      },
    ))!;
    expect(only).toMatchObject({ name: "g", kind: "function", startLine: 4, endLine: 5 });
    const repo = makeRepo();
    repo.commit("code", { "pkg/mod.py": "class A:\n    def run(self):\n        pass\n" });
    const [file] = await listFileSymbols({ cwd: repo.dir, env: testEnv(), paths: ["pkg/mod.py"] });
    expect(file!.symbols.map((s) => s.anchor)).toEqual(["pkg/mod.py#A", "pkg/mod.py#A.run"]);
  });
});
