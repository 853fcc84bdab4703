/**
 * The server's tools in sets by the work they serve. A client sends the instructions and the
 * tool list on every turn, so the list holds the sets every agent uses (recording, questions,
 * context, staleness); the others (lists, the backlog, moving tasks and QA verdicts, ADR drafts) are
 * listed when the agent asks for them with `enable_toolsets`, or from the start with `adrift mcp
 * --toolsets`. Every tool answers a call whether it is listed or not.
 */
import * as z from "zod";
import { AdriftError } from "../core/errors.js";
import type { ToolDefinition } from "./tool.js";
import { defineTool } from "./tool.js";
import { adrDraftClusters, adrDraftWrite } from "./tools/adr-drafts.js";
import { createEpic, createStory, createTask, recordBusinessRule } from "./tools/backlog.js";
import { getContext } from "./tools/context.js";
import { declareOpenQuestion, listOpenQuestions } from "./tools/questions.js";
import {
  amendIntentCard,
  listRecordsTool,
  recordDecisionTool,
  recordIntentCard,
} from "./tools/records.js";
import { proposeReverification, reviewStaleRecords } from "./tools/review.js";
import { checkStaleness } from "./tools/staleness.js";
import { listBacklog, transitionTaskTool } from "./tools/tasks.js";
import { recordVerdictTool } from "./tools/verdicts.js";

/** One set: what it is for (as `enable_toolsets` says it) and its tools. */
type Toolset = { about: string; tools: ToolDefinition[] };

/** Every set, in the order the tool list shows them. */
export const TOOLSETS = {
  records: {
    about: "intent cards and decisions",
    tools: [recordIntentCard, amendIntentCard, recordDecisionTool],
  },
  questions: { about: "questions for the user", tools: [declareOpenQuestion] },
  context: { about: "what governs the work", tools: [getContext] },
  staleness: {
    about: "stale records",
    tools: [checkStaleness, reviewStaleRecords, proposeReverification],
  },
  lists: { about: "list records and questions", tools: [listRecordsTool, listOpenQuestions] },
  backlog: {
    about: "business rules, epics, stories, tasks",
    tools: [recordBusinessRule, createEpic, createStory, createTask, listBacklog],
  },
  tasks: { about: "move tasks, QA verdicts", tools: [transitionTaskTool, recordVerdictTool] },
  adr: { about: "ADR drafts in your prose", tools: [adrDraftClusters, adrDraftWrite] },
} satisfies Record<string, Toolset>;

/** A set's name. */
export type ToolsetName = keyof typeof TOOLSETS;

/** Every set's name. */
export const TOOLSET_NAMES = Object.keys(TOOLSETS) as ToolsetName[];

/** The sets listed from the start: what every agent's work uses. */
export const DEFAULT_TOOLSETS: readonly ToolsetName[] = [
  "records",
  "questions",
  "context",
  "staleness",
];

/** Every tool of every set. */
export const ALL_TOOLS: ToolDefinition[] = TOOLSET_NAMES.flatMap((name) => TOOLSETS[name].tools);

/**
 * The sets `--toolsets` names: a comma-separated list of set names, or `all`. An unknown name
 * is a usage error that lists the sets.
 */
export function parseToolsets(value: string): ToolsetName[] {
  const names = value
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  if (names.includes("all")) return [...TOOLSET_NAMES];
  const unknown = names.filter((name) => !(TOOLSET_NAMES as string[]).includes(name));
  if (unknown.length > 0 || names.length === 0)
    throw new AdriftError(
      "usage",
      `--toolsets: ${unknown.length > 0 ? `no set named ${unknown.join(", ")}` : "name at least one set"}; the sets are ${TOOLSET_NAMES.join(", ")}, or all`,
      { toolsets: TOOLSET_NAMES },
    );
  return names as ToolsetName[];
}

/**
 * The tool that lists more sets: `hidden`, the sets the list does not hold at the start (the
 * ones it names and takes); `enable` lists them (the server tells the client the list changed).
 */
export function enableToolsetsTool(
  hidden: readonly ToolsetName[],
  enable: (names: readonly ToolsetName[]) => void,
): ToolDefinition {
  return defineTool({
    name: "enable_toolsets",
    title: "List more tools",
    description: `More tools: ${hidden.map((name) => `${name} (${TOOLSETS[name].about})`).join(", ")}.`,
    input: z
      .object({ toolsets: z.array(z.enum(hidden as [ToolsetName, ...ToolsetName[]])).min(1) })
      .strict(),
    writes: false,
    run: async (_repo, args) => {
      enable(args.toolsets);
      const tools = args.toolsets.flatMap((name) => TOOLSETS[name].tools);
      // The tools' descriptions too: a client that does not read the list again can still call them.
      return {
        data: {
          enabled: args.toolsets,
          tools: tools.map((tool) => ({ name: tool.name, description: tool.description })),
        },
        text: tools.map((tool) => `${tool.name}: ${tool.description}`).join("\n"),
      };
    },
  });
}
