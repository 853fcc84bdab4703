import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import * as z from "zod";
import type { AppContext, OwnSession } from "../app/context.js";
import { describeIssues } from "../core/events/parse.js";
import { clientRepository } from "./client-repository.js";
import { INSTRUCTIONS } from "./instructions.js";
import { TOOLS } from "./registry.js";
import { errorResult, successResult } from "./results.js";
import { answerMalformedLines } from "./stdio.js";
import type { ToolDefinition } from "./tool.js";

/** A JSON-RPC error answer; the SDK sends `code`, `message` and `data` as they are. */
class ProtocolError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

// Lets every tools/call through the first parse, so that the SDK's own check of the request
// answers a malformed one with -32602 (invalid params) rather than -32603 (internal error).
const AnyToolCall = z.object({ method: z.literal("tools/call"), params: z.unknown() });

function describeTool(tool: ToolDefinition): Tool {
  const schema = z.toJSONSchema(tool.input, { io: "input", unrepresentable: "any" });
  const { $schema: _, ...inputSchema } = schema as Record<string, unknown>;
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: inputSchema as Tool["inputSchema"],
    annotations: { title: tool.title, readOnlyHint: !tool.writes, openWorldHint: false },
  };
}

/**
 * The adrift MCP server over one repository. Arguments that do not match a tool's schema are
 * a protocol error (-32602: the request is wrong); a domain error is a tool result with
 * `isError` (the call was understood and refused), so the agent can correct and go on.
 */
export function createMcpServer(
  base: AppContext,
  options: { version: string; tools?: ToolDefinition[] },
): Server {
  const tools = options.tools ?? TOOLS;
  const server = new Server(
    { name: "adrift", version: options.version },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const session: OwnSession = {};
  let listed: Tool[] | undefined;
  server.setRequestHandler(ListToolsRequestSchema, () => {
    listed ??= tools.map(describeTool);
    return { tools: listed };
  });
  server.setRequestHandler(AnyToolCall, async (raw) => {
    const request = CallToolRequestSchema.parse(raw);
    const tool = byName.get(request.params.name);
    if (!tool)
      throw new ProtocolError(
        ErrorCode.InvalidParams,
        `unknown tool "${request.params.name.slice(0, 100)}"; tools/list names the tools`,
      );
    const parsed = tool.input.safeParse(request.params.arguments ?? {});
    if (!parsed.success)
      throw new ProtocolError(
        ErrorCode.InvalidParams,
        `invalid arguments for ${tool.name}: ${describeIssues(parsed.error)}`,
        { issues: parsed.error.issues.slice(0, 20) },
      );
    const repo = clientRepository(base, server.getClientVersion()?.name, session);
    try {
      return successResult(await tool.run(repo, parsed.data));
    } catch (error) {
      return errorResult(error);
    }
  });
  return server;
}

/** Serves MCP on stdin/stdout until the client closes the stream. */
export async function serveStdio(base: AppContext, version: string): Promise<Server> {
  const server = createMcpServer(base, { version });
  const transport = new StdioServerTransport();
  answerMalformedLines(transport);
  if (base.env.ADRIFT_DEBUG)
    server.onerror = (error) => process.stderr.write(`adrift mcp: ${error.message}\n`);
  await server.connect(transport);
  return server;
}
