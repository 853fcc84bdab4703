import {
  BusinessRuleRecorded,
  EpicCreated,
  StoryCreated,
  TaskCreated,
} from "../../core/events/payloads.js";
import { defineTool } from "../tool.js";

const keyText = (key: string | undefined) => (key ? ` (${key})` : "");

/** record_business_rule → addRule. */
export const recordBusinessRule = defineTool({
  name: "record_business_rule",
  title: "Record a business rule",
  description:
    "Record a business rule stories must honour: title, text, and an optional human key (e.g. RN-12). Returns its id; pass it in create_story's business_rule_ids.",
  input: BusinessRuleRecorded.strict(),
  writes: true,
  run: async (repo, args) => {
    const { id, key } = await repo.addRule(args);
    return { data: { id, key }, text: `recorded business rule ${id}${keyText(key)}` };
  },
});

/** create_epic → addEpic. */
export const createEpic = defineTool({
  name: "create_epic",
  title: "Create an epic",
  description:
    "Create an epic: title, optional description and key. Returns its id; pass it as create_story's epic_id.",
  input: EpicCreated.strict(),
  writes: true,
  run: async (repo, args) => {
    const { id, key } = await repo.addEpic(args);
    return { data: { id, key }, text: `created epic ${id}${keyText(key)}` };
  },
});

/** create_story → addStory. */
export const createStory = defineTool({
  name: "create_story",
  title: "Create a story",
  description:
    "Create a story of an epic (epic_id). It is created draft and promoted to ready at once when it has functional_requirements, definition_of_done, definition_of_ready and at least one of business_rule_ids; otherwise `missing` lists what it lacks. Every business_rule_ids entry must name a recorded rule (id, prefix or key), else unknown_reference and nothing is written. decision_ids: the cards or decisions it carries out.",
  input: StoryCreated.strict(),
  writes: true,
  run: async (repo, args) => {
    const result = await repo.addStory(args);
    const missing =
      result.missing.length > 0
        ? `; missing for ready: ${result.missing.map((m) => m.item).join(", ")}`
        : "";
    return {
      data: result,
      text: `created story ${result.id}${keyText(result.key)} as ${result.status}${missing}`,
    };
  },
});

/** create_task → addTask. */
export const createTask = defineTool({
  name: "create_task",
  title: "Create a task",
  description:
    "Create a task of a story (story_id): title and optional key. It starts todo and inherits the story's business rules.",
  input: TaskCreated.strict(),
  writes: true,
  run: async (repo, args) => {
    const result = await repo.addTask(args);
    return { data: result, text: `created task ${result.id}${keyText(result.key)} (todo)` };
  },
});
