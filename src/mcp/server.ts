import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { AppContext, OwnSession } from "../app/dependencies.js";
import { clientRepository } from "./client-repository.js";
import { INSTRUCTIONS } from "./instructions.js";
import { RESOURCES } from "./registry.js";
import type { ResourceDefinition } from "./resource.js";
import { handleResources } from "./resource-handlers.js";
import { answerMalformedLines, limitedStdin } from "./stdio.js";
import type { ToolDefinition } from "./tool.js";
import { handleTools } from "./tool-handlers.js";
import { ALL_TOOLS, DEFAULT_TOOLSETS, type ToolsetName } from "./toolsets.js";

/**
 * What a server offers: by default every tool, the default sets listed (`toolsets` lists
 * others from the start); `tools` instead serves and lists just those.
 */
export type ServerOptions = {
  version: string;
  tools?: ToolDefinition[];
  toolsets?: readonly ToolsetName[];
  resources?: ResourceDefinition[];
};

/** The adrift MCP server over one repository, for one client. */
export function createMcpServer(base: AppContext, options: ServerOptions): Server {
  const server = new Server(
    { name: "adrift", version: options.version },
    { capabilities: { tools: { listChanged: true }, resources: {} }, instructions: INSTRUCTIONS },
  );
  // One client per server (stdio): its session starts with its first write and lasts.
  const session: OwnSession = {};
  const repo = (messageId?: string) =>
    clientRepository(base, server.getClientVersion()?.name, session, messageId);
  if (options.tools) handleTools(server, options.tools, repo);
  else handleTools(server, ALL_TOOLS, repo, options.toolsets ?? DEFAULT_TOOLSETS);
  handleResources(server, options.resources ?? RESOURCES, repo);
  return server;
}

/** Serves MCP on stdin/stdout until the client closes the stream. */
export async function serveStdio(
  base: AppContext,
  version: string,
  toolsets?: readonly ToolsetName[],
): Promise<Server> {
  const server = createMcpServer(base, { version, ...(toolsets ? { toolsets } : {}) });
  // The transport reads a limited stdin: a request line over the limit is answered with an
  // error instead of closing the server (the SDK closes on its own buffer limit).
  let reply: (message: JSONRPCMessage) => Promise<void> = async () => undefined;
  const stdin = limitedStdin(process.stdin, (message) => reply(message));
  const transport = new StdioServerTransport(stdin, process.stdout);
  reply = (message) => transport.send(message);
  answerMalformedLines(transport);
  if (base.env.ADRIFT_DEBUG)
    server.onerror = (error) => process.stderr.write(`adrift mcp: ${error.message}\n`);
  await server.connect(transport);
  return server;
}
