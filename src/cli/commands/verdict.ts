import type { Command } from "commander";
import type { Repository } from "../../app/repository.js";
import type { Verdict } from "../../core/project/backlog-types.js";
import { safeText } from "../../core/render/terminal.js";
import { decisionsText } from "../backlog-format.js";
import { action, common, repository } from "../common.js";
import { emit, paint } from "../io.js";

type VerdictResult = Awaited<ReturnType<Repository["recordVerdict"]>>;

/** What the verdict did: the voice heard, the round's state, and the task's move. */
function verdictText(r: VerdictResult): string {
  if (r.settled)
    return `${paint("yellow", "settled")} task ${r.task_id}: its round was already complete (${r.round.consolidated}), so it moved ${r.from} → ${r.to} and your verdict was not recorded; give it in the next round`;
  const voice = r.specialty ? ` (${safeText(r.specialty)})` : "";
  if (!r.round.consolidated)
    return `${paint("green", "recorded")} ${r.verdict}${voice} on task ${r.task_id}; the round waits for ${r.round.pending.join(", ")} (task stays ${r.to})`;
  const lead = r.round.voices.length > 1 ? `; round consolidated: ${r.round.consolidated}` : "";
  const head = `${paint("green", "recorded")} ${r.verdict}${voice} on task ${r.task_id}${lead}: ${r.from} → ${r.to}`;
  if (r.resumed)
    return `${head}\n  the user has already answered the round's question(s): back in review for a new round, no cycle spent`;
  if (r.to === "parked")
    return `${head}\n  waiting for you: adrift question answer ${r.question_id ?? r.round.voices.find((v) => v.question_id)?.question_id} --answer "…" (no correction cycle spent)`;
  if (r.cycle_counted)
    return `${head}\n  correction cycle ${r.cycles}/${r.limit}${r.to === "blocked" ? paint("red", " — limit passed, task blocked") : ""}`;
  return head;
}

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
    .option(
      "--specialty <name>",
      "the QA specialty giving it, when the project's qa_specialties names several voices",
    )
    .option("--notes <text>", "what QA found")
    .option("--question <text>", "needs_user_decision: the question for the user")
    .option("--suggest <text>", "needs_user_decision: the suggested answer")
    .option("--question-id <id>", "needs_user_decision: wait for an existing open question")
    .addHelpText(
      "after",
      `\nExamples:\n  adrift verdict TK-1 changes_requested --notes "status code 500 on unknown code"\n  adrift verdict TK-1 needs_user_decision --question "Is the code numeric?" --suggest "6 digits"
  adrift verdict TK-1 approved --specialty security

With qa_specialties in .decisions/config.json (e.g. ["api", "security"]) each specialty gives
one verdict per round and the task moves when all have: needs_user_decision beats
changes_requested, which beats approved; a round spends at most one correction cycle.

changes_requested is refused (not_confirmed) while the story's definition of ready says the user
has not confirmed a requirement: that is a question for the user, not a correction.`,
    )
    .action(
      action(async (task: string, verdict: Verdict, options) => {
        const r = await (await repository(options)).recordVerdict(task, verdict, {
          specialty: options.specialty,
          notes: options.notes,
          question: options.question,
          suggestion: options.suggest,
          question_id: options.questionId,
        });
        emit(options, r, () => [verdictText(r), ...decisionsText(r.user_decisions)].join("\n"));
        return 0;
      }),
    );
}
