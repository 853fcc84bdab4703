import { spawn } from "node:child_process";
import { CallToolResultSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { connectMcp, errorCode, logEvents } from "../support/mcp.js";
import { CLI, makeRepo, testEnv } from "../support/repo.js";

async function protocolError(promise: Promise<unknown>): Promise<number> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(McpError);
  return (error as McpError).code;
}

describe("adrift mcp: malformed requests", () => {
  it("answers arguments that do not match the schema with isError results, a request it cannot route with a protocol error; writes nothing and keeps serving", async () => {
    const repo = makeRepo();
    const mcp = await connectMcp(repo.dir);
    const calls: [string, Record<string, unknown>][] = [
      ["record_intent_card", { card: { outcome: 42 } }],
      ["record_intent_card", { considered: "not a list" }],
      ["record_intent_card", { card: { outcome: "o" }, sugestion: "a typo'd field" }],
      ["record_decision", { basis: { touched_paths: ["/etc/passwd"] } }],
      ["amend_intent_card", { changes: { outcome: "x" } }],
      ["list_records", { limit: "ten" }],
      ["record_intent_card", { card: { outcome: "o" }, message_id: "m".repeat(2_001) }],
    ];
    for (const [name, args] of calls) {
      const result = await mcp.call(name, args);
      expect(result.isError, `${name} ${JSON.stringify(args).slice(0, 80)}`).toBe(true);
      expect(errorCode(result)).toBe("validation_failed");
    }
    expect(await protocolError(mcp.call("no_such_tool", {}))).toBe(ErrorCode.InvalidParams);
    const near = await mcp.call("record_intent", {}).catch((e: McpError) => e.message);
    expect(near).toContain("did you mean record_intent_card?");
    expect(
      await protocolError(
        mcp.client.request(
          { method: "tools/call", params: { arguments: {} } },
          CallToolResultSchema,
        ),
      ),
    ).toBe(ErrorCode.InvalidParams);
    expect(
      await protocolError(
        mcp.client.request({ method: "no/such/method", params: {} }, CallToolResultSchema),
      ),
    ).toBe(ErrorCode.MethodNotFound);
    expect(logEvents(repo.dir)).toEqual([]);
    await mcp.ok("record_intent_card", { card: { outcome: "o", trigger: "t" }, trivial: true });
    expect(logEvents(repo.dir).map((e) => e.type)).toEqual([
      "session_started",
      "intent_card_recorded",
    ]);
  });

  it("answers a line that is not JSON-RPC with an error and serves the next request", async () => {
    const repo = makeRepo();
    const child = spawn(process.execPath, [CLI, "mcp"], { cwd: repo.dir, env: testEnv() });
    const replies: { id: unknown; result?: unknown; error?: { code: number } }[] = [];
    let buffer = "";
    const done = new Promise<void>((resolve) => {
      child.stdout.on("data", (chunk) => {
        buffer += chunk;
        let at = buffer.indexOf("\n");
        while (at >= 0) {
          replies.push(JSON.parse(buffer.slice(0, at)));
          buffer = buffer.slice(at + 1);
          at = buffer.indexOf("\n");
        }
        if (replies.length >= 3) resolve();
      });
    });
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "raw", version: "0" },
      },
    };
    child.stdin.write("this is not json\n");
    child.stdin.write(`${JSON.stringify({ hello: "world" })}\n`);
    child.stdin.write(`${JSON.stringify(initialize)}\n`);
    await done;
    child.stdin.end();
    expect(replies[0]).toMatchObject({ id: null, error: { code: ErrorCode.ParseError } });
    expect(replies[1]).toMatchObject({ id: null, error: { code: ErrorCode.InvalidRequest } });
    expect(replies[2]).toMatchObject({ id: 1, result: { serverInfo: { name: "adrift" } } });
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(code).toBe(0);
  });

  it("answers a request line over the limit with an error and keeps serving", async () => {
    const repo = makeRepo();
    const child = spawn(process.execPath, [CLI, "mcp"], { cwd: repo.dir, env: testEnv() });
    const replies: { id: unknown; result?: unknown; error?: { code: number; message: string } }[] =
      [];
    let buffer = "";
    const done = new Promise<void>((resolve) => {
      child.stdout.on("data", (chunk) => {
        buffer += chunk;
        let at = buffer.indexOf("\n");
        while (at >= 0) {
          replies.push(JSON.parse(buffer.slice(0, at)));
          buffer = buffer.slice(at + 1);
          at = buffer.indexOf("\n");
        }
        if (replies.length >= 3) resolve();
      });
    });
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "raw", version: "0" },
      },
    };
    child.stdin.write(`${JSON.stringify(initialize)}\n`);
    // 11 MiB of a tool argument: over the SDK's own 10 MiB buffer, which closed the server.
    const huge = {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: {
        name: "record_intent_card",
        arguments: { card: { outcome: "x".repeat(11 << 20) } },
      },
    };
    child.stdin.write(`${JSON.stringify(huge)}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" })}\n`);
    await done;
    child.stdin.end();
    expect(replies[0]).toMatchObject({ id: 1, result: { serverInfo: { name: "adrift" } } });
    expect(replies[1]).toMatchObject({ id: 2, error: { code: ErrorCode.InvalidRequest } });
    expect(replies[1]!.error!.message).toContain("over the 8,388,608 bytes");
    expect(replies[2]).toMatchObject({ id: 3, result: { tools: expect.any(Array) } });
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(code).toBe(0);
  });
});
