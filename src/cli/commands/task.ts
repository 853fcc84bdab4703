import type { Command } from "commander";
import type { TaskStatus } from "../../core/project/backlog-types.js";
import { safeText } from "../../core/render/terminal.js";
import { decisionsText, label, taskDetails } from "../backlog-format.js";
import { action, common, repository } from "../common.js";
import { emit, paint } from "../io.js";

const MOVES: [string, TaskStatus, string][] = [
  ["start", "in_progress", "start a task (todo, or blocked when you decide to go on)"],
  ["review", "in_review", "send a task in progress to review"],
  ["done", "done", "finish a task in review"],
];

/** `adrift task add|start|review|done|show|list`. */
export function registerTask(program: Command): void {
  const task = program.command("task").description("tasks of a story: they inherit its rules");
  common(task.command("add").argument("<title>", "what the task does"), { records: true })
    .description("create a task of a story (todo)")
    .requiredOption("--story <story>", "the story: id, prefix or key")
    .option("--key <key>", "a human key (e.g. TK-1)")
    .addHelpText(
      "after",
      `\nExample:\n  adrift task add "Endpoint GET /refunds/:code" --story ST-1 --key TK-1`,
    )
    .action(
      action(async (title: string, options) => {
        const result = await (await repository(options)).addTask({
          title,
          story_id: options.story,
          key: options.key,
        });
        emit(options, result, () => `${paint("green", "created")} task ${label(result)} (todo)`);
        return 0;
      }),
    );
  for (const [verb, to, text] of MOVES)
    common(task.command(verb).argument("<task>", "task id, prefix or key"), { records: true })
      .description(text)
      .addHelpText("after", `\nExample:\n  adrift task ${verb} TK-1`)
      .action(
        action(async (ref: string, options) => {
          const result = await (await repository(options)).transitionTask(ref, to);
          emit(options, result, () =>
            [
              `${paint("green", result.to)} task ${label(result)} (was ${result.from})`,
              ...(result.user_decisions ? decisionsText(result.user_decisions) : []),
            ].join("\n"),
          );
          return 0;
        }),
      );
  common(task.command("show").argument("<task>", "task id, prefix or key"), { as: false })
    .description("show a task: status, correction cycles, verdicts, inherited rules")
    .addHelpText("after", "\nExample:\n  adrift task show TK-1")
    .action(
      action(async (ref: string, options) => {
        const r = await (await repository(options)).showTask(ref);
        emit(options, r, () => taskDetails(r));
        return 0;
      }),
    );
  common(task.command("list"), { as: false })
    .description("list tasks")
    .option("--story <story>", "only tasks of this story")
    .option("--status <status>", "todo | in_progress | in_review | parked | blocked | done")
    .addHelpText("after", "\nExample:\n  adrift task list --status parked")
    .action(
      action(async (options) => {
        const tasks = await (await repository(options)).listTasks({
          story: options.story,
          status: options.status,
        });
        emit(options, { tasks }, () =>
          tasks.length === 0
            ? "no tasks: adrift task add <title> --story S"
            : tasks
                .map(
                  (t) =>
                    `${label(t)}  ${t.status.padEnd(11)} ${safeText(t.title)}${t.status === "parked" ? paint("yellow", "  (waiting for you)") : ""}${t.qa_pending?.length ? paint("dim", `  (QA to judge: ${t.qa_pending.join(", ")})`) : ""}`,
                )
                .join("\n"),
        );
        return 0;
      }),
    );
}
