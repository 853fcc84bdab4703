// The symbols of TypeScript, TSX and JavaScript files: names, kinds, lines, and fingerprints that
// hold under comment and whitespace edits and change with any token.
import { describe, expect, it } from "vitest";
import { codeLanguageOf, readCodeSymbols } from "../../src/adapters/anchors/code-symbols.js";
import { TYPESCRIPT_SOURCE as SOURCE } from "../support/code-samples.js";
import { changedSymbols, fingerprints, outline, symbolsOf } from "../support/code-symbols.js";

describe("TypeScript symbols", () => {
  it("names functions, classes and members, interfaces, types, enums and top-level declarations", async () => {
    expect(await outline("src/store.ts", SOURCE)).toEqual([
      "add function 4-6",
      "handler function 8-8",
      "config variable 9-9",
      "config.port property 9-9",
      "config.db-host property 9-9",
      "config.nested property 9-9",
      "config.nested.deep property 9-9",
      "config.run method 9-9",
      "Options interface 11-15",
      "Options.name property 12-12",
      "Options.limits property 13-13",
      "Options.limits.max property 13-13",
      "Options.go method 14-14",
      "Pair type 17-17",
      "Pair.left property 17-17",
      "Pair.right property 17-17",
      "Id type 18-18",
      "Color enum 19-19",
      "Color.Red member 19-19",
      "Color.Green member 19-19",
      "Store class 21-32",
      "Store.items field 22-22",
      "Store.count field 23-23",
      "Store.constructor method 24-26",
      // a getter and its setter, overload signatures and their implementation: one symbol each
      "Store.size method 27-28",
      "Store.put method 29-31",
      "Tools namespace 34-36",
      "Tools.inner function 35-35",
      "ambient function 37-37",
      "over function 38-40",
      "first variable 41-41",
      "second variable 41-41",
      // a name declared again later in the same scope
      "twice function 42-42",
      "between variable 43-43",
      "twice#2 function 44-44",
    ]);
  });

  it("reads the export with its declaration and a default export without a name as default", async () => {
    const symbols = await symbolsOf("a.ts", "export default function () {}\n");
    expect(symbols.map((s) => `${s.name} ${s.kind}`)).toEqual(["default function"]);
    const [exported] = await symbolsOf("a.ts", "export function f() {}\n");
    const [plain] = await symbolsOf("a.ts", "function f() {}\n");
    expect(exported!.fingerprint).not.toBe(plain!.fingerprint);
  });

  it("keeps every fingerprint under comment, whitespace and layout edits", async () => {
    const reformatted = SOURCE.replace("return a + b;", "return a   +\n    b; // sum")
      .replace("/** Adds. */", "/**\n * Adds two numbers.\n */")
      .replace("{ port: 8080,", "{\n  port: 8080, /* the default */\n ")
      .replace("  go(): void;", "  // called once\n  go()   : void;")
      .replaceAll("\n\n", "\n\n\n");
    expect(await changedSymbols("src/store.ts", SOURCE, reformatted)).toEqual([]);
  });

  it("changes the fingerprint of a symbol whose tokens change, and of what holds it only", async () => {
    const edited = SOURCE.replace("return a + b;", "return a - b;");
    expect(await changedSymbols("src/store.ts", SOURCE, edited)).toEqual(["add"]);
    const member = SOURCE.replace('"db-host": "db"', '"db-host": "db2"');
    expect(await changedSymbols("src/store.ts", SOURCE, member)).toEqual([
      "config",
      "config.db-host",
    ]);
    const method = SOURCE.replace(
      "get size() { return this.items.length; }",
      "get size() { return 0; }",
    );
    expect(await changedSymbols("src/store.ts", SOURCE, method)).toEqual(["Store", "Store.size"]);
    // an import path is no symbol's token
    const moved = SOURCE.replace('"node:fs/promises"', '"node:fs"');
    expect(await changedSymbols("src/store.ts", SOURCE, moved)).toEqual([]);
    // a string's inside is a token too
    const text = SOURCE.replace('readFile("x")', 'readFile("x ")');
    expect(await changedSymbols("src/store.ts", SOURCE, text)).toEqual(["handler"]);
  });

  it("gives a function the same fingerprint at another place and in another file", async () => {
    const fn = "export function add(a: number, b: number): number {\n  return a + b;\n}\n";
    const here = await fingerprints("src/a.ts", `${fn}\nconst x = 1;\n`);
    const there = await fingerprints("lib/b.ts", `import y from "y";\n\nconst x = 2;\n\n\n  ${fn}`);
    expect(there.add).toBe(here.add);
  });

  it("tells a rename by the fingerprint without the symbol's own name", async () => {
    const before = "function walk(n: number): number {\n  return n ? walk(n - 1) : 0;\n}\n";
    const after = before.replaceAll("walk", "visit");
    const [a] = await symbolsOf("a.ts", before);
    const [b] = await symbolsOf("a.ts", after);
    expect(b!.name).toBe("visit");
    expect(b!.fingerprint).not.toBe(a!.fingerprint);
    expect(b!.unnamedFingerprint).toBe(a!.unnamedFingerprint);
    const [c] = await symbolsOf("a.ts", after.replace("n - 1", "n - 2"));
    expect(c!.unnamedFingerprint).not.toBe(a!.unnamedFingerprint);
  });

  it("reads TSX and JavaScript (ESM, CommonJS, JSX) with the same names", async () => {
    const tsx =
      'export function App(): JSX.Element {\n  return <div className="a">{title}</div>;\n}\n';
    expect(await outline("src/App.tsx", tsx)).toEqual(["App function 1-3"]);
    const changed = await changedSymbols("src/App.tsx", tsx, tsx.replace('"a"', '"b"'));
    expect(changed).toEqual(["App"]);
    const js =
      "class A {\n  #secret = 1;\n  run() {}\n}\nconst f = function () {};\nexport { A };\n";
    for (const path of ["a.js", "a.mjs", "a.cjs", "a.jsx"])
      expect(await outline(path, js), path).toEqual([
        "A class 1-4",
        "A.#secret field 2-2",
        "A.run method 3-3",
        "f function 5-5",
      ]);
  });

  it("names CommonJS exports; module.exports is the module's default", async () => {
    const cjs = [
      "const helper = 1;",
      "exports.parse = function parse(text) { return text; };",
      "module.exports.format = (value) => String(value);",
      "module.exports = { parse: exports.parse, retries: 3 };",
      "module.exports.x.y = 1;",
      "",
    ].join("\n");
    expect(await outline("lib/index.cjs", cjs)).toEqual([
      "helper variable 1-1",
      "parse function 2-2",
      "format function 3-3",
      "default variable 4-4",
      "default.parse property 4-4",
      "default.retries property 4-4",
    ]);
  });

  it("names the language of each file and reads none it does not know", async () => {
    expect(
      ["a.ts", "a.d.ts", "a.mts", "a.cts", "a.tsx", "a.js", "a.jsx", "a.mjs", "a.cjs", "A.TS"].map(
        codeLanguageOf,
      ),
    ).toEqual([
      "typescript",
      "typescript",
      "typescript",
      "typescript",
      "tsx",
      "javascript",
      "javascript",
      "javascript",
      "javascript",
      "typescript",
    ]);
    for (const path of ["README.md", "package.json", "Makefile", ".ts", "src/ts"])
      expect(codeLanguageOf(path), path).toBeUndefined();
    expect(await readCodeSymbols("notes.md", "# x\n")).toBeUndefined();
  });

  it("reads a file that does not parse cleanly as far as it can", async () => {
    const broken = "export function ok() { return 1; }\nfunction bad( {\n";
    expect((await symbolsOf("a.ts", broken)).map((s) => s.name)).toContain("ok");
    expect(await symbolsOf("a.ts", "")).toEqual([]);
  });
});
