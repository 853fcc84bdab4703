import type { Command } from "commander";
import { action, common, runDir } from "../common.js";
import { type CommonOptions, cliIo, emit, note, paint } from "../io.js";

async function context(options: CommonOptions) {
  const { createLightContext } = await import("../../app/light-dependencies.js");
  return createLightContext(runDir(options), { env: cliIo().env });
}

/** Says where an edited hook that `--force` replaced was kept. */
function keptNote(hook: { kept?: string }): string {
  return hook.kept ? ` (it had been edited: the edited file is kept as ${hook.kept})` : "";
}

/** `adrift hook install|uninstall|run`. */
export function registerHook(program: Command): void {
  const hook = program
    .command("hook")
    .description("git hooks that record staleness as commits happen (chained with yours)");
  common(hook.command("install"), { as: false })
    .description(
      "install pre-commit, pre-merge-commit, prepare-commit-msg, commit-msg, post-commit, post-merge, post-rewrite, post-checkout",
    )
    .option(
      "--force",
      "install even beside leftover *.pre-adrift files (kept as *.orphan) and over edited adrift hooks (kept as *.adrift-edited)",
    )
    .addHelpText(
      "after",
      "\nExample:\n  adrift hook install      # honours core.hooksPath; with husky 9 or a core.hooksPath folder of the work tree adds a line to each hook file there; with lefthook writes lefthook-local.yml, and its own hook in .git/hooks where lefthook would run adrift alone (docs/hooks.md)",
    )
    .action(
      action(async (options: CommonOptions & { force?: boolean }) => {
        const { installHooks } = await import("../../app/hooks/install.js");
        const result = await installHooks(await context(options), {
          force: options.force,
        }).catch((error: { details?: { entries?: unknown } }) => {
          // lefthook with a lefthook-local.yml of its own: the entries to add, before the error line.
          const entries = error.details?.entries;
          if (typeof entries === "string" && !options.json) cliIo().stdout.write(`${entries}\n`);
          throw error;
        });
        // On stderr, so it shows with --json too (where the document also carries it).
        for (const warning of result.warnings)
          note(paint("yellow", `warning: ${warning}`, cliIo().stderr));
        emit(options, result, () =>
          [
            `hooks in ${result.dir}${result.manager ? ` (${result.manager})` : ""}:`,
            ...result.hooks.map(
              (h) => `  ${paint("green", h.action.padEnd(9))} ${h.hook}${keptNote(h)}`,
            ),
          ].join("\n"),
        );
        return 0;
      }),
    );
  common(hook.command("uninstall"), { as: false })
    .description("remove adrift's hooks and restore the ones that were there, byte for byte")
    .option(
      "--force",
      "remove adrift's hooks even where someone edited them (kept as *.adrift-edited)",
    )
    .addHelpText("after", "\nExample:\n  adrift hook uninstall")
    .action(
      action(async (options: CommonOptions & { force?: boolean }) => {
        const { uninstallHooks } = await import("../../app/hooks/install.js");
        const result = await uninstallHooks(await context(options), { force: options.force });
        emit(options, result, () =>
          [
            `hooks in ${result.dir}:`,
            ...result.hooks.map((h) => `  ${h.action.padEnd(9)} ${h.hook}${keptNote(h)}`),
          ].join("\n"),
        );
        return 0;
      }),
    );
  hook
    .command("run")
    .argument("<name>", "the hook git is running (pre-commit, prepare-commit-msg, post-merge, …)")
    .argument("[args...]", "the hook's arguments, as git gave them")
    .description(
      "what an installed hook runs; call it from husky or lefthook (never fails the git command)",
    )
    .addHelpText(
      "after",
      `\nExamples (see docs/hooks.md):\n  npx --no-install git-adrift hook run pre-commit || true            # .husky/pre-commit\n  npx --no-install git-adrift hook run prepare-commit-msg "$@" || true`,
    )
    .action(
      action(async (name: string, args: string[]) => {
        const { runInstalledHook } = await import("../hook-entry.js");
        return runInstalledHook(name, args);
      }),
    );
}
