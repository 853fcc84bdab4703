import type { ResourceDefinition } from "./resource.js";
import { contextResource, openQuestionsResource } from "./resources.js";

// The tools, in their sets, are in toolsets.ts.

/** Every resource the server offers: what an agent can read without a tool call. */
export const RESOURCES: ResourceDefinition[] = [contextResource, openQuestionsResource];
