// The symbols of Go files: names (methods as Type.Method), kinds, lines, and fingerprints that
// hold under gofmt-style edits and comments and change with any token.
import { describe, expect, it } from "vitest";
import { GO_SOURCE as SOURCE } from "../support/code-samples.js";
import { changedSymbols, fingerprints, outline } from "../support/code-symbols.js";

describe("Go symbols", () => {
  it("names functions, methods as Type.Method, types with their fields, vars and consts", async () => {
    expect(await outline("shop/cart.go", SOURCE)).toEqual([
      "Pi constant 8-8",
      "Small constant 11-11",
      "Large constant 12-12",
      "count variable 15-15",
      "total variable 15-15",
      // a composite literal's keys are the variable's members
      "Defaults variable 17-17",
      "Defaults.Owner property 17-17",
      "Defaults.Note property 17-17",
      "Cart struct 19-22",
      "Cart.Items field 20-20",
      "Cart.Owner field 21-21",
      "Cart.Note field 21-21",
      "Pricer interface 24-26",
      "Pricer.Price method 25-25",
      "ID type 28-28",
      // methods join their type, wherever they are declared
      "Cart.Add method 30-32",
      "New function 34-36",
      // the receiver's type is declared in another file: a scope of that name
      "Box.Get method 38-38",
      "Cart.String method 40-42",
    ]);
  });

  it("keeps fingerprints under comments and layout; changes them with tokens", async () => {
    const reformatted = SOURCE.replace(
      "\tc.Items = append(c.Items, it)",
      "\t// keep order\n\tc.Items = append(\n\t\tc.Items,\n\t\tit,\n\t)",
    )
      .replace("Owner, Note string", "Owner, Note   string // who")
      .replace(
        "func (b Box[T]) Get() T { return b.v }",
        "func (b Box[T]) Get() T {\n\treturn b.v\n}",
      );
    // a trailing comma added in a call is a token: reformatting without one keeps the digest
    expect(await changedSymbols("cart.go", SOURCE, reformatted)).toEqual(["Cart.Add"]);
    const layout = SOURCE.replace(
      "\tc.Items = append(c.Items, it)",
      "\tc.Items = append(c.Items,\n\t\tit)",
    );
    expect(await changedSymbols("cart.go", SOURCE, layout)).toEqual([]);
    const edited = SOURCE.replace('"%d items"', '"%d item(s)"');
    expect(await changedSymbols("cart.go", SOURCE, edited)).toEqual(["Cart.String"]);
    const key = SOURCE.replace('Owner: "shop"', 'Owner: "store"');
    expect(await changedSymbols("cart.go", SOURCE, key)).toEqual(["Defaults", "Defaults.Owner"]);
    const field = SOURCE.replace("Items []Item", "Items []*Item");
    expect(await changedSymbols("cart.go", SOURCE, field)).toEqual(["Cart", "Cart.Items"]);
  });

  it("gives a function the same fingerprint at another place and in another file", async () => {
    const fn = "func New() *Cart {\n\treturn &Cart{}\n}\n";
    const here = await fingerprints("a.go", `package a\n\n${fn}`);
    const there = await fingerprints("b/b.go", `package b\n\nvar x = 1\n\n${fn}`);
    expect(there.New).toBe(here.New);
  });
});
