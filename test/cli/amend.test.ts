import { describe, expect, it } from "vitest";
import { makeRepo } from "../support/repo.js";

type Shown = { record: { card: Record<string, string>; amendments: unknown[] } };

describe("amending a card", () => {
  it("changes only the fields given and keeps the others", () => {
    const repo = makeRepo();
    const { id } = repo.adriftJson<{ id: string }>([
      "intent",
      "record",
      "--outcome",
      "Invoices in BRL",
      "--trigger",
      "rounding complaints",
      "--chosen",
      "Decimal.js",
      "--trivial",
    ]);
    repo.adriftJson(["intent", "amend", id, "--rationale", "exact decimal arithmetic"]);
    const shown = repo.adriftJson<Shown>(["show", id]);
    expect(shown.record.card).toMatchObject({
      outcome: "Invoices in BRL",
      trigger: "rounding complaints",
      chosen_approach: "Decimal.js",
      selection_rationale: "exact decimal arithmetic",
    });
    expect(shown.record.amendments).toHaveLength(1);
  });
});
