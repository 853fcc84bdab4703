import { describe, expect, it } from "vitest";
import { anchorLanguageOf, readSymbols } from "../../../src/adapters/anchors/read-symbols.js";

const byName = async (path: string, text: string) =>
  new Map((await readSymbols(path, text))!.map((s) => [s.name, s]));

describe("readSymbols", () => {
  it("names the key paths of JSON, YAML and TOML; the fingerprint is the value's, not its text's", async () => {
    const json = await byName("package.json", '{"engines":{"node":">=20"},"b":[1,{"c":2}]}');
    expect([...json.keys()]).toEqual(["engines", "engines.node", "b", "b.0", "b.1", "b.1.c"]);
    const yaml = await byName("ci.yml", "engines:\n  node: '>=20'\nb:\n  - 1\n  - c: 2\n");
    const toml = await byName("x.toml", 'b = [1, { c = 2 }]\n[engines]\nnode = ">=20"\n');
    for (const other of [yaml, toml]) {
      expect(other.get("engines.node")!.fingerprint).toBe(json.get("engines.node")!.fingerprint);
      expect(other.get("b")!.fingerprint).toBe(json.get("b")!.fingerprint);
    }
    const reordered = await byName("package.json", '{"b":[1,{"c":2}],"engines":{"node":">=20"}}');
    expect(reordered.get("engines")!.fingerprint).toBe(json.get("engines")!.fingerprint);
  });

  it("a data file that does not parse, or a kind adrift does not read, gives undefined", async () => {
    expect(await readSymbols("package.json", "{ not json")).toBeUndefined();
    expect(anchorLanguageOf("notes.txt")).toBeUndefined();
    expect(await readSymbols("notes.txt", "text")).toBeUndefined();
  });

  it("a code symbol's shape leaves out its own name: a rename keeps it, an edit does not", async () => {
    const before = await byName(
      "a.ts",
      "export function foo(a: number) {\n  return foo(a - 1);\n}\n",
    );
    const renamed = await byName(
      "a.ts",
      "export function bar(a: number) {\n  return bar(a - 1);\n}\n",
    );
    const edited = await byName(
      "a.ts",
      "export function bar(a: number) {\n  return bar(a - 2);\n}\n",
    );
    expect(renamed.get("bar")!.shape).toBe(before.get("foo")!.shape);
    expect(renamed.get("bar")!.fingerprint).not.toBe(before.get("foo")!.fingerprint);
    expect(edited.get("bar")!.shape).not.toBe(before.get("foo")!.shape);
  });
});
