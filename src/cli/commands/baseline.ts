import type { Command } from "commander";
import { action, common, repository } from "../common.js";
import { emit, paint } from "../io.js";

/** `adrift baseline freeze`: today's uncovered files, excused from the uncovered gate. */
export function registerBaseline(program: Command): void {
  const baseline = program
    .command("baseline")
    .description("the baseline of uncovered code the PR gate tolerates");
  common(baseline.command("freeze"), { as: false })
    .description(
      "record the files no decision covers now, so only new code trips --fail-on uncovered",
    )
    .option("--expires <date>", "YYYY-MM-DD after which the frozen entries fail the gate again")
    .addHelpText(
      "after",
      "\nExample:\n  adrift baseline freeze --expires 2027-06-30 && git add .decisions/baseline.json",
    )
    .action(
      action(async (options) => {
        const result = await (await repository(options)).freezeBaseline({
          expires: options.expires,
        });
        emit(
          options,
          result,
          () =>
            `${paint("green", "froze")} ${result.files} uncovered file(s) in ${result.areas} area(s) into ${result.file}${result.expires ? ` (expire ${result.expires})` : ""}`,
        );
        return 0;
      }),
    );
}
