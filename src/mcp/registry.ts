import type { ToolDefinition } from "./tool.js";
import { RECORD_TOOLS } from "./tools/records.js";

/** Every tool the server offers; a tool is listed here only once its use case exists. */
export const TOOLS: ToolDefinition[] = [...RECORD_TOOLS];
