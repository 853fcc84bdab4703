import type { Command } from "commander";
import { action } from "../common.js";
import { type CommonOptions, cliIo, emit } from "../io.js";

/** `adrift demo`: the whole loop in a throwaway repository, with real output. */
export function registerDemo(program: Command): void {
  program
    .command("demo")
    .description(
      "run the whole loop in a throwaway repository and print what each step shows (about 15 s)",
    )
    .option("--keep", "keep the throwaway repository and print its path")
    .option("--json", "print the transcript as JSON steps")
    .addHelpText(
      "after",
      "\nExample:\n  adrift demo\n  adrift demo --keep   # look around the repository afterwards",
    )
    .action(
      action(async (options: CommonOptions & { keep?: boolean }) => {
        const { runDemo } = await import("../../app/demo/run-demo.js");
        const result = await runDemo({ keep: Boolean(options.keep), env: cliIo().env });
        emit(options, result, () => result.transcript);
        return result.ok ? 0 : 1;
      }),
    );
}
