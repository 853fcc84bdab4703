import { AdriftError } from "../../core/errors.js";
import type { Affects } from "../../core/events/common.js";
import { AnswerInputFields, QuestionInputFields } from "../../core/events/inputs.js";
import { assertKnownFields, NOTHING_WRITTEN } from "../../core/inputs/argument-errors.js";
import { findQuestion } from "../../core/project/backlog-lookup.js";
import type { QuestionView } from "../../core/project/backlog-types.js";
import { decisionGovernors } from "../../core/reports/governors.js";
import {
  assertCanAnswer,
  assertQuestionText,
  questionsAffectingPaths,
} from "../../core/rules/questions.js";
import { buildScopeIndex, governorsOf } from "../../core/staleness/scope-index.js";
import type { AppContext } from "../dependencies.js";
import { loadProject } from "../log/load.js";
import { assertHuman, currentActor, currentPerson, decidingActor } from "../recording/actor.js";
import { checkedWrite } from "../recording/domain-lock.js";
import { writeEvents } from "../recording/writer.js";
import { resolveAffects } from "./affects.js";

/** The most rows `question list` returns; the total says how many there are. */
export const QUESTION_LIST_LIMIT = 50;

/** Declares an open question; its author owns the answer through the session. */
export async function askQuestion(
  ctx: AppContext,
  input: { question: string; suggestion?: string; affects?: Partial<Affects> },
) {
  assertKnownFields("question", QuestionInputFields, input, NOTHING_WRITTEN);
  assertQuestionText(input);
  const { state } = await loadProject(ctx);
  const affects = resolveAffects(state, input.affects);
  const actor = await currentActor(ctx);
  const data = {
    question: input.question,
    ...(input.suggestion ? { suggestion: input.suggestion } : {}),
    affects,
    author: actor,
  };
  const [event] = (await writeEvents(ctx, [{ type: "open_question_declared", data }])).slice(-1);
  return { id: event!.id, session_id: event!.session_id, affects };
}

/** Questions by status, newest first: at most 50 rows, with the total. */
export async function listQuestions(
  ctx: AppContext,
  options: { status?: "open" | "answered" | "all"; limit?: number } = {},
) {
  const status = options.status ?? "open";
  const limit = Math.max(1, Math.min(options.limit ?? QUESTION_LIST_LIMIT, QUESTION_LIST_LIMIT));
  const { state } = await loadProject(ctx);
  const matching = [...state.questions.values()]
    .filter((q) => status === "all" || q.status === status)
    .sort((a, b) => (a.id < b.id ? 1 : -1));
  return {
    status,
    total: matching.length,
    shown: Math.min(limit, matching.length),
    questions: matching.slice(0, limit),
  };
}

/**
 * The open questions about `paths` (repo-relative files): those whose `affects.paths` cover one
 * of them, and those naming a decision that governs one (docs/backlog.md#questions), oldest first.
 */
export async function openQuestionsAffecting(ctx: AppContext, paths: readonly string[]) {
  const { state } = await loadProject(ctx);
  const index = buildScopeIndex(decisionGovernors(state.records.values()));
  const governing = new Set(paths.flatMap((p) => governorsOf(index, p).map((g) => g.id)));
  const open = [...state.questions.values()].filter((q) => q.status === "open");
  return questionsAffectingPaths(open, paths, governing);
}

/** One question with who may answer it. */
export async function showQuestion(ctx: AppContext, ref: string) {
  const { state } = await loadProject(ctx);
  const question = findQuestion(state, ref);
  const author = state.sessions.get(question.session_id)?.author;
  const decision = question.answer ? state.records.get(question.answer.decision_id) : undefined;
  return { question, answerable_by: author?.email, decision };
}

function answerText(
  question: QuestionView,
  input: { answer?: string; accept_suggestion?: boolean },
) {
  assertKnownFields("answer", AnswerInputFields, input, NOTHING_WRITTEN);
  if (input.accept_suggestion && input.answer !== undefined)
    throw new AdriftError("usage", "give either --answer or --accept-suggestion, not both");
  if (input.accept_suggestion) {
    if (!question.suggestion)
      throw new AdriftError(
        "validation_failed",
        `question ${question.id} has no suggestion to accept; answer with --answer`,
      );
    return question.suggestion;
  }
  if (input.answer === undefined || input.answer.trim().length === 0)
    throw new AdriftError("usage", "give the answer with --answer <text>, or --accept-suggestion");
  return input.answer;
}

/**
 * Answers a question as its session author: the decision, the answer naming it, and the
 * return to review of tasks parked on it, in one all-or-nothing append.
 */
async function answerQuestionUnlocked(
  ctx: AppContext,
  ref: string,
  input: { answer?: string; accept_suggestion?: boolean },
) {
  const { state } = await loadProject(ctx);
  const question = findQuestion(state, ref);
  // `--as` names a person but does not make an agent's shell a person's: agents never answer.
  await assertHuman(ctx, {
    what: `answer question ${question.id}`,
    how: `from their own shell (adrift question answer ${question.id.slice(0, 10)} --answer "…")`,
    details: { id: question.id },
  });
  assertCanAnswer(state, question, await decidingActor(ctx));
  const answer = answerText(question, input);
  const accepted = Boolean(input.accept_suggestion);
  const person = await currentPerson(ctx);
  const rejected = question.suggestion && !accepted;
  // A task parked on several questions (two QA voices asked) returns when the last is answered.
  const settled = (id: string) => id === question.id || Boolean(state.questions.get(id)?.answer);
  const parked = [...state.tasks.values()].filter((t) => {
    const on = t.parked_on ?? (t.waiting_for ? [t.waiting_for] : []);
    return t.status === "parked" && on.includes(question.id) && on.every(settled);
  });
  const written = await writeEvents(ctx, [
    {
      type: "decision_recorded",
      data: {
        card: { trigger: question.question, outcome: answer },
        considered: rejected
          ? [{ approach: question.suggestion!, rejected_because: "the user answered otherwise" }]
          : [],
        trivial: !rejected,
        basis: { revision: (await ctx.git.resolveRevision("HEAD")) ?? "", touched_paths: [] },
        question_id: question.id,
        affects: question.affects,
      },
    },
    (ids) => ({
      type: "open_question_answered",
      data: {
        question_id: question.id,
        answer,
        accepted_suggestion: accepted,
        decision_id: ids[0]!,
        answered_by: person,
      },
    }),
    ...parked.map((task) => ({
      type: "task_transitioned" as const,
      data: { task_id: task.id, from: "parked", to: "in_review" },
    })),
  ]);
  const decision = written.find((e) => e.type === "decision_recorded")!;
  const answered = written.find((e) => e.type === "open_question_answered")!;
  return {
    id: answered.id,
    question_id: question.id,
    decision_id: decision.id,
    answer,
    accepted_suggestion: accepted,
    resumed_tasks: parked.map((t) => t.id),
  };
}

/** `answerQuestionUnlocked` as one critical section: the log read, checked and appended under the clone's lock. */
export const answerQuestion = checkedWrite(answerQuestionUnlocked);
