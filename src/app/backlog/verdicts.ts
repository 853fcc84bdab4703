import { AdriftError } from "../../core/errors.js";
import { findQuestion, findTask } from "../../core/project/backlog-lookup.js";
import type { Verdict } from "../../core/project/backlog-types.js";
import { assertQuestionText } from "../../core/rules/questions.js";
import { verdictEffect } from "../../core/rules/verdicts.js";
import type { AppContext } from "../dependencies.js";
import { loadProject } from "../log/load.js";
import { currentActor } from "../recording/actor.js";
import { checkedWrite } from "../recording/domain-lock.js";
import type { DraftOrBuilder } from "../recording/writer.js";
import { writeEvents } from "../recording/writer.js";

/** The verdicts QA can give on a task in review (docs/backlog.md#verdicts). */
export const VERDICTS: readonly Verdict[] = [
  "approved",
  "changes_requested",
  "needs_user_decision",
];

/** The question a `needs_user_decision` verdict waits for: a new one, or an existing open one. */
export type VerdictInput = {
  notes?: string;
  question?: string;
  suggestion?: string;
  question_id?: string;
};

function checkInput(verdict: Verdict, input: VerdictInput): void {
  const asks = input.question !== undefined || input.suggestion !== undefined;
  if (verdict !== "needs_user_decision" && (asks || input.question_id))
    throw new AdriftError(
      "usage",
      `--question, --suggest and --question-id go with needs_user_decision, not ${verdict}`,
    );
  if (verdict !== "needs_user_decision") return;
  if (asks && input.question_id)
    throw new AdriftError(
      "usage",
      "give either --question (with --suggest) or --question-id, not both",
    );
  if (input.question !== undefined) assertQuestionText(input);
  else if (input.suggestion !== undefined)
    throw new AdriftError(
      "usage",
      "--suggest goes with --question: give the question it suggests an answer to",
    );
  if (!input.question && !input.question_id)
    throw new AdriftError(
      "usage",
      "needs_user_decision needs the question: --question T [--suggest T], or --question-id Q",
    );
}

/**
 * Records a QA verdict on a task in review and moves the task: approved → done,
 * changes_requested → a correction cycle (blocked past the limit), needs_user_decision →
 * an open question (author qa, affecting the task) and the task parked, no cycle spent.
 */
async function recordVerdictUnlocked(
  ctx: AppContext,
  taskRef: string,
  verdict: Verdict,
  input: VerdictInput = {},
) {
  if (!VERDICTS.includes(verdict))
    throw new AdriftError(
      "usage",
      `verdict must be one of ${VERDICTS.join(", ")}; got "${verdict}"`,
    );
  checkInput(verdict, input);
  const { state } = await loadProject(ctx);
  const task = findTask(state, taskRef);
  const limit = ctx.config.correction_cycle_limit;
  const effect = verdictEffect(task, verdict, limit);
  const existing = input.question_id ? findQuestion(state, input.question_id) : undefined;
  if (existing?.answer)
    throw new AdriftError(
      "already_answered",
      `question ${existing.id} is already answered; the task has nothing to wait for`,
      { id: existing.id },
    );
  const actor = await currentActor(ctx);
  const drafts: DraftOrBuilder[] = [];
  if (input.question)
    drafts.push({
      type: "open_question_declared",
      data: {
        question: input.question,
        ...(input.suggestion ? { suggestion: input.suggestion } : {}),
        affects: { rules: [], stories: [], tasks: [task.id] },
        author: { kind: actor.kind, name: "qa" },
      },
    });
  const questionId = (ids: readonly string[]) =>
    existing?.id ?? (input.question ? ids[0] : undefined);
  drafts.push(
    (ids) => ({
      type: "verdict_recorded",
      data: {
        task_id: task.id,
        verdict,
        ...(input.notes ? { notes: input.notes } : {}),
        ...(questionId(ids) ? { question_id: questionId(ids) } : {}),
      },
    }),
    { type: "task_transitioned", data: { task_id: task.id, from: effect.from, to: effect.to } },
  );
  const written = await writeEvents(ctx, drafts);
  const verdictEvent = written.find((e) => e.type === "verdict_recorded")!;
  const declared = written.find((e) => e.type === "open_question_declared");
  return {
    id: verdictEvent.id,
    task_id: task.id,
    verdict,
    ...effect,
    limit,
    question_id: existing?.id ?? declared?.id,
  };
}

/** `recordVerdictUnlocked` as one critical section: the log read, checked and appended under the clone's lock. */
export const recordVerdict = checkedWrite(recordVerdictUnlocked);
