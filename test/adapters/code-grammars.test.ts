// The tree-sitter runtime and its grammars move together: both pinned exactly, every grammar
// loads with the runtime and parses its language without an error, from the packages (sources)
// and from the copies the build puts in dist/vendor/ (what an install runs).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  GRAMMAR_FILES,
  parserFor,
  RUNTIME_FILE,
} from "../../src/adapters/anchors/tree-sitter-runtime.js";
import type { CodeLanguage } from "../../src/core/anchors/symbol-names.js";
import { tempDir } from "../support/repo.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));

const SAMPLES: Record<CodeLanguage, [string, string]> = {
  typescript: ["a.ts", "export function f<T>(x: T): T { return <T>x; }\n"],
  tsx: ["a.tsx", "export function F() { return <div a={1}>x</div>; }\n"],
  javascript: ["a.js", "export function f(x) { return <b>{x}</b>; }\n"],
  python: ["a.py", "def f(x):\n    return x\n"],
  go: ["a.go", "package a\n\nfunc F(x int) int { return x }\n"],
  java: ["A.java", "class A { int f(int x) { return x; } }\n"],
  rust: ["a.rs", "fn f(x: i32) -> i32 { x }\n"],
};

describe("tree-sitter runtime and grammars", () => {
  it("are pinned exactly, as build-time packages", () => {
    const packages = new Set([
      RUNTIME_FILE.package,
      ...Object.values(GRAMMAR_FILES).map((g) => g.package),
    ]);
    for (const name of packages) {
      expect(pkg.devDependencies[name], name).toMatch(/^\d+\.\d+\.\d+$/);
      expect(pkg.dependencies[name], name).toBeUndefined();
    }
  });

  it("ship with their license notices, in the package and in the Action bundle", () => {
    for (const notices of [
      "dist/vendor/THIRD-PARTY-NOTICES.txt",
      "action/THIRD-PARTY-NOTICES.txt",
    ]) {
      const text = readFileSync(path.join(ROOT, notices), "utf8");
      for (const { package: name } of [RUNTIME_FILE, ...Object.values(GRAMMAR_FILES)])
        expect(text, `${name} in ${notices}`).toContain(
          `\n${name} ${pkg.devDependencies[name]} (MIT)\n`,
        );
    }
  });

  it.each(Object.keys(SAMPLES) as CodeLanguage[])("parse %s without an error", async (language) => {
    const tree = (await parserFor(language)).parse(SAMPLES[language][1])!;
    expect(tree.rootNode.hasError).toBe(false);
    tree.delete();
  });

  it("load from the build's copies in dist/vendor/ and read every language there", () => {
    expect(existsSync(path.join(ROOT, "dist/vendor", RUNTIME_FILE.file))).toBe(true);
    for (const { file } of Object.values(GRAMMAR_FILES))
      expect(existsSync(path.join(ROOT, "dist/vendor/grammars", file)), file).toBe(true);
    const script = `
      const { readCodeSymbols } = await import(${JSON.stringify(path.join(ROOT, "dist/adapters/anchors/code-symbols.js"))});
      const samples = ${JSON.stringify(Object.values(SAMPLES))};
      const out = [];
      for (const [file, text] of samples) out.push((await readCodeSymbols(file, text)).map((s) => s.name).join());
      console.log(JSON.stringify(out));`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual(["f", "F", "f", "f", "F", "A,A.f", "f"]);
  });

  it("say which file is missing or does not load, with a stable code", () => {
    // a copy of the build with one grammar gone and one damaged, where no node_modules is found
    const copy = tempDir("adrift-grammars-");
    cpSync(path.join(ROOT, "dist"), path.join(copy, "dist"), { recursive: true });
    rmSync(path.join(copy, "dist/vendor/grammars/tree-sitter-go.wasm"));
    writeFileSync(path.join(copy, "dist/vendor/grammars/tree-sitter-java.wasm"), "not wasm");
    const script = `
      const { readCodeSymbols } = await import(${JSON.stringify(path.join(copy, "dist/adapters/anchors/code-symbols.js"))});
      const out = {};
      for (const file of ["a.go", "A.java", "a.py"])
        out[file] = await readCodeSymbols(file, "").then(() => "read", (e) => e.code + ": " + e.message);
      console.log(JSON.stringify(out));`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
      cwd: copy,
    });
    expect(run.stderr).toBe("");
    const out = JSON.parse(run.stdout);
    expect(out["a.go"]).toMatch(/^io_failed: tree-sitter-go\.wasm .* is missing/);
    expect(out["A.java"]).toMatch(/^io_failed: the java grammar .* does not load/);
    expect(out["a.py"]).toBe("read");
  });
});
