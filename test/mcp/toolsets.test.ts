// The tool list a client sends with every turn: the sets every agent uses, the rest on request.
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { ALL_TOOLS, DEFAULT_TOOLSETS, TOOLSETS } from "../../src/mcp/toolsets.js";
import { connectMcp } from "../support/mcp.js";
import { makeRepo } from "../support/repo.js";

/** What a client receives before the first call: the instructions and the tools/list JSON. */
async function listingSize(mcp: Awaited<ReturnType<typeof connectMcp>>): Promise<number> {
  const list = await mcp.client.listTools();
  return (mcp.client.getInstructions() ?? "").length + JSON.stringify(list).length;
}

describe("adrift mcp: tool sets", () => {
  it("puts every tool in exactly one set", () => {
    const names = ALL_TOOLS.map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).not.toContain("enable_toolsets");
  });

  it("lists the default sets and enable_toolsets, within half of the ~16,500 characters the full list once took", async () => {
    const repo = makeRepo();
    const mcp = await connectMcp(repo.dir);
    const { tools } = await mcp.client.listTools();
    const expected = DEFAULT_TOOLSETS.flatMap((name) => TOOLSETS[name].tools.map((t) => t.name));
    expect(tools.map((t) => t.name).sort()).toEqual([...expected, "enable_toolsets"].sort());
    expect(await listingSize(mcp)).toBeLessThanOrEqual(8_250);
    // a tool the list does not hold answers a call all the same
    const epic = await mcp.ok<{ id: string }>("create_epic", { title: "Payments" });
    expect(epic.id).toMatch(/^[0-9A-Z]{26}$/);
  });

  it("lists more sets when the agent asks, tells the client the list changed, and says what they are", async () => {
    const repo = makeRepo();
    const mcp = await connectMcp(repo.dir);
    let changed = 0;
    mcp.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changed += 1;
    });
    const result = await mcp.call("enable_toolsets", { toolsets: ["backlog", "tasks"] });
    expect(result.isError).toBeFalsy();
    const text = (result.content as { type: string; text: string }[])[0]!.text;
    expect(text).toMatch(/^create_story: /m);
    expect(text).toMatch(/^record_verdict: /m);
    const { tools } = await mcp.client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["create_story", "record_verdict"]));
    expect(names).toContain("enable_toolsets"); // lists and adr are still to ask for
    await mcp.call("enable_toolsets", { toolsets: ["backlog"] }); // nothing new: no notice
    await mcp.call("enable_toolsets", { toolsets: ["lists", "adr"] });
    const all = (await mcp.client.listTools()).tools.map((t) => t.name);
    expect(all.sort()).toEqual(ALL_TOOLS.map((t) => t.name).sort());
    await expect.poll(() => changed).toBe(2);
    const wrong = await mcp.call("enable_toolsets", { toolsets: ["records", "nope"] });
    expect(wrong.isError).toBe(true);
  });

  it("takes --toolsets: all lists every tool; an unknown set is a usage error naming the sets", async () => {
    const repo = makeRepo();
    const mcp = await connectMcp(repo.dir, { args: ["--toolsets", "all"] });
    const names = (await mcp.client.listTools()).tools.map((t) => t.name);
    expect(names.sort()).toEqual(ALL_TOOLS.map((t) => t.name).sort());
    const bad = repo.adrift(["mcp", "--toolsets", "records,nope"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("no set named nope");
    expect(bad.stderr).toContain("backlog");
  });
});
