// The symbols of Go files: names (methods as Type.Method), kinds, lines, and fingerprints that
// hold under gofmt-style edits and comments and change with any token.
import { describe, expect, it } from "vitest";
import { changedSymbols, fingerprints, outline } from "../support/code-symbols.js";

const SOURCE = `package shop

import (
	"fmt"
)

// Pi is a constant.
const Pi = 3.14

const (
	Small = iota
	Large
)

var count, total int = 0, 0

type Cart struct {
	Items []Item
	Owner, Note string
}

type Pricer interface {
	Price() int
}

type ID = string

func (c *Cart) Add(it Item) {
	c.Items = append(c.Items, it)
}

func New() *Cart {
	return &Cart{}
}

func (b Box[T]) Get() T { return b.v }

func (c Cart) String() string {
	return fmt.Sprintf("%d items", len(c.Items))
}
`;

describe("Go symbols", () => {
  it("names functions, methods as Type.Method, types with their fields, vars and consts", async () => {
    expect(await outline("shop/cart.go", SOURCE)).toEqual([
      "Pi constant 8-8",
      "Small constant 11-11",
      "Large constant 12-12",
      "count variable 15-15",
      "total variable 15-15",
      "Cart struct 17-20",
      "Cart.Items field 18-18",
      "Cart.Owner field 19-19",
      "Cart.Note field 19-19",
      "Pricer interface 22-24",
      "Pricer.Price method 23-23",
      "ID type 26-26",
      // methods join their type, wherever they are declared
      "Cart.Add method 28-30",
      "New function 32-34",
      // the receiver's type is declared in another file: a scope of that name
      "Box.Get method 36-36",
      "Cart.String method 38-40",
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
