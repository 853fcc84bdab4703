import type { Command } from "commander";
import { AdriftError, truncate } from "../../core/errors.js";
import { affectsText, questionDetails, questionRows } from "../backlog-format.js";
import { action, collect, common, repository } from "../common.js";
import { emit, paint } from "../io.js";

const KINDS = {
  rule: "rules",
  story: "stories",
  task: "tasks",
  path: "paths",
  decision: "decisions",
} as const;

/** Parses `--affects story:ID,rule:ID,task:ID,path:P,decision:ID` (repeatable) into lists of refs. */
export function parseAffects(values: string[] = []) {
  const affects = {
    rules: [] as string[],
    stories: [] as string[],
    tasks: [] as string[],
    paths: [] as string[],
    decisions: [] as string[],
  };
  for (const part of values
    .flatMap((v) => v.split(","))
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = part.indexOf(":");
    const kind = part.slice(0, at) as keyof typeof KINDS;
    if (at < 1 || !Object.hasOwn(KINDS, kind) || at === part.length - 1)
      throw new AdriftError(
        "usage",
        `--affects expects kind:ID with kind rule, story, task, path or decision; got "${truncate(part)}"`,
      );
    affects[KINDS[kind]].push(part.slice(at + 1));
  }
  return affects;
}

/** `adrift question ask|list|answer|show`. */
export function registerQuestion(program: Command): void {
  const question = program
    .command("question")
    .description("open questions that only the session author answers");
  common(question.command("ask").argument("<text>", "the question (at most 500 characters)"), {
    records: true,
  })
    .description("declare an open question for the author of this session")
    .option("--suggest <text>", "your suggested answer (at most 300 characters)")
    .option(
      "--affects <refs>",
      "what it affects: story:ID,rule:ID,task:ID,path:src/x/,decision:ID (repeatable)",
      collect,
    )
    .addHelpText(
      "after",
      `\nExample:\n  adrift question ask "Is the refund code numeric?" --suggest "6 digits" --affects story:ST-1,rule:RN-858`,
    )
    .action(
      action(async (text: string, options) => {
        const result = await (await repository(options)).askQuestion({
          question: text,
          suggestion: options.suggest,
          affects: parseAffects(options.affects),
        });
        emit(
          options,
          result,
          () =>
            `${paint("green", "asked")} question ${result.id}  (affects ${affectsText(result.affects)})`,
        );
        return 0;
      }),
    );
  common(question.command("list"), { as: false })
    .description("list questions, newest first (at most 50, with the total)")
    .option("--status <status>", "open | answered | all", "open")
    .option("--limit <n>", "at most this many rows (≤ 50)", (v) => Number.parseInt(v, 10))
    .addHelpText("after", "\nExample:\n  adrift question list --status all --json")
    .action(
      action(async (options) => {
        if (!["open", "answered", "all"].includes(options.status))
          throw new AdriftError(
            "usage",
            `--status must be open, answered or all; got "${options.status}"`,
          );
        if (options.limit !== undefined && !(options.limit >= 1))
          throw new AdriftError("usage", "--limit expects a positive number");
        const r = await (await repository(options)).listQuestions({
          status: options.status,
          limit: options.limit,
        });
        emit(options, r, () =>
          [
            ...r.questions.flatMap(questionRows),
            `${r.shown} of ${r.total} ${r.status === "all" ? "" : `${r.status} `}question(s)`,
          ].join("\n"),
        );
        return 0;
      }),
    );
  common(question.command("answer").argument("<id>", "question id or unique prefix"), {
    records: true,
  })
    .description("answer a question (only the session author): records the decision and the answer")
    .option("--answer <text>", "the answer")
    .option("--accept-suggestion", "answer with the question's suggestion")
    .addHelpText(
      "after",
      `\nExamples:\n  adrift question answer 01JQ --answer "6 digits, numeric"\n  adrift question answer 01JQ --accept-suggestion --as ana@example.com`,
    )
    .action(
      action(async (ref: string, options) => {
        const r = await (await repository(options)).answerQuestion(ref, {
          answer: options.answer,
          accept_suggestion: options.acceptSuggestion,
        });
        emit(options, r, () =>
          [
            `${paint("green", "answered")} question ${r.question_id} → decision ${r.decision_id}`,
            ...r.resumed_tasks.map((id) => `  task ${id} is back in review`),
          ].join("\n"),
        );
        return 0;
      }),
    );
  common(question.command("show").argument("<id>", "question id or unique prefix"), { as: false })
    .description("show a question, who may answer it, and its answer")
    .addHelpText("after", "\nExample:\n  adrift question show 01JQ")
    .action(
      action(async (ref: string, options) => {
        const r = await (await repository(options)).showQuestion(ref);
        emit(options, r, () => questionDetails(r));
        return 0;
      }),
    );
}
