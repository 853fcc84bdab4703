import type { Command } from "commander";
import { AdriftError, truncate } from "../../core/errors.js";
import { action, runDir } from "../common.js";
import { cliIo } from "../io.js";

const SHELLS = ["bash", "zsh", "fish"];

/** `adrift completion bash|zsh|fish`, and `completion ids` that the scripts call. */
export function registerCompletion(program: Command): void {
  program
    .command("completion")
    .argument("<shell>", "bash | zsh | fish | ids (what the scripts call to complete ids)")
    .description("print a shell completion script: commands, subcommands, options, record ids")
    .option("-C, --cwd <dir>", "with ids: the repository (default: the current directory)")
    .option(
      "--kind <kind>",
      "with ids: record, story, task, epic, rule, question, workline, session",
    )
    .addHelpText(
      "after",
      `
Examples:
  eval "$(adrift completion bash)"                              # in ~/.bashrc
  adrift completion zsh > "\${fpath[1]}/_adrift"                 # or: source <(adrift completion zsh)
  adrift completion fish > ~/.config/fish/completions/adrift.fish`,
    )
    .action(
      action(async (shell: string, options: { cwd?: string; kind?: string }) => {
        if (shell === "ids") {
          const { createLightContext } = await import("../../app/light-dependencies.js");
          const { completionIds } = await import("../../app/log/completion-ids.js");
          const ctx = await createLightContext(runDir(options), { env: cliIo().env });
          const ids = await completionIds(ctx, options.kind ?? "any");
          if (ids.length) cliIo().stdout.write(`${ids.join("\n")}\n`);
          return 0;
        }
        if (!SHELLS.includes(shell))
          throw new AdriftError(
            "usage",
            `no completion for "${truncate(shell, 40)}": expected one of ${SHELLS.join(", ")}`,
          );
        const [{ createProgram }, { completionModel }, { completionScript }] = await Promise.all([
          import("../program.js"),
          import("../completion/model.js"),
          import("../completion/scripts.js"),
        ]);
        const nodes = completionModel(await createProgram());
        cliIo().stdout.write(completionScript(shell as "bash", nodes));
        return 0;
      }),
    );
}
