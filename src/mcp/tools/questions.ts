import * as z from "zod";
import { truncate } from "../../core/errors.js";
import { Affects } from "../../core/events/common.js";
import { OpenQuestionDeclared } from "../../core/events/payloads.js";
import type { QuestionView } from "../../core/project/backlog-types.js";
import { defineTool } from "../tool.js";

/** declare_open_question → askQuestion. */
export const declareOpenQuestion = defineTool({
  name: "declare_open_question",
  title: "Ask the user",
  description:
    "A doubt only the user can settle, instead of asking in chat: question, your suggestion, and what it affects (ids or keys; paths for code). The user answers with the CLI.",
  input: OpenQuestionDeclared.omit({ author: true })
    .extend({ affects: Affects.strict().optional() })
    .strict(),
  writes: true,
  run: async (repo, args) => {
    const result = await repo.askQuestion(args);
    return {
      data: result,
      text: `declared question ${result.id}; the user answers it with \`adrift question answer ${result.id.slice(0, 10)} --answer …\``,
    };
  },
});

/** One compact line of a question: id, status, the question, the suggestion or the answer. */
function questionRow(q: QuestionView): string {
  const affects = [
    ...q.affects.rules.map((id) => `rule ${id}`),
    ...q.affects.stories.map((id) => `story ${id}`),
    ...q.affects.tasks.map((id) => `task ${id}`),
    ...(q.affects.paths ?? []).map((p) => `path ${p}`),
    ...(q.affects.decisions ?? []).map((id) => `decision ${id}`),
  ];
  return [
    q.id,
    q.status,
    JSON.stringify(truncate(q.question, 200)),
    q.answer
      ? `answer: ${JSON.stringify(truncate(q.answer.answer, 200))} (decision ${q.answer.decision_id})`
      : q.suggestion
        ? `suggestion: ${JSON.stringify(truncate(q.suggestion, 120))}`
        : "",
    affects.length > 0 ? `affects ${affects.slice(0, 5).join(", ")}` : "",
  ]
    .filter(Boolean)
    .join("  ");
}

/** list_open_questions → listQuestions. */
export const listOpenQuestions = defineTool({
  name: "list_open_questions",
  title: "List questions",
  description:
    "Questions for the user, newest first: open (default), answered (with the answer) or all.",
  input: z
    .object({
      status: z.enum(["open", "answered", "all"]).default("open"),
      limit: z.number().int().min(1).max(50).default(50),
    })
    .strict(),
  writes: false,
  run: async (repo, args) => {
    const result = await repo.listQuestions(args);
    return {
      data: result,
      text: [
        `${result.total} ${result.status === "all" ? "" : `${result.status} `}question(s)${result.shown < result.total ? `, ${result.shown} shown` : ""}`,
        ...result.questions.map(questionRow),
      ].join("\n"),
    };
  },
});
