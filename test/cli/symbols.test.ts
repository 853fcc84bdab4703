// `adrift symbols`: what an anchor can name in files of the work tree, from the built CLI.
import { describe, expect, it } from "vitest";
import { makeRepo, testEnv } from "../support/repo.js";

const SOURCE = `export interface Options {
  port: number;
}

export function start(options: Options) {
  return options.port;
}
`;

describe.each(["cli", "embedded"] as const)("adrift symbols (%s adapter)", (adapter) => {
  const env = testEnv(adapter === "embedded" ? { ADRIFT_GIT: "embedded" } : {});

  it("lists each symbol with its anchor, kind and lines; other files fall back to the whole file", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/server.ts": SOURCE });
    const text = repo.adrift(["symbols", "src/server.ts", "README.md"], { env });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain("src/server.ts#Options.port  property, lines 2–2");
    expect(text.stdout).toContain("src/server.ts#start  function, lines 5–7");
    expect(text.stdout).toContain("README.md: no symbols (not a language adrift parses)");
    // paths are the repository's, wherever the command runs
    const json = repo.adriftJson<{
      files: { path: string; language: string | null; symbols: { anchor: string }[] }[];
    }>(["symbols", "server.ts", "-C", "src"], { env });
    expect(json.files.map((f) => [f.path, f.language])).toEqual([["src/server.ts", "typescript"]]);
    expect(json.files[0]!.symbols.map((s) => s.anchor)).toEqual([
      "src/server.ts#Options",
      "src/server.ts#Options.port",
      "src/server.ts#start",
    ]);
  });

  it("refuses a file that is not there, and one outside the repository", () => {
    const repo = makeRepo();
    const missing = repo.adrift(["symbols", "src/nope.ts", "--json"], { env });
    expect(missing.code).toBe(3);
    expect(JSON.parse(missing.stderr).error.code).toBe("not_found");
    const outside = repo.adrift(["symbols", "../x.ts", "--json"], { env });
    expect(outside.code).toBe(2);
    expect(JSON.parse(outside.stderr).error.code).toBe("usage");
  });
});
