import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { connectMcp, errorCode, logEvents } from "../support/mcp.js";
import { makeRepo } from "../support/repo.js";

type ToolError = {
  code: string;
  message: string;
  hint: string;
  details: { issues?: { path: string; message: string; did_you_mean?: string[] }[] };
};

const errorOf = (result: CallToolResult) =>
  (result.structuredContent as { error: ToolError }).error;
const textOf = (result: CallToolResult) =>
  result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");

describe("adrift mcp: what an agent sends is never silently misread", () => {
  it("answers a typo'd field, a 501-character question and an unknown task id with isError results, a code and a hint; writes nothing; keeps serving", async () => {
    const repo = makeRepo();
    const mcp = await connectMcp(repo.dir, { name: "claude-code" });

    const typo = await mcp.call("record_intent_card", {
      card: { outcom: "Login survives IdP outages", trigger: "Okta was down 2h" },
      trivial: true,
    });
    expect(typo.isError).toBe(true);
    expect(errorCode(typo)).toBe("validation_failed");
    expect(errorOf(typo).details.issues).toEqual([
      expect.objectContaining({ path: "card.outcom", did_you_mean: ["card.outcome"] }),
    ]);
    expect(textOf(typo)).toContain("did you mean card.outcome?");
    expect(errorOf(typo).hint).toMatch(/call the tool again/);

    const long = await mcp.call("declare_open_question", { question: "q".repeat(501) });
    expect(long.isError).toBe(true);
    expect(errorCode(long)).toBe("validation_failed");
    expect(textOf(long)).toContain("question: a question is at most 500 characters (got 501");
    expect(errorOf(long).hint).toBeTruthy();

    const unknown = await mcp.call("transition_task", {
      task_id: "01JZZZZZZZZZZZZZZZZZZZZZZZ",
      to: "in_progress",
    });
    expect(unknown.isError).toBe(true);
    expect(errorCode(unknown)).toBe("not_found");
    expect(errorOf(unknown).hint).toMatch(/list_backlog/);
    expect(textOf(unknown)).toMatch(/^\[not_found\] .*\nhint: /s);

    expect(logEvents(repo.dir)).toEqual([]);
    // The server is still there, and the corrected call works.
    const fixed = await mcp.ok<{ id: string }>("record_intent_card", {
      card: { outcome: "Login survives IdP outages", trigger: "Okta was down 2h" },
      trivial: true,
    });
    const card = logEvents(repo.dir).find((e) => e.id === fixed.id)!;
    expect((card.data.card as { outcome: string }).outcome).toBe("Login survives IdP outages");
  });

  it("refuses unknown fields at every depth and names the nearest known one", async () => {
    const repo = makeRepo();
    const mcp = await connectMcp(repo.dir);
    const cases: [string, Record<string, unknown>, string, string[] | undefined][] = [
      ["record_intent_card", { card: { outcome: "o" }, sugestion: "x" }, "sugestion", undefined],
      ["record_intent_card", { card: {}, outcome: "o" }, "outcome", ["card.outcome"]],
      [
        "record_intent_card",
        { card: { rationale: "r" } },
        "card.rationale",
        ["card.selection_rationale"],
      ],
      [
        "record_intent_card",
        { card: { chosenApproach: "c" } },
        "card.chosenApproach",
        ["card.chosen_approach"],
      ],
      [
        "record_decision",
        { card: { outcome: "o" }, considered: [{ approach: "a", rejected: "r" }] },
        "considered[0].rejected",
        ["considered[0].rejected_because"],
      ],
      [
        "record_decision",
        { card: {}, basis: { paths: ["README.md"] } },
        "basis.paths",
        ["basis.touched_paths"],
      ],
      [
        "record_decision",
        { card: {}, tier_b: { kbpath: "kb/x" } },
        "tier_b.kbpath",
        ["tier_b.kb_path"],
      ],
      [
        "declare_open_question",
        { question: "q", affects: { story: ["S"] } },
        "affects.story",
        ["affects.stories"],
      ],
      [
        "amend_intent_card",
        { target_id: "01J", changes: { outcme: "x" } },
        "changes.outcme",
        ["changes.outcome"],
      ],
      ["create_story", { epic_id: "E", title: "t", rules: ["R"] }, "rules", ["business_rule_ids"]],
    ];
    for (const [tool, args, path, near] of cases) {
      const result = await mcp.call(tool, args);
      expect(errorCode(result), `${tool} ${path}`).toBe("validation_failed");
      const issue = errorOf(result).details.issues?.find((i) => i.path === path);
      expect(issue, `${tool} ${path}: ${textOf(result)}`).toBeDefined();
      expect(issue!.did_you_mean).toEqual(near);
    }
    expect(logEvents(repo.dir)).toEqual([]);
  });

  it("advertises the strictness: every object of every input schema refuses extra keys", async () => {
    const repo = makeRepo();
    const mcp = await connectMcp(repo.dir, { args: ["--toolsets", "all"] });
    const { tools } = await mcp.client.listTools();
    const loose: string[] = [];
    const walk = (schema: unknown, where: string) => {
      if (typeof schema !== "object" || schema === null) return;
      const s = schema as Record<string, unknown>;
      if (s.type === "object" && s.properties && s.additionalProperties !== false)
        loose.push(where);
      for (const [key, value] of Object.entries(s)) walk(value, `${where}/${key}`);
    };
    for (const tool of tools) walk(tool.inputSchema, tool.name);
    expect(loose).toEqual([]);
    // readOnlyHint is false unless a tool says otherwise
    const writing = tools.filter((t) => t.annotations?.readOnlyHint !== true);
    expect(writing.length).toBeGreaterThan(5);
    for (const tool of writing)
      expect(Object.keys(tool.inputSchema.properties ?? {})).toContain("message_id");
  });
});
