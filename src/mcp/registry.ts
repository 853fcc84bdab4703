import type { ResourceDefinition } from "./resource.js";
import { contextResource, openQuestionsResource } from "./resources.js";
import type { ToolDefinition } from "./tool.js";
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

/** Every tool the server offers; a tool is listed here only once its use case exists. */
export const TOOLS: ToolDefinition[] = [
  recordIntentCard,
  amendIntentCard,
  recordDecisionTool,
  declareOpenQuestion,
  listOpenQuestions,
  recordBusinessRule,
  createEpic,
  createStory,
  createTask,
  transitionTaskTool,
  listBacklog,
  recordVerdictTool,
  checkStaleness,
  reviewStaleRecords,
  proposeReverification,
  getContext,
  listRecordsTool,
  adrDraftClusters,
  adrDraftWrite,
];

/** Every resource the server offers: what an agent can read without a tool call. */
export const RESOURCES: ResourceDefinition[] = [contextResource, openQuestionsResource];
