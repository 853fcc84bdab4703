import { describe, expect, it } from "vitest";
import { makeRepo } from "../support/repo.js";

describe("adrift export", () => {
  it("names a story or task transition by key, title and from → to, and shows a decision's findings", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": "a\n" });
    const rule = repo.adriftJson<{ id: string }>(["rule", "add", "Cents", "--text", "integer"]);
    const epic = repo.adriftJson<{ id: string }>(["epic", "add", "Billing", "--key", "EP-1"]);
    repo.adriftJson([
      "story",
      "add",
      "Pay an invoice",
      "--key",
      "ST-1",
      "--epic",
      epic.id,
      "--rule",
      rule.id,
      "--rf",
      "pay in BRL",
      "--dod",
      "shows in the statement",
      "--dor",
      "rates agreed",
    ]);
    repo.adriftJson(["task", "add", "Parse amounts", "--key", "TK-1", "--story", "ST-1"]);
    repo.adriftJson(["task", "start", "TK-1"]);
    repo.adriftJson([
      "decision",
      "record",
      "--outcome",
      "Amounts as cents",
      "--trivial",
      "--path",
      "src/a.ts",
      "--finding",
      "floats lost a cent in 3 of 1,000 invoices",
    ]);
    const markdown = repo.adrift(["export"]).stdout;
    expect(markdown).toContain('task TK-1 "Parse amounts": todo → in_progress');
    expect(markdown).toMatch(/story ST-1 "Pay an invoice": \w+ → \w+/);
    expect(markdown).toContain("decision: Amounts as cents (1 finding)");
    expect(markdown).toContain("**Findings:**");
    expect(markdown).toContain("floats lost a cent in 3 of 1,000 invoices");
  });

  it("a plain export asks for the card of the active workline when it has no complete one", () => {
    const repo = makeRepo();
    const { id } = repo.adriftJson<{ id: string }>(["workline", "open", "Job locks"]);
    repo.adriftJson(["intent", "record", "--outcome", "half a card"]);
    const plain = repo.adrift(["export"]);
    expect(plain.code).toBe(0);
    expect(plain.stderr).toContain('workline "Job locks" has no complete intent card');
    expect(plain.stderr).toContain(`adrift intent record --workline ${id}`);
    const json = repo.adriftJson<{ checkpoint?: { workline_id: string } }>(["export"]);
    expect(json.checkpoint?.workline_id).toBe(id);
    // An explicit session is that session's export alone.
    const session = repo.adriftJson<{ id: string }>(["export"]).id;
    expect(repo.adrift(["export", "--session", session]).stderr).not.toContain("workline");
  });
});
