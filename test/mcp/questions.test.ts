import { describe, expect, it } from "vitest";
import { connectMcp, errorCode, logEvents, type McpClient } from "../support/mcp.js";
import { makeRepo, type TestRepo } from "../support/repo.js";

type Created = { id: string };
type Questions = {
  total: number;
  questions: { id: string; question: string; status: string; answer?: { answer: string } }[];
};

async function backlog(mcp: McpClient) {
  const rule = await mcp.ok<Created>("record_business_rule", { title: "R", text: "T" });
  const epic = await mcp.ok<Created>("create_epic", { title: "Checkout" });
  const story = await mcp.ok<Created>("create_story", {
    epic_id: epic.id,
    title: "Pay by PIX",
    functional_requirements: ["pay with a PIX code"],
    definition_of_done: ["paid"],
    definition_of_ready: ["bank chosen"],
    business_rule_ids: [rule.id],
  });
  const task = await mcp.ok<Created>("create_task", { story_id: story.id, title: "PIX code" });
  return { rule, epic, story, task };
}

function answer(repo: TestRepo, id: string, text: string, as?: string) {
  return repo.adrift([
    "question",
    "answer",
    id,
    "--answer",
    text,
    "--json",
    ...(as ? ["--as", as] : []),
  ]);
}

describe("adrift mcp: open questions", () => {
  it("declares a question only the session's human author answers, with the CLI", async () => {
    const repo = makeRepo();
    const mcp = await connectMcp(repo.dir, { name: "cursor" });
    const { tools } = await mcp.client.listTools();
    expect(tools.filter((t) => /answer/.test(t.name))).toEqual([]);
    const { story } = await backlog(mcp);
    const asked = await mcp.ok<Created>("declare_open_question", {
      question: "Does the PIX code expire after 30 minutes or 24 hours?",
      suggestion: "30 minutes, as the bank's default",
      affects: { stories: [story.id] },
    });
    const open = await mcp.ok<Questions>("list_open_questions");
    expect(open.total).toBe(1);
    expect(open.questions[0]).toMatchObject({ id: asked.id, status: "open" });

    const before = logEvents(repo.dir).length;
    const stranger = answer(repo, asked.id, "24 hours", "bob@example.com");
    expect(stranger.code).toBe(5);
    expect(JSON.parse(stranger.stderr).error.code).toBe("only_session_author");
    expect(logEvents(repo.dir)).toHaveLength(before);

    const answered = answer(repo, asked.id, "24 hours: customers pay the next morning");
    expect(answered.code).toBe(0);
    const after = await mcp.ok<Questions>("list_open_questions", { status: "answered" });
    expect(after.questions[0]?.answer?.answer).toBe("24 hours: customers pay the next morning");
    expect((await mcp.ok<Questions>("list_open_questions")).total).toBe(0);
    const human = logEvents(repo.dir).filter((e) => e.type === "open_question_answered");
    expect(human.map((e) => e.actor.kind)).toEqual(["human"]);

    const forStory = await mcp.call("get_context", { story_id: story.id });
    const text = forStory.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
    expect(text).toContain("User decisions — they override RF/DoR when they conflict");
    expect(text).toContain("24 hours: customers pay the next morning");
    const general = await mcp.ok<{ answers: { question_id: string; answer: string }[] }>(
      "get_context",
    );
    expect(general.answers).toEqual([
      expect.objectContaining({
        question_id: asked.id,
        answer: "24 hours: customers pay the next morning",
      }),
    ]);
  });

  it("refuses a question over 500 characters as a tool result the model reads", async () => {
    const repo = makeRepo();
    const mcp = await connectMcp(repo.dir);
    const long = await mcp.call("declare_open_question", { question: "?".repeat(501) });
    expect(errorCode(long)).toBe("validation_failed");
    const unknown = await mcp.call("declare_open_question", {
      question: "Which rule?",
      affects: { rules: ["RN-404"] },
    });
    expect(errorCode(unknown)).toBe("unknown_reference");
    expect(logEvents(repo.dir)).toEqual([]);
  });

  it("parks a task on needs_user_decision with the question it waits for", async () => {
    const repo = makeRepo();
    const mcp = await connectMcp(repo.dir, { name: "qa-bot" });
    const { task } = await backlog(mcp);
    repo.adriftJson(["task", "start", task.id]);
    repo.adriftJson(["task", "review", task.id]);
    const mixed = await mcp.call("record_verdict", {
      task_id: task.id,
      verdict: "approved",
      question: "why?",
    });
    expect(errorCode(mixed)).toBe("usage");
    const verdict = await mcp.ok<{ to: string; question_id: string }>("record_verdict", {
      task_id: task.id,
      verdict: "needs_user_decision",
      question: "Is the QR code required on receipts? The story does not say.",
      suggestion: "yes, as on the bank's own receipts",
      notes: "requirement not confirmed by the user",
    });
    expect(verdict.to).toBe("parked");
    const open = await mcp.ok<Questions>("list_open_questions");
    expect(open.questions.map((q) => q.id)).toEqual([verdict.question_id]);
    expect(answer(repo, verdict.question_id, "yes").code).toBe(0);
    const shown = repo.adriftJson<{ task: { status: string } }>(["task", "show", task.id]);
    expect(shown.task.status).toBe("in_review");
  });
});
