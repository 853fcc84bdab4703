import type { Command } from "commander";
import type { Verdict } from "../../core/project/backlog-types.js";
import { action, common, repository } from "../common.js";
import { emit, paint } from "../io.js";

/** `adrift verdict <task> approved|changes_requested|needs_user_decision`. */
export function registerVerdict(program: Command): void {
  common(
    program
      .command("verdict")
      .argument("<task>", "task id, prefix or key (in review)")
      .argument("<verdict>", "approved | changes_requested | needs_user_decision"),
    { records: true },
  )
    .description("record a QA verdict on a task in review")
    .option("--notes <text>", "what QA found")
    .option("--question <text>", "needs_user_decision: the question for the user")
    .option("--suggest <text>", "needs_user_decision: the suggested answer")
    .option("--question-id <id>", "needs_user_decision: wait for an existing open question")
    .addHelpText(
      "after",
      `\nExamples:\n  adrift verdict TK-1 changes_requested --notes "status code 500 on unknown code"\n  adrift verdict TK-1 needs_user_decision --question "Is the code numeric?" --suggest "6 digits"`,
    )
    .action(
      action(async (task: string, verdict: Verdict, options) => {
        const r = await (await repository(options)).recordVerdict(task, verdict, {
          notes: options.notes,
          question: options.question,
          suggestion: options.suggest,
          question_id: options.questionId,
        });
        emit(options, r, () => {
          const head = `${paint("green", "recorded")} ${r.verdict} on task ${r.task_id}: ${r.from} → ${r.to}`;
          if (r.to === "parked")
            return `${head}\n  waiting for you: adrift question answer ${r.question_id} --answer "…" (no correction cycle spent)`;
          if (r.cycle_counted)
            return `${head}\n  correction cycle ${r.cycles}/${r.limit}${r.to === "blocked" ? paint("red", " — limit passed, task blocked") : ""}`;
          return head;
        });
        return 0;
      }),
    );
}
