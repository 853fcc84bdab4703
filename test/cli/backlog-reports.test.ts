import { describe, expect, it } from "vitest";
import { makeRepo } from "../support/repo.js";

describe("reports over the backlog", () => {
  it("lists a PR's open questions, gates on them, and propagates a stale answer to its story", () => {
    const repo = makeRepo();
    const rule = repo.adriftJson<{ id: string }>([
      "rule",
      "add",
      "Prices in BRL",
      "--text",
      "all prices",
    ]).id;
    repo.adrift(["rule", "add", "Orphan rule", "--text", "no story covers it"]);
    const epic = repo.adriftJson<{ id: string }>(["epic", "add", "Billing"]).id;
    const story = repo.adriftJson<{ id: string }>([
      "story",
      "add",
      "Invoice in BRL",
      "--epic",
      epic,
      "--rule",
      rule,
    ]).id;
    repo.commit("backlog");
    repo.git("checkout", "-q", "-b", "feature");
    const question = repo.adriftJson<{ id: string }>([
      "question",
      "ask",
      "Round up or down?",
      "--suggest",
      "down",
      "--affects",
      `story:${story}`,
    ]).id;
    repo.commit("ask");

    const model = repo.adriftJson<{
      summary: { open_questions: number };
      questions: { id: string }[];
      rules_without_stories: { title: string }[];
    }>(["pr-comment", "--base", "main"]);
    expect(model.summary.open_questions).toBe(1);
    expect(model.questions.map((q) => q.id)).toEqual([question]);
    expect(model.rules_without_stories.map((r) => r.title)).toEqual(["Orphan rule"]);
    expect(repo.adrift(["pr-comment", "--base", "main", "--fail-on", "open-questions"]).code).toBe(
      1,
    );

    repo.adrift(["question", "answer", question, "--accept-suggestion"]);
    const block = repo.adriftJson<{ decisions: { id: string; decision: string }[] }>([
      "context",
      "--story",
      story,
    ]);
    expect(block.decisions.map((d) => d.decision)).toEqual(["down"]);

    repo.adrift(["decision", "mark-stale", block.decisions[0]!.id]);
    const report = repo.adriftJson<{
      propagation: { id: string; state: string; chain: { id: string }[] }[];
    }>(["report", "correspondence"]);
    expect(report.propagation).toEqual([
      expect.objectContaining({
        id: story,
        state: "suspect",
        chain: [
          expect.objectContaining({ id: block.decisions[0]!.id }),
          expect.objectContaining({ id: story }),
        ],
      }),
    ]);
  });
});
