import { AdriftError } from "../errors.js";
import type { Actor } from "../events/common.js";
import type { QuestionView, StoryView } from "../project/backlog-types.js";
import type { ProjectState } from "../project/state.js";
import { requireText } from "./input-text.js";
import { compileScopes } from "./scope.js";

const sameEmail = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Who may answer: only the author of the session the question was declared in,
 * compared by email; an agent never (`only_human`). Throws `already_answered` or `only_session_author`.
 */
export function assertCanAnswer(state: ProjectState, question: QuestionView, by: Actor): void {
  if (question.answer)
    throw new AdriftError(
      "already_answered",
      `question ${question.id} was already answered by ${question.answer.answered_by.email} (decision ${question.answer.decision_id}); record a new decision to change it`,
      { id: question.id, answer: question.answer },
    );
  const author = state.sessions.get(question.session_id)?.author;
  if (by.kind === "agent")
    throw new AdriftError(
      "only_human",
      `an agent (${by.name}) cannot answer a question: only the session author${author ? `, ${author.email},` : ""} can, from their own shell`,
      { id: question.id, reason: "agent", author: author?.email },
    );
  if (!author)
    throw new AdriftError(
      "only_session_author",
      `question ${question.id} belongs to session ${question.session_id}, which is not in this log; only its author can answer it`,
      { id: question.id, reason: "unknown_session" },
    );
  if (!sameEmail(author.email, by.email))
    throw new AdriftError(
      "only_session_author",
      `only the author of the session where question ${question.id} was asked, ${author.email}, can answer it; you are ${by.email ?? by.name}. Ask them to run adrift question answer ${question.id.slice(0, 10)}`,
      { id: question.id, reason: "not_author", author: author.email, you: by.email },
    );
}

/** Open questions that touch a story: naming it, one of its rules, tasks or decisions, or nothing at all. */
export function openQuestionsForStory(
  state: ProjectState,
  story: Pick<StoryView, "id" | "business_rule_ids" | "task_ids"> & { decision_ids?: string[] },
): QuestionView[] {
  return [...state.questions.values()].filter((q) => {
    if (q.status !== "open") return false;
    const { rules, stories, tasks, paths = [], decisions = [] } = q.affects;
    const named = rules.length + stories.length + tasks.length;
    // A question only about code or decisions is not about every story.
    if (named + paths.length + decisions.length === 0) return true;
    return (
      stories.includes(story.id) ||
      rules.some((r) => story.business_rule_ids.includes(r)) ||
      tasks.some((t) => story.task_ids.includes(t)) ||
      decisions.some((d) => story.decision_ids?.includes(d) ?? false)
    );
  });
}

/** The readiness warning (never blocking): "N questions still open — answer with …". */
export function openQuestionsWarning(open: QuestionView[]): string | undefined {
  if (open.length === 0) return undefined;
  const first = open[0]!.id.slice(0, 10);
  return `${open.length} question${open.length === 1 ? "" : "s"} still open — answer with adrift question answer ${first} --answer "…" (see adrift question list)`;
}

/** A question must ask something, and a suggestion, when given, must suggest something. */
export function assertQuestionText(input: { question?: string; suggestion?: string }): void {
  requireText(
    input.question,
    "the question",
    'ask it in words, e.g. adrift question ask "Round half up or half even?"',
  );
  if (input.suggestion !== undefined)
    requireText(
      input.suggestion,
      "the suggestion",
      "leave --suggest out, or give the answer you would pick",
    );
}

/**
 * The questions (open ones, as the caller passes them) that affect any of `paths`: a question's
 * `affects.paths` entry (a file, directory or glob) covers one of them, or its
 * `affects.decisions` names one of `decisionIds` (the decisions governing those paths).
 */
export function questionsAffectingPaths<
  Q extends { affects: { paths?: readonly string[]; decisions?: readonly string[] } },
>(
  questions: readonly Q[],
  paths: readonly string[],
  decisionIds: ReadonlySet<string> = new Set(),
): Q[] {
  return questions.filter((q) => {
    if ((q.affects.decisions ?? []).some((id) => decisionIds.has(id))) return true;
    const scopes = compileScopes(q.affects.paths ?? []);
    return scopes.some((scope) => paths.some((path) => scope.matches(path)));
  });
}
