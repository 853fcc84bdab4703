import { describe, expect, it } from "vitest";
import { connectMcp, errorCode, logEvents } from "../support/mcp.js";
import { makeRepo } from "../support/repo.js";

type Created = { id: string; key?: string };
type Story = Created & { status: string; missing: { item: string }[] };

const READY_STORY = {
  title: "Pagar fatura em reais",
  functional_requirements: ["pay an invoice in BRL"],
  definition_of_done: ["paid invoices show in the statement"],
  definition_of_ready: ["rates source agreed"],
};

describe("adrift mcp: backlog", () => {
  it("creates a rule, an epic, a story and a task chained by the returned ids", async () => {
    const repo = makeRepo();
    const mcp = await connectMcp(repo.dir);
    const rule = await mcp.ok<Created>("record_business_rule", {
      key: "RN-1",
      title: "Amounts in cents",
      text: "Every amount is stored as integer cents.",
    });
    const epic = await mcp.ok<Created>("create_epic", { title: "Billing", key: "EP-1" });
    const story = await mcp.ok<Story>("create_story", {
      ...READY_STORY,
      epic_id: epic.id,
      business_rule_ids: [rule.id],
    });
    expect(story.status).toBe("ready");
    expect(story.missing).toEqual([]);
    const task = await mcp.ok<Created & { story_id: string }>("create_task", {
      story_id: story.id,
      title: "Parse BRL amounts",
    });
    expect(task.story_id).toBe(story.id);
    const draft = await mcp.ok<Story>("create_story", { epic_id: "EP-1", title: "Later" });
    expect(draft.status).toBe("draft");
    expect(draft.missing.map((m) => m.item)).toContain("business_rule");
    const shown = repo.adriftJson<{ story: { business_rule_ids: string[]; status: string } }>([
      "story",
      "show",
      story.id,
    ]);
    expect(shown.story).toMatchObject({ business_rule_ids: [rule.id], status: "ready" });
  });

  it("refuses a story with an invented rule id as a tool result, writes nothing, keeps serving", async () => {
    const repo = makeRepo();
    const mcp = await connectMcp(repo.dir);
    const epic = await mcp.ok<Created>("create_epic", { title: "Billing" });
    const before = logEvents(repo.dir);
    const result = await mcp.call("create_story", {
      ...READY_STORY,
      epic_id: epic.id,
      business_rule_ids: ["01JZZZZZZZZZZZZZZZZZZZZZZZ"],
    });
    expect(result.isError).toBe(true);
    expect(errorCode(result)).toBe("unknown_reference");
    expect(logEvents(repo.dir)).toEqual(before);
    const rule = await mcp.ok<Created>("record_business_rule", { title: "R", text: "T" });
    const story = await mcp.ok<Story>("create_story", {
      ...READY_STORY,
      epic_id: epic.id,
      business_rule_ids: [rule.id],
    });
    expect(story.status).toBe("ready");
  });
});
