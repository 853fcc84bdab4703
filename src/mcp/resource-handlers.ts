import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  ErrorCode,
  ListResourcesRequestSchema,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { Repository } from "../app/repository.js";
import { isAdriftError } from "../core/errors.js";
import { ProtocolError } from "./protocol-error.js";
import type { ResourceDefinition } from "./resource.js";

/** MCP's code for a resource that does not exist. */
const RESOURCE_NOT_FOUND = -32002;

/**
 * resources/list and resources/read. A resource has no error result, so a domain error while
 * reading it (a corrupt log, say) is a JSON-RPC error carrying the stable code in `data`.
 */
export function handleResources(
  server: Server,
  resources: ResourceDefinition[],
  repo: () => Repository,
) {
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: resources.map(({ read: _, ...listed }) => listed),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const resource = resources.find((r) => r.uri === request.params.uri);
    if (!resource)
      throw new ProtocolError(
        RESOURCE_NOT_FOUND,
        `no resource ${request.params.uri.slice(0, 200)}`,
        {
          uri: request.params.uri,
        },
      );
    try {
      const text = await resource.read(repo());
      return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text }] };
    } catch (error) {
      if (!isAdriftError(error)) throw error;
      throw new ProtocolError(ErrorCode.InternalError, `[${error.code}] ${error.message}`, {
        code: error.code,
        details: error.details,
      });
    }
  });
}
