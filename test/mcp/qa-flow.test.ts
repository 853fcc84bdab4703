// The QA flow end to end through the official MCP client alone, with two QA specialties; the
// person's part is the CLI a person runs (confirming a card, answering a question).
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { USER_DECISIONS_HEADING } from "../../src/core/render/user-decisions.js";
import { connectMcp, errorCode, logEvents } from "../support/mcp.js";
import { makeRepo } from "../support/repo.js";

type Created = { id: string; key?: string };
type Decisions = { user_decisions: { decisions: { id: string; decided_by: string }[] } };
type Verdict = Decisions & {
  from: string;
  to: string;
  cycles: number;
  cycle_counted: boolean;
  question_id?: string;
  round: { pending: string[]; consolidated?: string };
};
const textOf = (result: CallToolResult) =>
  result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");

describe("adrift mcp: a person decides, decisions reach the worker, two QA voices", () => {
  it("card proposed → confirmed → story and task → kickoff with the decision → approved + needs_user_decision parks → answered → approved → done", async () => {
    const repo = makeRepo({ name: "Ana Souza", email: "ana@example.com" });
    repo.write(
      ".decisions/config.json",
      JSON.stringify({ qa_specialties: ["api", "security"], correction_cycle_limit: 2 }),
    );
    const mcp = await connectMcp(repo.dir, { name: "claude-code" });

    // The agent records why; the person confirms it with one short command.
    const card = await mcp.ok<Created & { consent?: string }>("record_intent_card", {
      card: {
        outcome: "Coupons are looked up by a public code",
        trigger: "support reads coupon codes over the phone",
        chosen_approach: "GET /coupons/:code",
        selection_rationale: "no login needed at the counter",
      },
      considered: [{ approach: "lookup by id", rejected_because: "ids are not speakable" }],
    });
    repo.adriftJson(["intent", "confirm", card.id.slice(0, 12)]);

    // The agent builds the backlog the card asks for.
    await mcp.ok("record_business_rule", { key: "RN-1", title: "Coupons", text: "one use" });
    await mcp.ok("create_epic", { key: "EP-1", title: "Coupons" });
    const story = await mcp.ok<Created & { status: string }>("create_story", {
      epic_id: "EP-1",
      key: "ST-1",
      title: "Coupon by code",
      functional_requirements: ["GET /coupons/:code returns the coupon"],
      definition_of_done: ["tests green"],
      definition_of_ready: ["code format: not confirmed by the user"],
      business_rule_ids: ["RN-1"],
      decision_ids: [card.id],
    });
    expect(story.status).toBe("ready");
    const task = await mcp.ok<Created>("create_task", {
      story_id: "ST-1",
      key: "TK-1",
      title: "Endpoint GET /coupons/:code",
    });

    // Kickoff: the user's decision arrives with the move, unasked.
    const start = await mcp.call("transition_task", { task_id: "TK-1", to: "in_progress" });
    expect((start.structuredContent as Decisions).user_decisions.decisions).toMatchObject([
      { id: card.id, decided_by: "ana@example.com" },
    ]);
    expect(textOf(start)).toContain(USER_DECISIONS_HEADING);
    expect(textOf(start)).toContain("Coupons are looked up by a public code");
    const review = await mcp.call("transition_task", { task_id: "TK-1", to: "in_review" });
    expect(textOf(review)).toContain(USER_DECISIONS_HEADING);

    // QA api approves: the round waits for security, the task stays in review.
    const api = await mcp.call("record_verdict", {
      task_id: "TK-1",
      verdict: "approved",
      specialty: "api",
    });
    expect(api.structuredContent).toMatchObject({
      to: "in_review",
      round: { pending: ["security"] },
    });
    expect(textOf(api)).toContain("the round waits for security");
    expect(textOf(api)).toContain(USER_DECISIONS_HEADING);
    const listed = await mcp.call("list_backlog", { kind: "tasks" });
    expect(textOf(listed)).toContain("in_review");
    expect(textOf(listed)).toContain("QA to judge: security");

    // QA security may not spend a cycle on what the user has not confirmed.
    const refused = await mcp.call("record_verdict", {
      task_id: "TK-1",
      verdict: "changes_requested",
      specialty: "security",
      notes: "codes must not be guessable",
    });
    expect(errorCode(refused)).toBe("not_confirmed");
    const parked = await mcp.ok<Verdict>("record_verdict", {
      task_id: "TK-1",
      verdict: "needs_user_decision",
      specialty: "security",
      question: "May coupon codes be sequential?",
      suggestion: "no: 8 random characters",
    });
    expect(parked).toMatchObject({
      from: "in_review",
      to: "parked",
      cycles: 0,
      cycle_counted: false,
      round: { pending: [], consolidated: "needs_user_decision" },
    });

    // The person answers; the task returns to review and the QA slice carries the answer.
    const answered = repo.adriftJson<{ decision_id: string; resumed_tasks: string[] }>([
      "question",
      "answer",
      parked.question_id!,
      "--accept-suggestion",
    ]);
    expect(answered.resumed_tasks).toEqual([task.id]);
    // Before judging again, QA's slice of the task carries the answer.
    const context = await mcp.call("get_context", { task_id: "TK-1" });
    expect(textOf(context)).toContain("no: 8 random characters");
    const security = await mcp.call("record_verdict", {
      task_id: "TK-1",
      verdict: "approved",
      specialty: "security",
    });
    const slice = security.structuredContent as Verdict;
    expect(slice.user_decisions.decisions.map((d) => d.id)).toEqual([
      answered.decision_id,
      card.id,
    ]);
    expect(textOf(security)).toContain("no: 8 random characters");
    expect(slice).toMatchObject({ to: "in_review", round: { pending: ["api"] } });
    const done = await mcp.ok<Verdict>("record_verdict", {
      task_id: "TK-1",
      verdict: "approved",
      specialty: "api",
    });
    expect(done).toMatchObject({ from: "in_review", to: "done", cycles: 0 });

    const shown = repo.adriftJson<{
      task: { status: string; cycles: number; verdicts: { specialty: string; verdict: string }[] };
      qa: { consolidated: string };
    }>(["task", "show", "TK-1"]);
    expect(shown.task).toMatchObject({ status: "done", cycles: 0 });
    expect(shown.task.verdicts.map((v) => `${v.specialty}:${v.verdict}`)).toEqual([
      "api:approved",
      "security:needs_user_decision",
      "security:approved",
      "api:approved",
    ]);
    expect(shown.qa.consolidated).toBe("approved");
    // In log order (the person's answer is in their own session's file).
    const events = logEvents(repo.dir).sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(events.filter((e) => e.type === "task_transitioned").map((e) => e.data.to)).toEqual([
      "in_progress",
      "in_review",
      "parked",
      "in_review",
      "done",
    ]);
    // The person's word is the person's: the confirmation and the answer.
    for (const type of ["intent_confirmed", "open_question_answered"])
      expect(events.find((e) => e.type === type)?.actor.kind).toBe("human");
  });
});
