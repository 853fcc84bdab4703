import type { Repository } from "../app/repository.js";

/** One MCP resource: something an agent can read without a tool call. */
export type ResourceDefinition = {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  read: (repo: Repository) => Promise<string>;
};
