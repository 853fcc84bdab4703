import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import * as z from "zod";
import type { Repository } from "../app/repository.js";
import { describeIssues } from "../core/events/parse.js";
import { ProtocolError } from "./protocol-error.js";
import { errorResult, successResult } from "./results.js";
import type { ToolDefinition } from "./tool.js";

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
 * tools/list and tools/call. Arguments that do not match a tool's schema are a protocol error
 * (-32602: the request is wrong); a domain error is a tool result with `isError` (the call was
 * understood and refused), so the agent can correct it and go on.
 */
export function handleTools(server: Server, tools: ToolDefinition[], repo: () => Repository) {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  // A client may send calls without waiting for answers. Writes take the clone's state lock,
  // which waits synchronously: two writes of one process at once would stall each other, so
  // this server's writes run one after another.
  let writing: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const next = writing.then(work, work);
    writing = next.catch(() => undefined);
    return next;
  };
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
    try {
      const run = () => tool.run(repo(), parsed.data);
      return successResult(await (tool.writes ? oneAtATime(run) : run()));
    } catch (error) {
      return errorResult(error);
    }
  });
}
