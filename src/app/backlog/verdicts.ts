import { AdriftError, truncate } from "../../core/errors.js";
import { findQuestion, findTask } from "../../core/project/backlog-lookup.js";
import type { TaskView, Verdict } from "../../core/project/backlog-types.js";
import type { ProjectState, RecordView } from "../../core/project/state.js";
import { renderUserDecisions, type UserDecisionsBlock } from "../../core/render/user-decisions.js";
import { assertQuestionText } from "../../core/rules/questions.js";
import { unconfirmedItems } from "../../core/rules/unconfirmed.js";
import { selectUserDecisions } from "../../core/rules/user-decisions.js";
import {
  assertVoice,
  type QaRound,
  qaRound,
  type VerdictEffect,
  verdictEffect,
} from "../../core/rules/verdicts.js";
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
  /** the QA specialty giving this verdict (one of `qa_specialties` in the config) */
  specialty?: string;
  notes?: string;
  question?: string;
  suggestion?: string;
  question_id?: string;
};

/** What recording a verdict did: the voice, the round, the task's move, the decisions QA judges with. */
export type VerdictResult = VerdictEffect & {
  id: string;
  task_id: string;
  verdict: Verdict;
  specialty?: string;
  limit: number;
  question_id?: string;
  round: QaRound;
  /** the user decisions that reach the task: the QA slice judges with them */
  user_decisions: UserDecisionsBlock;
  /** the round was already complete: this call moved the task and recorded no verdict */
  settled?: true;
  /** the round parked the task on questions already answered: it went straight back to review */
  resumed?: true;
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
 * A changes_requested on a requirement the user has not confirmed would spend a cycle on
 * something the developer cannot settle: refused, pointing at needs_user_decision.
 */
function assertConfirmed(
  state: ProjectState,
  task: TaskView,
  decisions: readonly { id: string }[],
) {
  const story = state.stories.get(task.story_id);
  const items = story ? unconfirmedItems(story, decisions) : [];
  if (items.length === 0) return;
  const name = story!.key ?? story!.id;
  throw new AdriftError(
    "not_confirmed",
    `story ${name}'s definition of ready says the user has not confirmed "${items.map((i) => truncate(i, 120)).join('"; "')}": that is the user's decision, not a correction; give needs_user_decision with --question (and --suggest) instead, which parks the task and spends no cycle`,
    { id: task.id, story_id: story!.id, items },
  );
}

/**
 * Records one QA voice on a task in review. When the round is complete (every specialty of
 * `qa_specialties` heard, or the one voice when there are none) the consolidated verdict moves
 * the task: approved → done, changes_requested → one correction cycle (blocked past the limit),
 * needs_user_decision → parked on the round's open questions (author qa), no cycle spent.
 */
async function recordVerdictUnlocked(
  ctx: AppContext,
  taskRef: string,
  verdict: Verdict,
  input: VerdictInput = {},
): Promise<VerdictResult> {
  if (!VERDICTS.includes(verdict))
    throw new AdriftError(
      "usage",
      `verdict must be one of ${VERDICTS.join(", ")}; got "${verdict}"`,
    );
  checkInput(verdict, input);
  const { state } = await loadProject(ctx);
  const task = findTask(state, taskRef);
  const limit = ctx.config.correction_cycle_limit;
  const specialties = ctx.config.qa_specialties;
  // A voice judges a task in review: the same check and message a verdict always had.
  if (task.status !== "in_review") verdictEffect(task, verdict, limit);
  const decided = selectUserDecisions(state, { task: task.id });
  const before = qaRound(task, specialties);
  if (before.consolidated) return settleRound(ctx, state, task, before, limit, decided);
  assertVoice(task, input.specialty, specialties);
  if (verdict === "changes_requested") assertConfirmed(state, task, decided);
  const existing = input.question_id ? findQuestion(state, input.question_id) : undefined;
  if (existing?.answer)
    throw new AdriftError(
      "already_answered",
      `question ${existing.id} is already answered; the task has nothing to wait for`,
      { id: existing.id },
    );
  const actor = await currentActor(ctx);
  const voice = {
    event_id: "",
    verdict,
    ...(input.specialty ? { specialty: input.specialty } : {}),
    at: "",
    actor,
  };
  const round = qaRound({ ...task, round: [...task.round, voice] }, specialties);
  const effect = round.consolidated
    ? verdictEffect(task, round.consolidated, limit)
    : { from: task.status, to: task.status, cycle_counted: false, cycles: task.cycles };
  const drafts: DraftOrBuilder[] = [];
  if (input.question)
    drafts.push({
      type: "open_question_declared",
      data: {
        question: input.question,
        ...(input.suggestion ? { suggestion: input.suggestion } : {}),
        affects: { rules: [], stories: [], tasks: [task.id] },
        author: { kind: actor.kind, name: input.specialty ? `qa ${input.specialty}` : "qa" },
      },
    });
  const questionId = (ids: readonly string[]) =>
    existing?.id ?? (input.question ? ids[0] : undefined);
  drafts.push((ids) => ({
    type: "verdict_recorded",
    data: {
      task_id: task.id,
      verdict,
      ...(input.specialty ? { specialty: input.specialty } : {}),
      ...(input.notes ? { notes: input.notes } : {}),
      ...(questionId(ids) ? { question_id: questionId(ids) } : {}),
    },
  }));
  const resumes = verdict !== "needs_user_decision" && answeredAlready(state, round);
  if (effect.to !== effect.from) drafts.push(...moves(task, effect, resumes));
  const written = await writeEvents(ctx, drafts);
  const verdictEvent = written.find((e) => e.type === "verdict_recorded")!;
  const declared = written.find((e) => e.type === "open_question_declared");
  const heard = round.voices.map((v) =>
    v === voice
      ? {
          ...voice,
          event_id: verdictEvent.id,
          at: verdictEvent.at,
          ...verdictData(verdictEvent.data),
        }
      : v,
  );
  return {
    id: verdictEvent.id,
    task_id: task.id,
    verdict,
    ...(input.specialty ? { specialty: input.specialty } : {}),
    ...effect,
    ...(resumes ? { to: "in_review" as const, resumed: true as const } : {}),
    limit,
    question_id: existing?.id ?? declared?.id,
    round: { ...round, voices: heard },
    user_decisions: renderUserDecisions(decided),
  };
}

/**
 * True when the round parks the task on questions the user has all answered already (answered
 * while the round waited for its other voices): nothing is left to wait for.
 */
function answeredAlready(state: ProjectState, round: QaRound): boolean {
  if (round.consolidated !== "needs_user_decision") return false;
  const asked = round.voices.flatMap((v) => (v.question_id ? [v.question_id] : []));
  return asked.length > 0 && asked.every((id) => state.questions.get(id)?.answer);
}

/**
 * The task's moves for a consolidated verdict; when its questions are already answered, parked
 * and straight back to review, as an answer would have moved it: a new round judges with them.
 */
function moves(task: TaskView, effect: VerdictEffect, resumes: boolean): DraftOrBuilder[] {
  const move = (from: string, to: string) => ({
    type: "task_transitioned" as const,
    data: { task_id: task.id, from, to },
  });
  return resumes
    ? [move(effect.from, effect.to), move(effect.to, "in_review")]
    : [move(effect.from, effect.to)];
}

/**
 * A round complete with the task still in review (two clones heard its last voices at once, or
 * `qa_specialties` shrank): the next verdict moves the task by the round's consolidated
 * verdict and is not recorded itself — the round is closed; the next round hears it.
 */
async function settleRound(
  ctx: AppContext,
  state: ProjectState,
  task: TaskView,
  round: QaRound,
  limit: number,
  decided: RecordView[],
): Promise<VerdictResult> {
  const effect = verdictEffect(task, round.consolidated!, limit);
  const resumes = answeredAlready(state, round);
  // The first move written (a first write in a session opens it before; a resume follows it).
  const written = await writeEvents(ctx, moves(task, effect, resumes));
  const event = written.find((e) => e.type === "task_transitioned");
  return {
    id: event!.id,
    task_id: task.id,
    verdict: round.consolidated!,
    ...effect,
    ...(resumes ? { to: "in_review" as const, resumed: true as const } : {}),
    limit,
    question_id: round.voices.find((v) => v.question_id)?.question_id,
    round,
    user_decisions: renderUserDecisions(decided),
    settled: true,
  };
}

const verdictData = (data: unknown) => {
  const { notes, question_id } = data as { notes?: string; question_id?: string };
  return { ...(notes ? { notes } : {}), ...(question_id ? { question_id } : {}) };
};

/** `recordVerdictUnlocked` as one critical section: the log read, checked and appended under the clone's lock. */
export const recordVerdict = checkedWrite(recordVerdictUnlocked);
