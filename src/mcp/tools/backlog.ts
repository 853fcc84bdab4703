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
    "A business rule stories must honour; pass its id in create_story's business_rule_ids.",
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
  description: "An epic; pass its id as create_story's epic_id.",
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
    "A story of an epic: ready at once with functional_requirements, definition_of_done, definition_of_ready and business_rule_ids (recorded rules); else `missing` says what it lacks.",
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
  description: "A task of a story: starts todo, with the story's business rules.",
  input: TaskCreated.strict(),
  writes: true,
  run: async (repo, args) => {
    const result = await repo.addTask(args);
    return { data: result, text: `created task ${result.id}${keyText(result.key)} (todo)` };
  },
});
