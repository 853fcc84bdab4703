import { describe, expect, it } from "vitest";
import type { AdriftError } from "../../../src/core/errors.js";
import type { Actor } from "../../../src/core/events/common.js";
import { foldEvents } from "../../../src/core/project/fold.js";
import {
  assertCanAnswer,
  openQuestionsForStory,
  openQuestionsWarning,
  questionsAffectingPaths,
} from "../../../src/core/rules/questions.js";
import { eventFactory } from "../../support/events.js";

function setup() {
  const f = eventFactory({ name: "Ana", email: "Ana@Example.com" });
  const rule = f.make("business_rule_recorded", { title: "r", text: "t" });
  const other = f.make("business_rule_recorded", { title: "r2", text: "t" });
  const epic = f.make("epic_created", { title: "e" });
  const story = f.make("story_created", {
    epic_id: epic.id,
    title: "s",
    business_rule_ids: [rule.id],
  });
  const task = f.make("task_created", { story_id: story.id, title: "t" });
  const q = (affects: { rules?: string[]; stories?: string[]; tasks?: string[] }) =>
    f.make("open_question_declared", {
      question: "?",
      affects: { rules: [], stories: [], tasks: [], ...affects },
      author: { name: "qa" },
    });
  const questions = {
    story: q({ stories: [story.id] }),
    rule: q({ rules: [rule.id] }),
    task: q({ tasks: [task.id] }),
    global: q({}),
    unrelated: q({ rules: [other.id] }),
  };
  const answered = q({ stories: [story.id] });
  const answer = f.make("open_question_answered", {
    question_id: answered.id,
    answer: "yes",
    accepted_suggestion: false,
    decision_id: answered.id,
    answered_by: { name: "Ana", email: "ana@example.com" },
  });
  const events = [
    f.started,
    rule,
    other,
    epic,
    story,
    task,
    ...Object.values(questions),
    answered,
    answer,
  ];
  return { state: foldEvents(events), questions, answered, story, f };
}

const human = (email: string): Actor => ({ kind: "human", name: "x", email });

describe("who may answer (seed 0214 §3)", () => {
  const cases: [string, Actor, string, boolean?][] = [
    ["the session author", human("ana@example.com"), "ok"],
    ["the author, other letter case", human("  ANA@example.COM "), "ok"],
    ["another person", human("bob@example.com"), "only_session_author"],
    [
      "an agent in the author's shell",
      { kind: "agent", name: "claude-code", email: "ana@example.com" },
      "only_human",
    ],
    ["nobody known", { kind: "human", name: "x" }, "only_session_author"],
    ["the author, already answered", human("ana@example.com"), "already_answered", true],
    ["another person, already answered", human("bob@example.com"), "already_answered", true],
  ];
  it.each(cases)("%s", (_name, by, expected, answered) => {
    const { state, questions, answered: done } = setup();
    const question = answered
      ? state.questions.get(done.id)!
      : state.questions.get(questions.story.id)!;
    let result = "ok";
    try {
      assertCanAnswer(state, question, by);
    } catch (error) {
      result = (error as AdriftError).code;
    }
    expect(result).toBe(expected);
  });

  it("refuses when the question's session is not in the log", () => {
    const { state, questions } = setup();
    state.sessions.clear();
    expect(() =>
      assertCanAnswer(state, state.questions.get(questions.story.id)!, human("ana@example.com")),
    ).toThrow(expect.objectContaining({ code: "only_session_author" }));
  });
});

describe("open questions that reach a story", () => {
  it("counts what names the story, its rules, its tasks, or nothing; not answered ones", () => {
    const { state, questions, story } = setup();
    const open = openQuestionsForStory(state, state.stories.get(story.id)!).map((q) => q.id);
    expect(open.sort()).toEqual(
      [questions.story.id, questions.rule.id, questions.task.id, questions.global.id].sort(),
    );
    expect(
      openQuestionsWarning(openQuestionsForStory(state, state.stories.get(story.id)!)),
    ).toMatch(/^4 questions still open — answer with adrift question answer/);
    expect(openQuestionsWarning([])).toBeUndefined();
  });
});

describe("questionsAffectingPaths", () => {
  const q = (id: string, affects: { paths?: string[]; decisions?: string[] }) => ({
    id,
    affects: { rules: [], stories: [], tasks: [], ...affects },
  });
  it("matches files, directories and globs, and questions naming a governing decision", () => {
    const questions = [
      q("file", { paths: ["src/a.ts"] }),
      q("dir", { paths: ["src/billing/"] }),
      q("glob", { paths: ["**/*.sql"] }),
      q("decision", { decisions: ["01JDEC"] }),
      q("old", {}),
    ];
    const hit = (paths: string[], ids: string[] = []) =>
      questionsAffectingPaths(questions, paths, new Set(ids)).map((x) => x.id);
    expect(hit(["src/a.ts"])).toEqual(["file"]);
    expect(hit(["src/billing/x/y.ts", "db/m.sql"])).toEqual(["dir", "glob"]);
    expect(hit(["src/b.ts"], ["01JDEC"])).toEqual(["decision"]);
    expect(hit([])).toEqual([]);
  });
});

describe("openQuestionsForStory with questions about code and decisions", () => {
  it("leaves out a question only about paths or another decision, keeps one about the story's decisions", () => {
    const f = eventFactory();
    const ask = (affects: object) =>
      f.make("open_question_declared", { question: "q?", affects, author: { name: "a" } });
    const onPath = ask({ rules: [], stories: [], tasks: [], paths: ["src/"] });
    const onDecision = ask({ rules: [], stories: [], tasks: [], decisions: ["01JDEC"] });
    const onNothing = ask({ rules: [], stories: [], tasks: [] });
    const state = foldEvents([onPath, onDecision, onNothing]);
    const story = { id: "01JS", business_rule_ids: [], task_ids: [] };
    const ids = (s: typeof story & { decision_ids?: string[] }) =>
      openQuestionsForStory(state, s).map((q) => q.id);
    expect(ids(story)).toEqual([onNothing.id]);
    expect(ids({ ...story, decision_ids: ["01JDEC"] })).toEqual([onDecision.id, onNothing.id]);
  });
});
