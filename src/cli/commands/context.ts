import type { Command } from "commander";
import { AdriftError } from "../../core/errors.js";
import { safeText } from "../../core/render/terminal.js";
import { action, common, repository } from "../common.js";
import { emit, paint } from "../io.js";

function positive(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new AdriftError("usage", `${name} expects a positive integer, got "${value}"`);
  return n;
}

/** `adrift context`: the agent one-liner, or the decisions governing a diff. */
export function registerContext(program: Command): void {
  common(program.command("context"), { as: false })
    .description("context for an agent: the one-liner, or the decisions governing a diff")
    .option("--workline <id>", "the workline to summarise (default: the active one)")
    .option("--story <id>", "the user decisions that affect this story")
    .option("--task <id>", "the user decisions that affect this task")
    .option("--max-tokens <n>", "budget of the one-liner in tokens (1 token ≈ 4 characters)", "80")
    .option("--base <ref>", "list the decisions governing the diff base...head")
    .option("--head <ref>", "head of the diff (default HEAD)")
    .option("--verbose", "with --base: the full cards, not just one-line outcomes")
    .option("--max-chars <n>", "with --base: budget in characters (default 4000)")
    .addHelpText(
      "after",
      "\nExamples:\n  adrift context --max-tokens 40\n  adrift context --base origin/main --json\n  adrift context --base main --verbose --max-chars 8000",
    )
    .action(
      action(async (options) => {
        const repo = await repository(options);
        if (options.base) {
          const report = await repo.governing({
            base: options.base,
            head: options.head,
            verbose: Boolean(options.verbose),
            maxChars: positive("--max-chars", options.maxChars),
          });
          emit(options, report, () =>
            [
              ...report.notices.map((n) => paint("yellow", `note: ${safeText(n)}`)),
              ...report.items.map((i) => safeText(i.text, { multiline: true })),
              report.items.length === 0 ? "no decision or ADR governs this diff" : "",
              report.left_out.length
                ? paint(
                    "dim",
                    `left out by the ${report.max_chars}-character budget: ${report.left_out.map((l) => l.id).join(", ")}`,
                  )
                : "",
            ]
              .filter(Boolean)
              .join("\n"),
          );
          return 0;
        }
        if (options.story || options.task) {
          const decisions = await repo.userDecisions({ story: options.story, task: options.task });
          emit(options, decisions, () => safeText(decisions.text, { multiline: true }));
          return 0;
        }
        const line = await repo.contextLine({
          workline: options.workline,
          maxTokens: positive("--max-tokens", options.maxTokens),
        });
        emit(options, line, () => safeText(line.text, { multiline: true }));
        return 0;
      }),
    );
}
