import type * as z from "zod";
import type { Repository } from "../app/repository.js";

/** What a tool hands back: structured content for programs, one short line for the model. */
export type ToolOutcome = { data: Record<string, unknown>; text: string };

/** One MCP tool: its zod input schema and the use case it calls. */
export type ToolDefinition<S extends z.ZodType = z.ZodType> = {
  name: string;
  title: string;
  description: string;
  /** the input schema; its JSON Schema is what clients see */
  input: S;
  /** false for tools that only read the log and the repository */
  writes: boolean;
  run: (repo: Repository, args: z.output<S>) => Promise<ToolOutcome>;
};

/** Declares a tool with its argument types inferred from the schema. */
export function defineTool<S extends z.ZodType>(tool: ToolDefinition<S>): ToolDefinition {
  return tool as unknown as ToolDefinition;
}
