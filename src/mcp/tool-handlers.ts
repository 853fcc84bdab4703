import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import * as z from "zod";
import type { Repository } from "../app/repository.js";
import { Label } from "../core/events/common.js";
import { argumentError } from "../core/inputs/argument-errors.js";
import { nearestFields, strictDeep } from "../core/inputs/strict-args.js";
import { listedSchema } from "./listed-schema.js";
import { ProtocolError } from "./protocol-error.js";
import { errorResult, successResult } from "./results.js";
import type { ToolDefinition } from "./tool.js";
import { enableToolsetsTool, TOOLSET_NAMES, TOOLSETS, type ToolsetName } from "./toolsets.js";

// Lets every tools/call through the first parse, so that the SDK's own check of the request
// answers a malformed one with -32602 (invalid params) rather than -32603 (internal error).
const AnyToolCall = z.object({ method: z.literal("tools/call"), params: z.unknown() });

/** What every writing tool also takes: the conversation message the write follows. */
const MessageId = z.object({
  message_id: Label.min(1)
    .optional()
    .describe(
      "the id of the conversation message this write follows (kept on every event written)",
    ),
});

/** A tool as the server runs it: its arguments checked deep, unknown fields refused. */
type Served = { tool: ToolDefinition; input: z.ZodType; listed: Tool };

function serve(tool: ToolDefinition): Served {
  const base = tool.input as unknown as z.ZodObject;
  const input = strictDeep(tool.writes ? base.extend(MessageId.shape) : base);
  const schema = z.toJSONSchema(input, { io: "input", unrepresentable: "any" });
  const { $schema: _, ...inputSchema } = schema as Record<string, unknown>;
  const listed: Tool = {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: listedSchema(inputSchema) as Tool["inputSchema"],
    // readOnlyHint is false unless said; a write only appends to the log: never destructive
    annotations: tool.writes ? { destructiveHint: false } : { readOnlyHint: true },
  };
  return { tool, input, listed };
}

/**
 * tools/list and tools/call. A request the protocol cannot route (no tool name, a tool that
 * does not exist) is a JSON-RPC error (-32602); everything about the arguments and the domain
 * is a tool result with `isError`, a stable code and a hint, which the model reads and acts on
 * (MCP 2025-11-25: input validation errors are tool execution errors). Nothing is written then.
 */
export function handleTools(
  server: Server,
  tools: ToolDefinition[],
  repo: (messageId?: string) => Repository,
  toolsets?: readonly ToolsetName[],
) {
  const byName = new Map(tools.map((tool) => [tool.name, serve(tool)]));
  // With sets, the list holds the enabled sets' tools (and enable_toolsets while some are
  // not); every tool answers a call all the same. Without, it holds every tool.
  const setOf = new Map<string, ToolsetName>();
  for (const name of TOOLSET_NAMES)
    for (const tool of TOOLSETS[name].tools) setOf.set(tool.name, name);
  const enabled = new Set<ToolsetName>(toolsets ?? TOOLSET_NAMES);
  const hidden = () => TOOLSET_NAMES.filter((name) => !enabled.has(name));
  const enabler = serve(
    enableToolsetsTool(hidden(), (names) => {
      const added = names.filter((name) => !enabled.has(name));
      if (added.length === 0) return;
      for (const name of added) enabled.add(name);
      void server.sendToolListChanged().catch(() => undefined);
    }),
  );
  if (hidden().length > 0) byName.set(enabler.tool.name, enabler);
  const listed = (served: Served) => {
    if (served === enabler) return hidden().length > 0;
    const set = setOf.get(served.tool.name);
    return set === undefined || enabled.has(set);
  };
  // A client may send calls without waiting for answers. Writes take the clone's state lock,
  // which waits synchronously: two writes of one process at once would stall each other, so
  // this server's writes run one after another.
  let writing: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const next = writing.then(work, work);
    writing = next.catch(() => undefined);
    return next;
  };
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [...byName.values()].filter(listed).map((s) => s.listed),
  }));
  server.setRequestHandler(AnyToolCall, async (raw) => {
    const request = CallToolRequestSchema.parse(raw);
    const served = byName.get(request.params.name);
    if (!served) {
      const near = nearestFields(request.params.name, [...byName.keys()]);
      throw new ProtocolError(
        ErrorCode.InvalidParams,
        `unknown tool "${request.params.name.slice(0, 100)}"${near.length ? ` — did you mean ${near.join(" or ")}?` : ""}; tools/list names the tools`,
        { tools: [...byName.keys()] },
      );
    }
    const { tool, input } = served;
    const args = request.params.arguments ?? {};
    const parsed = input.safeParse(args);
    if (!parsed.success) return errorResult(argumentError(tool.name, input, args, parsed.error));
    const { message_id, ...rest } = parsed.data as { message_id?: string };
    try {
      const run = () => tool.run(repo(message_id), tool.writes ? rest : parsed.data);
      return successResult(await (tool.writes ? oneAtATime(run) : run()));
    } catch (error) {
      return errorResult(error);
    }
  });
}
