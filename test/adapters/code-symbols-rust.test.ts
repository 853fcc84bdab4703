// The symbols of Rust files: items, impl methods as Type.method, modules, and fingerprints that
// hold under comment and rustfmt-style edits and change with any token.
import { describe, expect, it } from "vitest";
import { changedSymbols, fingerprints, outline } from "../support/code-symbols.js";

const SOURCE = `use std::fmt;

/// A point.
#[derive(Debug, Clone)]
pub struct Point {
    pub x: i32,
    y: i32,
}

pub enum Shape {
    Circle(f64),
    Square { side: f64 },
}

pub trait Area {
    fn area(&self) -> f64;
    fn unit() -> f64 { 1.0 }
}

impl Point {
    pub fn new(x: i32, y: i32) -> Self {
        Point { x, y }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

impl<T> Area for Wrapper<T> {
    fn area(&self) -> f64 { 0.0 }
}

pub const MAX: u32 = 10;
static NAME: &str = r#"the "name""#;
type Pair = (Point, Point);

mod geometry {
    pub fn origin() -> super::Point { super::Point::new(0, 0) }
}

macro_rules! square { ($x:expr) => { $x * $x }; }

fn main() {}
`;

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
      "NAME static 37-37",
      "Pair type 38-38",
      "geometry module 40-42",
      "geometry.origin function 41-41",
      "square macro 44-44",
      "main function 46-46",
    ]);
  });

  it("keeps fingerprints under comments and layout; changes them with tokens", async () => {
    const reformatted = SOURCE.replace("/// A point.\n", "/// A point\n/// on a plane.\n")
      .replace("fn unit() -> f64 { 1.0 }", "fn unit() -> f64 {\n        // one\n        1.0\n    }")
      .replace("    pub x: i32,\n", "    pub x:   i32, // across\n");
    expect(await changedSymbols("geo.rs", SOURCE, reformatted)).toEqual([]);
    const raw = SOURCE.replace('r#"the "name""#', 'r#"the "Name""#');
    expect(await changedSymbols("geo.rs", SOURCE, raw)).toEqual(["NAME"]);
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
