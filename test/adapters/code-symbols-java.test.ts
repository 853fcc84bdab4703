// The symbols of Java files: classes and their members as Class.member, nested types, and
// fingerprints that hold under comment and layout edits and change with any token.
import { describe, expect, it } from "vitest";
import { JAVA_SOURCE as SOURCE } from "../support/code-samples.js";
import { changedSymbols, fingerprints, outline } from "../support/code-symbols.js";

describe("Java symbols", () => {
  it("names types, methods, constructors, fields, constants and nested types", async () => {
    expect(await outline("src/main/java/shop/Shop.java", SOURCE)).toEqual([
      // read with its annotations
      "Shop class 6-30",
      "Shop.MAX field 8-8",
      "Shop.MIN field 8-8",
      "Shop.Shop constructor 10-10",
      "Shop.name method 12-13",
      // overloads side by side: one symbol; apart: name#2
      "Shop.add method 15-16",
      "Shop.Inner class 18-18",
      "Shop.Inner.depth field 18-18",
      "Shop.Kind enum 20-20",
      "Shop.Kind.SMALL constant 20-20",
      "Shop.Kind.LARGE constant 20-20",
      "Shop.Kind.big method 20-20",
      "Shop.Pair record 22-25",
      "Shop.Pair.Pair constructor 23-23",
      "Shop.Pair.zero method 24-24",
      "Shop.Listener interface 27-27",
      "Shop.Listener.changed method 27-27",
      "Shop.Listener.DELAY field 27-27",
      "Shop.name#2 method 29-29",
      "Audit annotation 32-32",
      "Audit.value method 32-32",
    ]);
  });

  it("keeps fingerprints under comments and layout; changes them with tokens", async () => {
    const reformatted = SOURCE.replace(
      "void add(int count) { total += count; }",
      "void add(int count) {\n        // running total\n        total\n            += count;\n    }",
    ).replace("/** A shop. */", "/**\n * A shop that sells.\n */");
    expect(await changedSymbols("Shop.java", SOURCE, reformatted)).toEqual([]);
    const edited = SOURCE.replace("return this == LARGE;", "return this != SMALL;");
    expect(await changedSymbols("Shop.java", SOURCE, edited)).toEqual([
      "Shop",
      "Shop.Kind",
      "Shop.Kind.big",
    ]);
    const annotation = SOURCE.replace("@Override\n", "");
    expect(await changedSymbols("Shop.java", SOURCE, annotation)).toEqual(["Shop", "Shop.name"]);
  });

  it("gives a method the same fingerprint in another class and file", async () => {
    const method = "static int zero() { return 0; }";
    const here = await fingerprints("A.java", `class A {\n  ${method}\n}\n`);
    const there = await fingerprints(
      "b/B.java",
      `package b;\nclass B {\n  int x;\n\n      ${method}\n}\n`,
    );
    expect(there["B.zero"]).toBe(here["A.zero"]);
  });
});
