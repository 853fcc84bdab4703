import { describe, expect, it } from "vitest";
import { openRepository } from "../../../src/app/repository.js";
import { makeRepo, testEnv } from "../../support/repo.js";

describe("adr accept readiness", () => {
  it("warns that questions are still open and how to answer them, and accepts anyway", async () => {
    const repo = makeRepo();
    const api = await openRepository(repo.dir, { env: testEnv() });
    const card = await api.recordIntent({
      outcome: "Refund codes",
      trigger: "t",
      chosen_approach: "Numeric codes",
      trivial: true,
      tags: ["refunds"],
    });
    await api.askQuestion({ question: "Is the refund code numeric?" });
    await api.askQuestion({ question: "How long is it valid?" });
    // one card shares nothing with another: it is drafted when asked for
    const [draft] = (await api.draftAdrs({ records: [card.id] })).drafts;
    const accepted = repo.adrift(["adr", "accept", draft!.path]);
    expect(accepted.code).toBe(0);
    expect(accepted.stderr).toContain("2 questions still open");
    expect(accepted.stderr).toContain("adrift question answer");
    expect(repo.read("docs/adr/0001-refund-codes.md")).toMatch(/^status: accepted$/m);
  });
});
