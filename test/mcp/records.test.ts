import { describe, expect, it } from "vitest";
import { QUESTION_RULE } from "../../src/mcp/instructions.js";
import { connectMcp, errorCode, logEvents } from "../support/mcp.js";
import { makeRepo } from "../support/repo.js";

const CARD = {
  card: {
    outcome: "Faturas em reais",
    trigger: "Клиенты жалуются на округление",
    chosen_approach: "Decimal.js",
    selection_rationale: "exact decimal arithmetic",
  },
  considered: [{ approach: "float", rejected_because: "rounding errors" }],
};

describe("adrift mcp: recording", () => {
  it("lists its tools with JSON input schemas and says the question rule once", async () => {
    const repo = makeRepo();
    const mcp = await connectMcp(repo.dir, { args: ["--toolsets", "all"] });
    const { tools } = await mcp.client.listTools();
    const names = tools.map((t) => t.name);
    expect([...names].sort()).toEqual(
      [
        "record_intent_card",
        "amend_intent_card",
        "record_decision",
        "declare_open_question",
        "list_open_questions",
        "record_business_rule",
        "create_epic",
        "create_story",
        "create_task",
        "transition_task",
        "list_backlog",
        "record_verdict",
        "check_staleness",
        "review_stale_records",
        "propose_reverification",
        "get_context",
        "list_records",
        "adr_draft_clusters",
        "adr_draft_write",
      ].sort(),
    );
    expect(names).not.toContain("answer_open_question");
    // Consent is a person's: no tool confirms a proposal.
    expect(names.filter((n) => /confirm/.test(n))).toEqual([]);
    for (const tool of tools) expect(tool.inputSchema.type).toBe("object");
    const card = tools.find((t) => t.name === "record_intent_card")!;
    expect(Object.keys(card.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(["card", "considered", "trivial", "tags", "basis"]),
    );
    const instructions = mcp.client.getInstructions() ?? "";
    expect(instructions.split(QUESTION_RULE)).toHaveLength(2);
  });

  it("writes as the agent into the client's own session, owned by the human", async () => {
    const repo = makeRepo();
    const mcp = await connectMcp(repo.dir, { name: "claude-code" });
    const first = await mcp.ok<{ id: string; incomplete: unknown[] }>("record_intent_card", CARD);
    expect(first.incomplete).toEqual([]);
    const result = await mcp.call("record_decision", {
      ...CARD,
      findings: ["totals differ by 0.01"],
      basis: { touched_paths: ["README.md"] },
    });
    expect(result.content).toEqual([expect.objectContaining({ type: "text" })]);
    const events = logEvents(repo.dir);
    expect(events.map((e) => e.type)).toEqual([
      "session_started",
      "intent_card_recorded",
      "decision_recorded",
    ]);
    for (const event of events)
      expect(event.actor).toEqual({ kind: "agent", name: "claude-code", email: "ana@example.com" });
    expect(events[0]!.data.author).toEqual({ name: "Ana Souza", email: "ana@example.com" });
    expect(new Set(events.map((e) => e.session_id))).toEqual(new Set([events[0]!.id]));
    const decision = events[2]!.data as { basis: { revision: string; touched_paths: string[] } };
    expect(decision.basis.revision).toBe(repo.git("rev-parse", "HEAD").trim());

    // The human's CLI keeps its own session beside the agent's.
    repo.adriftJson(["intent", "record", "--outcome", "o", "--trigger", "t", "--trivial"]);
    const human = logEvents(repo.dir).filter((e) => e.actor.kind === "human");
    expect(human.map((e) => e.type)).toEqual(["session_started", "intent_card_recorded"]);
    expect(human[0]!.session_id).not.toBe(events[0]!.id);
  });

  it("amends a card, changing only the fields given", async () => {
    const repo = makeRepo();
    const mcp = await connectMcp(repo.dir);
    const { id } = await mcp.ok<{ id: string }>("record_intent_card", {
      card: { outcome: "o", trigger: "t", chosen_approach: "c" },
      trivial: true,
    });
    const amended = await mcp.ok<{ target_id: string; incomplete: unknown[] }>(
      "amend_intent_card",
      { target_id: id.slice(0, 12), changes: { selection_rationale: "r" }, reason: "asked" },
    );
    expect(amended).toMatchObject({ target_id: id, incomplete: [] });
    const listed = await mcp.ok<{ records: { id: string; outcome: string }[]; total: number }>(
      "list_records",
      { type: "intent" },
    );
    expect(listed.total).toBe(1);
    expect(listed.records[0]).toMatchObject({ id, outcome: "o", chosen_approach: "c" });
  });

  it("returns a domain error as a tool result, writes nothing, and keeps serving", async () => {
    const repo = makeRepo();
    const mcp = await connectMcp(repo.dir);
    const missing = await mcp.call("amend_intent_card", {
      target_id: "01ZZZZZZZZ",
      changes: { outcome: "x" },
    });
    expect(errorCode(missing)).toBe("not_found");
    const unknownRevision = await mcp.call("record_decision", {
      ...CARD,
      basis: { revision: "no-such-branch", touched_paths: ["README.md"] },
    });
    expect(unknownRevision.isError).toBe(true);
    expect(errorCode(unknownRevision)).toBe("validation_failed");
    const blank = await mcp.call("record_intent_card", {
      ...CARD,
      considered: [{ approach: "", rejected_because: "rounding errors" }],
    });
    expect(errorCode(blank)).toBe("validation_failed");
    expect(logEvents(repo.dir)).toEqual([]);
    await mcp.ok("record_intent_card", CARD);
    expect(logEvents(repo.dir)).toHaveLength(2);
  });
});

describe("adrift mcp: concurrent calls", () => {
  it("serves calls sent without waiting: one session, every card written", async () => {
    const repo = makeRepo();
    const mcp = await connectMcp(repo.dir);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        mcp.call("record_intent_card", {
          card: { outcome: `outcome ${i}`, trigger: "t" },
          trivial: true,
        }),
      ),
    );
    expect(results.filter((r) => r.isError)).toEqual([]);
    const events = logEvents(repo.dir);
    expect(events.filter((e) => e.type === "session_started")).toHaveLength(1);
    expect(events.filter((e) => e.type === "intent_card_recorded")).toHaveLength(6);
    expect(new Set(events.map((e) => e.session_id)).size).toBe(1);
  });
});
