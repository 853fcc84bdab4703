import { describe, expect, it } from "vitest";
import { readinessWarnings } from "../../src/app/adr/readiness.js";
import { emptyState } from "../../src/core/project/state.js";

describe("adr accept readiness", () => {
  it("warns with the count of open questions and how to answer them, once questions are folded", () => {
    const state = emptyState();
    expect(readinessWarnings(state)).toEqual([]);
    const withQuestions = Object.assign(state, {
      questions: new Map([
        ["Q1", { status: "open" }],
        ["Q2", { status: "answered" }],
        ["Q3", { status: "open" }],
      ]),
    });
    const [warning] = readinessWarnings(withQuestions);
    expect(warning).toMatchObject({ code: "open_questions", count: 2 });
    expect(warning!.message).toContain("adrift question answer");
  });
});
