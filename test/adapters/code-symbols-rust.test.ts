// The symbols of Rust files: items, impl methods as Type.method, modules, and fingerprints that
// hold under comment and rustfmt-style edits and change with any token.
import { describe, expect, it } from "vitest";
import { RUST_SOURCE as SOURCE } from "../support/code-samples.js";
import { changedSymbols, fingerprints, outline } from "../support/code-symbols.js";

describe("Rust symbols", () => {
  it("names items, fields, variants, trait and impl methods, and modules", async () => {
    expect(await outline("src/geo.rs", SOURCE)).toEqual([
      // read with its attributes
      "Point struct 4-8",
      "Point.x field 6-6",
      "Point.y field 7-7",
      "Shape enum 10-13",
      "Shape.Circle variant 11-11",
      "Shape.Square variant 12-12",
      "Area trait 15-18",
      "Area.area method 16-16",
      "Area.unit method 17-17",
      // impl methods join their type
      "Point.new method 21-23",
      "Point.fmt method 27-29",
      // a type declared in another file: a scope of that name
      "Wrapper.area method 33-33",
      "MAX constant 36-36",
      // a struct expression's fields are members
      "ORIGIN constant 37-37",
      "ORIGIN.x property 37-37",
      "ORIGIN.y property 37-37",
      "NAME static 38-38",
      "Pair type 39-39",
      "geometry module 41-43",
      "geometry.origin function 42-42",
      "square macro 45-45",
      "main function 47-47",
    ]);
  });

  it("keeps fingerprints under comments and layout; changes them with tokens", async () => {
    const reformatted = SOURCE.replace("/// A point.\n", "/// A point\n/// on a plane.\n")
      .replace("fn unit() -> f64 { 1.0 }", "fn unit() -> f64 {\n        // one\n        1.0\n    }")
      .replace("    pub x: i32,\n", "    pub x:   i32, // across\n");
    expect(await changedSymbols("geo.rs", SOURCE, reformatted)).toEqual([]);
    const raw = SOURCE.replace('r#"the "name""#', 'r#"the "Name""#');
    expect(await changedSymbols("geo.rs", SOURCE, raw)).toEqual(["NAME"]);
    const field = SOURCE.replace("x: 0, y: MAX", "x: 1, y: MAX");
    expect(await changedSymbols("geo.rs", SOURCE, field)).toEqual(["ORIGIN", "ORIGIN.x"]);
    const derive = SOURCE.replace("#[derive(Debug, Clone)]", "#[derive(Debug)]");
    expect(await changedSymbols("geo.rs", SOURCE, derive)).toEqual(["Point"]);
    const macro = SOURCE.replace('"({}, {})"', '"[{}, {}]"');
    expect(await changedSymbols("geo.rs", SOURCE, macro)).toEqual(["Point.fmt"]);
  });

  it("gives a function the same fingerprint at another place and in another file", async () => {
    const fn = "pub fn new(x: i32) -> Self {\n    Point { x }\n}";
    const here = await fingerprints("a.rs", `impl Point {\n    ${fn}\n}\n`);
    const there = await fingerprints("b/c.rs", `use a::Point;\n\nimpl Point {\n${fn}\n}\n`);
    expect(there["Point.new"]).toBe(here["Point.new"]);
  });
});
