import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { connectMcp, errorCode, logEvents } from "../support/mcp.js";
import { makeRepo } from "../support/repo.js";

type Created = { id: string; key?: string };
type Moved = { id: string; from: string; to: string };
const textOf = (result: CallToolResult) =>
  result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");

describe("adrift mcp: an agent alone reaches a verdict", () => {
  it("rule → epic → story → task → start → review → needs_user_decision → the human answers in the CLI → back in review", async () => {
    const repo = makeRepo();
    const mcp = await connectMcp(repo.dir, { name: "claude-code" });
    const rule = await mcp.ok<Created>("record_business_rule", {
      key: "RN-7",
      title: "Refunds within 7 days",
      text: "A paid order may be refunded within 7 days of payment.",
    });
    const epic = await mcp.ok<Created>("create_epic", { title: "Refunds", key: "EP-2" });
    const story = await mcp.ok<Created & { status: string }>("create_story", {
      epic_id: epic.id,
      key: "ST-3",
      title: "Refund a PIX payment",
      functional_requirements: ["refund a PIX payment to the payer's key"],
      definition_of_done: ["the payer sees the refund"],
      definition_of_ready: ["bank API chosen"],
      business_rule_ids: ["RN-7"],
    });
    expect(story.status).toBe("ready");
    const task = await mcp.ok<Created>("create_task", {
      story_id: "ST-3",
      title: "Call refund API",
      key: "TK-9",
    });

    // Review is not reachable before the work starts: the domain's own transition check.
    const early = await mcp.call("transition_task", { task_id: "TK-9", to: "in_review" });
    expect(errorCode(early)).toBe("invalid_transition");
    expect(
      (early.structuredContent as { error: { details: { allowed: string[] } } }).error.details
        .allowed,
    ).toEqual(["in_progress"]);

    expect(
      await mcp.ok<Moved>("transition_task", { task_id: "TK-9", to: "in_progress" }),
    ).toMatchObject({ from: "todo", to: "in_progress" });
    expect(
      await mcp.ok<Moved>("transition_task", { task_id: task.id, to: "in_review" }),
    ).toMatchObject({ from: "in_progress", to: "in_review" });

    const backlog = await mcp.call("list_backlog", { kind: "tasks" });
    expect(textOf(backlog)).toMatch(
      new RegExp(`task  ${task.id}  TK-9  in_review  "Call refund API"`),
    );

    const verdict = await mcp.ok<{ to: string; question_id: string }>("record_verdict", {
      task_id: "TK-9",
      verdict: "needs_user_decision",
      question: "Does the 7-day window count from payment or from delivery?",
      suggestion: "from payment, as RN-7 says",
    });
    expect(verdict.to).toBe("parked");
    const waiting = await mcp.call("list_open_questions");
    expect(textOf(waiting)).toContain(verdict.question_id);
    expect(textOf(waiting)).toContain('suggestion: "from payment, as RN-7 says"');

    // A parked task waits for the person: the agent cannot move it on.
    const restart = await mcp.call("transition_task", { task_id: "TK-9", to: "in_progress" });
    expect(errorCode(restart)).toBe("invalid_transition");

    const answered = repo.adriftJson<{ resumed_tasks: string[] }>([
      "question",
      "answer",
      verdict.question_id.slice(0, 12),
      "--accept-suggestion",
    ]);
    expect(answered.resumed_tasks).toEqual([task.id]);

    const after = await mcp.call("list_backlog", { kind: "tasks" });
    expect(textOf(after)).toMatch(new RegExp(`task  ${task.id}  TK-9  in_review`));
    const answers = await mcp.call("list_open_questions", { status: "answered" });
    expect(textOf(answers)).toContain('answer: "from payment, as RN-7 says"');
    const rules = await mcp.call("list_backlog", { kind: "rules" });
    expect(textOf(rules)).toBe(`rule  ${rule.id}  RN-7  "Refunds within 7 days"  1 story(ies)`);
    // Every event the agent wrote is the agent's; the answer is the human's.
    const events = logEvents(repo.dir);
    const answer = events.find((e) => e.type === "open_question_answered")!;
    expect(answer.actor.kind).toBe("human");
    expect(events.filter((e) => e.type === "task_transitioned").map((e) => e.data.to)).toEqual([
      "in_progress",
      "in_review",
      "parked",
      "in_review",
    ]);
  });

  it("does not let an agent resume a task its correction cycles blocked", async () => {
    const repo = makeRepo();
    repo.write(".decisions/config.json", JSON.stringify({ correction_cycle_limit: 1 }));
    const mcp = await connectMcp(repo.dir);
    const epic = await mcp.ok<Created>("create_epic", { title: "E" });
    const story = await mcp.ok<Created>("create_story", { epic_id: epic.id, title: "S" });
    const task = await mcp.ok<Created>("create_task", { story_id: story.id, title: "T" });
    await mcp.ok("transition_task", { task_id: task.id, to: "in_progress" });
    // changes_requested sends the task back to in_progress; past the limit it is blocked.
    for (let cycle = 0; cycle < 2; cycle++) {
      await mcp.ok("transition_task", { task_id: task.id, to: "in_review" });
      await mcp.ok("record_verdict", { task_id: task.id, verdict: "changes_requested" });
    }
    const shown = repo.adriftJson<{ task: { status: string } }>(["task", "show", task.id]);
    expect(shown.task.status).toBe("blocked");
    const before = logEvents(repo.dir).length;
    const resume = await mcp.call("transition_task", { task_id: task.id, to: "in_progress" });
    expect(errorCode(resume)).toBe("only_human");
    expect(logEvents(repo.dir)).toHaveLength(before);
    // The person decides to go on.
    expect(repo.adriftJson<Moved>(["task", "start", task.id]).to).toBe("in_progress");
  });
});
