import { describe, expect, it } from "vitest";
import { makeRepo } from "../support/repo.js";

describe("adrift question list", () => {
  it("shows under each question what it suggests and what it affects", () => {
    const repo = makeRepo();
    const rule = repo.adriftJson<{ id: string }>([
      "rule",
      "add",
      "Amounts in cents",
      "--text",
      "integer cents",
    ]);
    const asked = repo.adriftJson<{ id: string }>([
      "question",
      "ask",
      "Round half up or half even?",
      "--suggest",
      "half even, as the bank does",
      "--affects",
      `rule:${rule.id}`,
    ]);
    repo.adriftJson(["question", "ask", "Which currency first?"]);
    const out = repo.adrift(["question", "list"]).stdout.split("\n");
    const at = out.findIndex((l) => l.includes(asked.id));
    expect(out[at]).toContain("Round half up or half even?");
    expect(out[at + 1]).toMatch(/^\s+suggests\s+half even, as the bank does$/);
    expect(out[at + 2]).toMatch(new RegExp(`^\\s+affects\\s+rule:${rule.id}$`));
    const other = out.findIndex((l) => l.includes("Which currency first?"));
    expect(out[other + 1]).toMatch(/^\s+affects\s+\(nothing named\)$/);
  });
});
