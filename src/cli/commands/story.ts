import type { Command } from "commander";
import type { StoryStatus } from "../../core/project/backlog-types.js";
import { safeText } from "../../core/render/terminal.js";
import { label, missingLines, storyDetails, warningLines } from "../backlog-format.js";
import { action, collect, common, repository } from "../common.js";
import { emit, paint } from "../io.js";

function storyFields(command: Command): Command {
  return command
    .option("--rf <text>", "a functional requirement (repeatable)", collect)
    .option("--rnf <text>", "a non-functional requirement (repeatable)", collect)
    .option("--dod <text>", "an item of the definition of done (repeatable)", collect)
    .option("--dor <text>", "an item of the definition of ready (repeatable)", collect)
    .option("--rule <rule>", "a linked business rule: id, prefix or key (repeatable)", collect)
    .option(
      "--decision <id>",
      "a recorded decision or intent card the story carries out (repeatable): once a person has recorded or confirmed it, its tasks get it as a user decision",
      collect,
    );
}

const MOVES: [string, StoryStatus, string][] = [
  ["ready", "ready", "promote a draft story to ready (checks readiness, warns of open questions)"],
  ["start", "in_progress", "start a ready story"],
  ["review", "in_review", "send a story in progress to review"],
  ["done", "done", "finish a story in review"],
];

/** `adrift story add|ready|start|review|done|amend|show|list`. */
export function registerStory(program: Command): void {
  const story = program.command("story").description("stories: requirements, readiness and rules");
  common(storyFields(story.command("add").argument("<title>", "what the story delivers")), {
    records: true,
  })
    .description("create a story (draft, promoted to ready at once when it is ready)")
    .requiredOption("--epic <epic>", "the epic: id, prefix or key")
    .option("--key <key>", "a human key (e.g. ST-1)")
    .addHelpText(
      "after",
      `\nExample:\n  adrift story add "Refund by code" --epic EP-1 --key ST-1 --rule RN-858 \\\n    --rf "GET /refunds/:code returns the refund" --dod "tests green" --dor "API agreed"`,
    )
    .action(
      action(async (title: string, options) => {
        const result = await (await repository(options)).addStory({
          title,
          epic_id: options.epic,
          key: options.key,
          functional_requirements: options.rf,
          non_functional_requirements: options.rnf,
          definition_of_done: options.dod,
          definition_of_ready: options.dor,
          business_rule_ids: options.rule,
          decision_ids: options.decision,
        });
        emit(options, result, () =>
          [
            `${paint("green", "created")} story ${label(result)} (${result.status})`,
            ...missingLines(result.missing, "draft, missing"),
            ...warningLines(result.warnings),
          ].join("\n"),
        );
        return 0;
      }),
    );
  for (const [verb, to, text] of MOVES)
    common(story.command(verb).argument("<story>", "story id, prefix or key"), { records: true })
      .description(text)
      .addHelpText("after", `\nExample:\n  adrift story ${verb} ST-1`)
      .action(
        action(async (ref: string, options) => {
          const result = await (await repository(options)).transitionStory(ref, to);
          emit(options, result, () =>
            [
              `${paint("green", result.to)} story ${label(result)} (was ${result.from})`,
              ...warningLines(result.warnings),
            ].join("\n"),
          );
          return 0;
        }),
      );
  common(storyFields(story.command("amend").argument("<story>", "story id, prefix or key")), {
    records: true,
  })
    .description("amend a story (past draft only with --question of an answered question)")
    .option("--title <title>", "a new title")
    .option("--question <id>", "the answered question that motivates the change")
    .addHelpText(
      "after",
      `\nExample:\n  adrift story amend ST-1 --question 01JQ --dor "code format confirmed by the user"`,
    )
    .action(
      action(async (ref: string, options) => {
        const result = await (await repository(options)).amendStory(ref, {
          title: options.title,
          functional_requirements: options.rf,
          non_functional_requirements: options.rnf,
          definition_of_done: options.dod,
          definition_of_ready: options.dor,
          business_rule_ids: options.rule,
          decision_ids: options.decision,
          question: options.question,
        });
        emit(options, result, () =>
          [
            `${paint("green", "amended")} story ${result.id} (${result.status})`,
            ...missingLines(result.missing),
          ].join("\n"),
        );
        return 0;
      }),
    );
  common(story.command("show").argument("<story>", "story id, prefix or key"), { as: false })
    .description("show a story with its rules, tasks, open questions and user decisions")
    .addHelpText("after", "\nExample:\n  adrift story show ST-1 --json")
    .action(
      action(async (ref: string, options) => {
        const r = await (await repository(options)).showStory(ref);
        emit(options, r, () => storyDetails(r));
        return 0;
      }),
    );
  common(story.command("list"), { as: false })
    .description("list stories")
    .option("--epic <epic>", "only stories of this epic")
    .option("--status <status>", "draft | ready | in_progress | in_review | done")
    .addHelpText("after", "\nExample:\n  adrift story list --status ready")
    .action(
      action(async (options) => {
        const stories = await (await repository(options)).listStories({
          epic: options.epic,
          status: options.status,
        });
        emit(options, { stories }, () =>
          stories.length === 0
            ? "no stories: adrift story add <title> --epic E"
            : stories
                .map(
                  (s) =>
                    `${label(s)}  ${s.status.padEnd(11)} ${safeText(s.title)}  (${s.rules} rules, ${s.tasks} tasks)`,
                )
                .join("\n"),
        );
        return 0;
      }),
    );
}
