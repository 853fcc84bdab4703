import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { connectMcp } from "../support/mcp.js";
import { makeRepo } from "../support/repo.js";

describe("adrift mcp: context and resources", () => {
  it("gives the workline one-liner as a tool and as a resource, and the open questions", async () => {
    const repo = makeRepo();
    repo.adriftJson(["workline", "open", "PIX checkout"]);
    const mcp = await connectMcp(repo.dir);
    await mcp.ok("record_intent_card", {
      card: {
        outcome: "Customers pay by PIX",
        trigger: "cards cost 3%",
        chosen_approach: "PSP API",
      },
      trivial: true,
    });
    const cli = repo.adriftJson<{ text: string }>(["context"]);
    expect(cli.text).toContain("Customers pay by PIX");
    const tool = await mcp.call("get_context");
    expect(tool.content[0]).toEqual({ type: "text", text: cli.text });

    const { resources } = await mcp.client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual([
      "adrift://context",
      "adrift://questions/open",
    ]);
    const context = await mcp.client.readResource({ uri: "adrift://context" });
    expect(context.contents[0]).toMatchObject({ uri: "adrift://context", text: cli.text });
    const asked = await mcp.ok<{ id: string }>("declare_open_question", {
      question: "Refunds by PIX too?",
    });
    const questions = await mcp.client.readResource({ uri: "adrift://questions/open" });
    const [content] = questions.contents;
    const listed = JSON.parse(content && "text" in content ? content.text : "{}");
    expect(listed.total).toBe(1);
    expect(listed.questions[0].id).toBe(asked.id);
    const missing = await mcp.client.readResource({ uri: "adrift://nothing" }).catch((e) => e);
    expect(missing).toBeInstanceOf(McpError);
    expect((missing as McpError).code).toBe(-32002);
    expect((await mcp.client.listTools()).tools.length).toBeGreaterThan(0);
  });
});
