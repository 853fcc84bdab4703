import { describe, expect, it } from "vitest";
import { foldEvents } from "../../../src/core/project/fold.js";
import { foldAndCheck } from "../../../src/core/project/fold-check.js";
import { findUnresolvedReferences } from "../../../src/core/rules/references.js";
import { eventFactory, testId } from "../../support/events.js";

function backlog() {
  const f = eventFactory();
  const rule = f.make("business_rule_recorded", { key: "RN-1", title: "Refunds", text: "7 days" });
  const epic = f.make("epic_created", { key: "EP-1", title: "Refunds" });
  const story = f.make("story_created", {
    key: "ST-1",
    epic_id: epic.id,
    title: "By code",
    business_rule_ids: [rule.id],
  });
  const task = f.make("task_created", { key: "TK-1", story_id: story.id, title: "Endpoint" });
  return { f, rule, epic, story, task, events: [f.started, rule, epic, story, task] };
}

describe("foldAndCheck", () => {
  it("folds as foldEvents does and finds nothing in a log one clone wrote", () => {
    const { f, story, task, events } = backlog();
    const log = [
      ...events,
      f.make("story_transitioned", { story_id: story.id, from: "draft", to: "ready" }),
      f.make("task_transitioned", { task_id: task.id, from: "todo", to: "in_progress" }),
    ];
    const { state, findings } = foldAndCheck(log);
    expect(findings).toEqual([]);
    expect(state).toEqual(foldEvents(log));
    expect(findUnresolvedReferences(log, state)).toEqual([]);
  });

  it("names the later artifact that claimed a key the earlier one holds", () => {
    const { f, rule, events } = backlog();
    const clash = f.make("business_rule_recorded", { key: "RN-1", title: "Other", text: "x" });
    const story = f.make("story_created", { key: "RN-1", epic_id: events[2]!.id, title: "s" });
    const { state, findings } = foldAndCheck([...events, clash, story]);
    expect(findings.map((x) => [x.code, x.event_id])).toEqual([
      ["duplicate_key", clash.id],
      ["duplicate_key", story.id],
    ]);
    expect(findings[0]!.message).toContain(`key RN-1 was already given to ${rule.id}`);
    expect(state.keys.get("RN-1")).toBe(rule.id);
  });

  it("flags a transition whose from is not the state before it, and only that one", () => {
    const { f, story, task, events } = backlog();
    const moves = [
      f.make("story_transitioned", { story_id: story.id, from: "draft", to: "ready" }),
      // a second clone made the same move from the state it had seen
      f.make("story_transitioned", { story_id: story.id, from: "draft", to: "ready" }),
      f.make("task_transitioned", { task_id: task.id, from: "todo", to: "in_progress" }),
      f.make("task_transitioned", { task_id: task.id, from: "todo", to: "done" }),
      f.make("task_transitioned", { task_id: task.id, from: "in_progress", to: "in_review" }),
    ];
    const { state, findings } = foldAndCheck([...events, ...moves]);
    expect(findings.map((x) => [x.code, x.event_id])).toEqual([
      ["transition_mismatch", moves[1]!.id],
      ["transition_mismatch", moves[3]!.id],
    ]);
    expect(findings[1]!.message).toBe(
      `task TK-1 (${task.id}) moved todo → done, but it was in_progress by then (another clone moved it first); the move was ignored`,
    );
    expect(state.tasks.get(task.id)!.status).toBe("in_review");
  });

  it("leaves a transition of an unknown item to unknown_reference", () => {
    const { f, events } = backlog();
    const lost = f.make("task_transitioned", { task_id: testId(999), from: "todo", to: "done" });
    const { state, findings } = foldAndCheck([...events, lost]);
    expect(findings).toEqual([]);
    expect(state.dangling.map((d) => d.event_id)).toEqual([lost.id]);
  });
});

describe("findUnresolvedReferences", () => {
  it("reports affects entries, record ids and single ids that name nothing, or the wrong kind", () => {
    const { f, rule, story, events } = backlog();
    const missing = testId(900);
    const question = f.make("open_question_declared", {
      question: "numeric?",
      affects: { rules: [rule.id], stories: [rule.id, story.id], tasks: [missing] },
      author: { name: "Ana" },
    });
    const decision = f.make("decision_recorded", {
      card: { outcome: "o" },
      basis: { revision: "HEAD", touched_paths: [] },
      question_id: missing,
      affects: { rules: [], stories: [story.id], tasks: [] },
    });
    const drafted = f.make("adr_drafted", {
      draft_path: "docs/adr/drafts/x.md",
      record_ids: [decision.id, question.id],
      cluster_key: "tag:x",
    });
    const log = [...events, question, decision, drafted];
    const found = findUnresolvedReferences(log, foldEvents(log));
    expect(found.map((x) => [x.code, x.event_id, x.field, x.ref])).toEqual([
      ["unknown_list_reference", question.id, "data.affects.stories", rule.id],
      ["unknown_list_reference", question.id, "data.affects.tasks", missing],
      ["unknown_reference", decision.id, "data.question_id", missing],
      ["unknown_list_reference", drafted.id, "data.record_ids", question.id],
    ]);
    expect(found[0]!.message).toBe(
      `data.affects.stories names ${rule.id}, which is a business rule, not a story`,
    );
    expect(found[1]!.message).toBe(
      `data.affects.tasks names ${missing}, which no event in the log created`,
    );
  });
});
