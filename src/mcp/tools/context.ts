import * as z from "zod";
import type { Repository } from "../../app/repository.js";
import { truncate } from "../../core/errors.js";
import { defineTool } from "../tool.js";

const Ref = z.string().min(1).max(200);

/** The answers to questions this client's own session declared, newest first. */
async function answersToMyQuestions(repo: Repository) {
  const session = repo.context.ownSession?.id;
  if (!session) return [];
  const { questions } = await repo.listQuestions({ status: "answered" });
  return questions
    .filter((q) => q.session_id === session && q.answer)
    .slice(0, 10)
    .map((q) => ({
      question_id: q.id,
      question: q.question,
      answer: q.answer!.answer,
      decision_id: q.answer!.decision_id,
    }));
}

/** get_context → contextLine, userDecisionsFor and the answers to the client's questions. */
export const getContext = defineTool({
  name: "get_context",
  title: "Get context",
  description:
    "What governs the work: the active card, open worklines, stale records; with story_id or task_id, the user decisions that reach it (they override requirements); answers to your questions.",
  input: z
    .object({
      workline: Ref.optional(),
      story_id: Ref.optional(),
      task_id: Ref.optional(),
      max_tokens: z.number().int().min(10).max(10_000).optional(),
    })
    .strict(),
  writes: false,
  run: async (repo, args) => {
    const line = await repo.contextLine({ workline: args.workline, maxTokens: args.max_tokens });
    const target = args.story_id || args.task_id;
    const decisions = target
      ? await repo.userDecisions({ story: args.story_id, task: args.task_id })
      : undefined;
    const answers = await answersToMyQuestions(repo);
    const text = [
      line.text,
      decisions && decisions.decisions.length > 0 ? decisions.text.trim() : "",
      ...answers.map(
        (a) =>
          `Answer to ${a.question_id} ("${truncate(a.question, 200)}"): ${truncate(a.answer, 400)}`,
      ),
    ].filter(Boolean);
    return {
      data: { line, ...(decisions ? { user_decisions: decisions } : {}), answers },
      text: text.join("\n"),
    };
  },
});
