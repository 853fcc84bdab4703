import type { Command } from "commander";
import { safeText } from "../../core/render/terminal.js";
import { label } from "../backlog-format.js";
import { action, common, repository } from "../common.js";
import { emit, paint } from "../io.js";

/** `adrift rule add|list`, `adrift epic add|list`, `adrift coverage`. */
export function registerBacklog(program: Command): void {
  const rule = program
    .command("rule")
    .description("business rules: what the product must do, for stories to cover");
  common(rule.command("add").argument("<title>", "short name of the rule"), { records: true })
    .description("record a business rule")
    .requiredOption("--text <text>", "what the rule says")
    .option("--key <key>", "a human key, usable wherever an id is taken (e.g. RN-858)")
    .addHelpText(
      "after",
      `\nExample:\n  adrift rule add "Refunds within 7 days" --key RN-858 --text "A refund is allowed up to 7 days after delivery"`,
    )
    .action(
      action(async (title: string, options) => {
        const result = await (await repository(options)).addRule({
          title,
          text: options.text,
          key: options.key,
        });
        emit(options, result, () => `${paint("green", "recorded")} rule ${label(result)}`);
        return 0;
      }),
    );
  common(rule.command("list"), { as: false })
    .description("list business rules with the number of stories covering each")
    .addHelpText("after", "\nExample:\n  adrift rule list --json")
    .action(
      action(async (options) => {
        const rules = await (await repository(options)).listRules();
        emit(options, { rules }, () =>
          rules.length === 0
            ? "no business rules yet: adrift rule add <title> --text T"
            : rules
                .map((r) => `${label(r)}  ${safeText(r.title)}  (${r.stories} stories)`)
                .join("\n"),
        );
        return 0;
      }),
    );

  const epic = program.command("epic").description("epics: groups of stories");
  common(epic.command("add").argument("<title>", "what the epic is about"), { records: true })
    .description("create an epic")
    .option("--key <key>", "a human key (e.g. EP-1)")
    .option("--description <text>", "a longer description")
    .addHelpText("after", `\nExample:\n  adrift epic add "Refunds" --key EP-1`)
    .action(
      action(async (title: string, options) => {
        const result = await (await repository(options)).addEpic({
          title,
          key: options.key,
          description: options.description,
        });
        emit(options, result, () => `${paint("green", "created")} epic ${label(result)}`);
        return 0;
      }),
    );
  common(epic.command("list"), { as: false })
    .description("list epics")
    .addHelpText("after", "\nExample:\n  adrift epic list")
    .action(
      action(async (options) => {
        const epics = await (await repository(options)).listEpics();
        emit(options, { epics }, () =>
          epics.length === 0
            ? "no epics yet: adrift epic add <title>"
            : epics
                .map((e) => `${label(e)}  ${safeText(e.title)}  (${e.stories} stories)`)
                .join("\n"),
        );
        return 0;
      }),
    );

  common(program.command("coverage"), { as: false })
    .description("business rule → stories (tasks inherit); uncovered rules are findings")
    .option("--check", "exit 1 when a rule is covered by no story")
    .addHelpText("after", "\nExamples:\n  adrift coverage\n  adrift coverage --check --json")
    .action(
      action(async (options) => {
        const report = await (await repository(options)).coverage();
        emit(options, report, () =>
          [
            ...report.rules.map((r) =>
              r.stories.length === 0
                ? paint("red", `${safeText(r.key ?? r.rule_id)}  ${safeText(r.title)}  — no story`)
                : `${label({ id: r.rule_id, key: r.key })}  ${safeText(r.title)}  ← ${r.stories.map((s) => safeText(s.key ?? s.id)).join(", ")}${r.tasks.length ? ` (${r.tasks.length} tasks)` : ""}`,
            ),
            `${report.covered}/${report.total} rules covered`,
          ].join("\n"),
        );
        return options.check && report.findings.length > 0 ? 1 : 0;
      }),
    );
}
