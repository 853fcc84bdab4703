import { describe, expect, it } from "vitest";
import { cardEditText, editedCardChanges } from "../../../src/core/review/card-text.js";

const card = {
  outcome: "Login checks the cache first",
  trigger: "IdP outage",
  chosen_approach: "cache 24h",
  selection_rationale: "no new infra\nmeasured: 3x cheaper",
  constraints: "",
  validation_plan: "kill the IdP in staging",
};

describe("the card as text to edit", () => {
  it("unchanged text changes nothing; multi-line fields survive", () => {
    expect(editedCardChanges(cardEditText("01JC3", card), card)).toEqual({});
  });

  it("gives the fields changed, comment lines left out", () => {
    const text = cardEditText("01JC3", card)
      .replace("cache 24h", "cache 12h")
      .replace(
        "## constraints\n# constraints the approach must respect\n",
        "## constraints\n# a note\nno new service\n",
      );
    expect(editedCardChanges(text, card)).toEqual({
      chosen_approach: "cache 12h",
      constraints: "no new service",
    });
  });

  it("refuses a heading that names no card field", () => {
    expect(() => editedCardChanges("## outcom\nx\n", card)).toThrow(
      /expected a card field heading/,
    );
  });
});
