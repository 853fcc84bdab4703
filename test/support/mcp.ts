// Drives `adrift mcp` with the SDK's own client over stdio, in a real temporary repository.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach } from "vitest";
import { CLI, testEnv } from "./repo.js";

/** A connected client and a shorthand to call tools. */
export type McpClient = {
  client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  /** the structured content of a call that must succeed */
  ok<T = Record<string, unknown>>(name: string, args?: Record<string, unknown>): Promise<T>;
  stderr(): string;
};

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close().catch(() => undefined)));
});

/** Spawns `node dist/cli/main.js mcp` in `dir` and connects a client named `name`. */
export async function connectMcp(
  dir: string,
  options: { name?: string; args?: string[]; env?: NodeJS.ProcessEnv } = {},
): Promise<McpClient> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, "mcp", ...(options.args ?? [])],
    cwd: dir,
    env: testEnv(options.env) as Record<string, string>,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const client = new Client({ name: options.name ?? "test-agent", version: "1.0.0" });
  await client.connect(transport);
  open.push(client);
  const call = (name: string, args: Record<string, unknown> = {}) =>
    client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
  return {
    client,
    call,
    async ok<T>(name: string, args: Record<string, unknown> = {}) {
      const result = await call(name, args);
      if (result.isError)
        throw new Error(`${name} failed: ${JSON.stringify(result.structuredContent)}`);
      return result.structuredContent as T;
    },
    stderr: () => stderr,
  };
}

/** The error code of a tool result with `isError`. */
export function errorCode(result: CallToolResult): string | undefined {
  if (!result.isError) return undefined;
  return (result.structuredContent as { error?: { code?: string } } | undefined)?.error?.code;
}

/** Every event line in the repository's log, parsed, in file order. */
export function logEvents(dir: string): LoggedEvent[] {
  const logDir = path.join(dir, ".decisions/log");
  if (!existsSync(logDir)) return [];
  return readdirSync(logDir)
    .filter((file) => file.endsWith(".events.ndjson"))
    .flatMap((file) =>
      readFileSync(path.join(logDir, file), "utf8")
        .split("\n")
        .filter((line) => line.trim().length > 0)
        .map((line) => ({ ...(JSON.parse(line) as LoggedEvent), file })),
    );
}

/** An event as it stands in the log, with the file it is in. */
export type LoggedEvent = {
  id: string;
  type: string;
  actor: { kind: string; name: string; email?: string };
  session_id: string;
  message_id?: string;
  data: Record<string, unknown>;
  file: string;
};
