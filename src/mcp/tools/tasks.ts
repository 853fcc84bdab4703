import * as z from "zod";
import { truncate } from "../../core/errors.js";
import { TaskTransitioned } from "../../core/events/payloads.js";
import { defineTool } from "../tool.js";

/** transition_task → transitionTask: the moves a worker makes by hand. */
export const transitionTaskTool = defineTool({
  name: "transition_task",
  title: "Move a task: start, review, done",
  description:
    "Move a task to in_progress (from todo), in_review (from in_progress) or done (from in_review). Starting and reviewing return the user decisions that reach the task.",
  input: z
    .object({
      task_id: TaskTransitioned.shape.task_id,
      to: z.enum(["in_progress", "in_review", "done"]),
    })
    .strict(),
  writes: true,
  run: async (repo, args) => {
    const result = await repo.transitionTask(args.task_id, args.to);
    const decisions = result.user_decisions;
    return {
      data: result,
      text: [
        `task ${result.id}${result.key ? ` (${result.key})` : ""}: ${result.from} → ${result.to}`,
        decisions && decisions.decisions.length > 0 ? decisions.text.trim() : "",
      ]
        .filter(Boolean)
        .join("\n"),
    };
  },
});

const line = (parts: (string | undefined | false)[]) => parts.filter(Boolean).join("  ");
const quoted = (text: string) => JSON.stringify(truncate(text, 100));

/** list_backlog → listRules, listEpics, listStories, listTasks. */
export const listBacklog = defineTool({
  name: "list_backlog",
  title: "List rules, epics, stories and tasks",
  description:
    "Rules, epics, stories and tasks with ids, keys and states; kind picks one, story_id narrows tasks.",
  input: z
    .object({
      kind: z.enum(["rules", "epics", "stories", "tasks"]).optional(),
      story_id: z.string().min(1).max(200).optional(),
    })
    .strict(),
  writes: false,
  run: async (repo, args) => {
    const want = (kind: string) => !args.kind || args.kind === kind;
    const rules = want("rules") ? await repo.listRules() : [];
    const epics = want("epics") ? await repo.listEpics() : [];
    const stories = want("stories") ? await repo.listStories() : [];
    const tasks = want("tasks") ? await repo.listTasks({ story: args.story_id }) : [];
    const text = [
      ...rules.map((r) => line(["rule", r.id, r.key, quoted(r.title), `${r.stories} story(ies)`])),
      ...epics.map((e) => line(["epic", e.id, e.key, quoted(e.title), `${e.stories} story(ies)`])),
      ...stories.map((s) =>
        line([
          "story",
          s.id,
          s.key,
          s.status,
          quoted(s.title),
          s.missing.length > 0 && `missing for ready: ${s.missing.map((m) => m.item).join(", ")}`,
        ]),
      ),
      ...tasks.map((t) =>
        line([
          "task",
          t.id,
          t.key,
          t.status,
          quoted(t.title),
          `story ${t.story_id}`,
          t.waiting_for && `waits for question ${t.waiting_for}`,
          (t.qa_pending?.length ?? 0) > 0 && `QA to judge: ${t.qa_pending!.join(", ")}`,
        ]),
      ),
    ];
    return {
      data: { rules, epics, stories, tasks },
      text: text.length > 0 ? text.join("\n") : "the backlog is empty",
    };
  },
});
