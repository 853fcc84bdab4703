import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Verdict } from "../../../src/core/project/backlog-types.js";
import { foldEvents } from "../../../src/core/project/fold.js";
import { resolveRef } from "../../../src/core/project/lookup.js";
import { orderLines } from "../../../src/core/project/order.js";
import { computeCoverage, inheritedRules } from "../../../src/core/rules/coverage.js";
import { eventFactory } from "../../support/events.js";
import { propertyOptions } from "../../support/property.js";

function log() {
  const f = eventFactory();
  const rule = f.make("business_rule_recorded", {
    key: "RN-858",
    title: "Refunds",
    text: "7 days",
  });
  const lonely = f.make("business_rule_recorded", {
    key: "RN-859",
    title: "Lonely",
    text: "no story",
  });
  const clash = f.make("business_rule_recorded", {
    key: "RN-858",
    title: "Clash",
    text: "same key later",
  });
  const epic = f.make("epic_created", { key: "EP-1", title: "Refunds" });
  const story = f.make("story_created", {
    key: "ST-1",
    epic_id: epic.id,
    title: "By code",
    functional_requirements: ["GET"],
    definition_of_done: ["d"],
    definition_of_ready: ["r"],
    business_rule_ids: [rule.id],
  });
  const ready = f.make("story_transitioned", { story_id: story.id, from: "draft", to: "ready" });
  const task = f.make("task_created", { key: "TK-1", story_id: story.id, title: "Endpoint" });
  const moves = [
    f.make("task_transitioned", { task_id: task.id, from: "todo", to: "in_progress" }),
    f.make("task_transitioned", { task_id: task.id, from: "in_progress", to: "in_review" }),
  ];
  const question = f.make("open_question_declared", {
    question: "numeric?",
    affects: { rules: [], stories: [], tasks: [task.id] },
    author: { name: "qa" },
  });
  const verdict = f.make("verdict_recorded", {
    task_id: task.id,
    verdict: "needs_user_decision",
    question_id: question.id,
  });
  const park = f.make("task_transitioned", { task_id: task.id, from: "in_review", to: "parked" });
  const answer = (text: string) =>
    f.make("open_question_answered", {
      question_id: question.id,
      answer: text,
      accepted_suggestion: false,
      decision_id: question.id,
      answered_by: { name: "Ana", email: "ana@example.com" },
    });
  const first = answer("six digits");
  const resume = f.make("task_transitioned", { task_id: task.id, from: "parked", to: "in_review" });
  const second = answer("eight digits");
  const resumeAgain = f.make("task_transitioned", {
    task_id: task.id,
    from: "parked",
    to: "in_review",
  });
  const amend = f.make("story_amended", {
    story_id: story.id,
    changes: { definition_of_ready: ["confirmed"], bogus: 1 },
    question_id: question.id,
  });
  const events = [
    f.started,
    rule,
    lonely,
    clash,
    epic,
    story,
    ready,
    task,
    ...moves,
    question,
    verdict,
    park,
    first,
    resume,
    second,
    resumeAgain,
    amend,
  ];
  return { events, ids: { rule, lonely, clash, story, task, question, first, second } };
}

describe("folding the backlog", () => {
  it("projects rules, stories, tasks, verdicts, questions and keys", () => {
    const { events, ids } = log();
    const state = foldEvents(events);
    expect(resolveRef(state, "RN-858")).toBe(ids.rule.id);
    expect(resolveRef(state, "ST-1")).toBe(ids.story.id);
    expect(resolveRef(state, "TK-1")).toBe(ids.task.id);
    const story = state.stories.get(ids.story.id)!;
    expect(story.status).toBe("ready");
    expect(story.definition_of_ready).toEqual(["confirmed"]);
    expect(story).not.toHaveProperty("bogus");
    expect(story.amendments).toHaveLength(1);
    const task = state.tasks.get(ids.task.id)!;
    expect(task).toMatchObject({ status: "in_review", cycles: 0, waiting_for: undefined });
    expect(task.verdicts.map((v) => v.verdict)).toEqual(["needs_user_decision"]);
    expect(inheritedRules(state, ids.task.id)).toEqual([ids.rule.id]);
    const question = state.questions.get(ids.question.id)!;
    expect(question.status).toBe("answered");
    expect(question.answer?.answer).toBe("six digits");
    expect(question.ignored_answers).toEqual([ids.second.id]);
    expect(state.dangling).toEqual([]);
  });

  it("reports rules no story covers as findings; tasks inherit the coverage", () => {
    const { events, ids } = log();
    const report = computeCoverage(foldEvents(events));
    expect(report.findings.map((f) => f.rule_id).sort()).toEqual(
      [ids.lonely.id, ids.clash.id].sort(),
    );
    const covered = report.rules.find((r) => r.rule_id === ids.rule.id)!;
    expect(covered.stories.map((s) => s.id)).toEqual([ids.story.id]);
    expect(covered.tasks.map((t) => t.id)).toEqual([ids.task.id]);
    expect(report).toMatchObject({ covered: 1, total: 3 });
  });

  it("gives the same state whatever order the lines arrive in, duplicates included", () => {
    const { events } = log();
    const lines = events.map((event, i) => ({
      event,
      text: JSON.stringify(event),
      at: { file: "a", line: i + 1 },
    }));
    const expected = JSON.stringify(foldEvents(orderLines(lines).events), replacer);
    fc.assert(
      fc.property(
        fc.shuffledSubarray(lines, { minLength: lines.length }),
        fc.array(fc.nat(lines.length - 1), { maxLength: 5 }),
        (shuffled, dups) => {
          const withDups = [...shuffled, ...dups.map((i) => lines[i]!)];
          const state = foldEvents(orderLines(withDups).events);
          expect(JSON.stringify(state, replacer)).toBe(expected);
        },
      ),
      propertyOptions({ numRuns: 100 }),
    );
  });

  it("records references to artifacts missing from the log as dangling", () => {
    const f = eventFactory();
    const story = f.make("story_created", {
      epic_id: "01JNOEPIC",
      title: "s",
      business_rule_ids: ["01JNORULE"],
    });
    const orphan = f.make("task_transitioned", {
      task_id: "01JNOTASK",
      from: "todo",
      to: "in_progress",
    });
    const state = foldEvents([f.started, story, orphan]);
    expect(state.dangling.map((d) => d.ref)).toEqual(["01JNOEPIC", "01JNORULE", "01JNOTASK"]);
  });
});

function replacer(_key: string, value: unknown) {
  return value instanceof Map ? [...value.entries()] : value;
}

describe("the fold counts correction cycles per round", () => {
  function task() {
    const f = eventFactory();
    const epic = f.make("epic_created", { title: "E" });
    const story = f.make("story_created", { epic_id: epic.id, title: "S" });
    const created = f.make("task_created", { story_id: story.id, title: "T" });
    const move = (from: string, to: string) =>
      f.make("task_transitioned", { task_id: created.id, from, to });
    const verdict = (verdict: Verdict, specialty?: string) =>
      f.make("verdict_recorded", {
        task_id: created.id,
        verdict,
        ...(specialty ? { specialty } : {}),
      });
    return { f, events: [epic, story, created], id: created.id, move, verdict };
  }

  it("reads an older log (one verdict, one move per round) as before", () => {
    const t = task();
    const events = [
      ...t.events,
      t.move("todo", "in_progress"),
      t.move("in_progress", "in_review"),
      t.verdict("changes_requested"),
      t.move("in_review", "in_progress"),
      t.move("in_progress", "in_review"),
      t.verdict("changes_requested"),
      t.move("in_review", "blocked"),
    ];
    const view = foldEvents(events).tasks.get(t.id)!;
    expect(view).toMatchObject({ status: "blocked", cycles: 2 });
    expect(view.verdicts).toHaveLength(2);
    expect(view.round).toHaveLength(1);
  });

  it("spends one cycle for a round two voices sent back, and parks on every question asked", () => {
    const t = task();
    const q1 = t.f.make("open_question_declared", { question: "a?", author: { name: "qa" } });
    const q2 = t.f.make("open_question_declared", { question: "b?", author: { name: "qa" } });
    const events = [
      ...t.events,
      t.move("todo", "in_progress"),
      t.move("in_progress", "in_review"),
      t.verdict("changes_requested", "api"),
      t.verdict("changes_requested", "security"),
      t.move("in_review", "in_progress"),
      t.move("in_progress", "in_review"),
      q1,
      q2,
      t.f.make("verdict_recorded", {
        task_id: t.id,
        verdict: "needs_user_decision",
        specialty: "api",
        question_id: q1.id,
      }),
      t.f.make("verdict_recorded", {
        task_id: t.id,
        verdict: "needs_user_decision",
        specialty: "security",
        question_id: q2.id,
      }),
      t.move("in_review", "parked"),
    ];
    const view = foldEvents(events).tasks.get(t.id)!;
    expect(view).toMatchObject({
      status: "parked",
      cycles: 1,
      waiting_for: q1.id,
      parked_on: [q1.id, q2.id],
    });
    expect(view.round.map((v) => v.specialty)).toEqual(["api", "security"]);
  });
});
