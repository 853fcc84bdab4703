import { writeFileSync } from "node:fs";
import type { Command } from "commander";
import { quotePath, safeText } from "../../core/render/terminal.js";
import { runCheckpoint } from "../checkpoint.js";
import { action, common, repository, writePath } from "../common.js";
import { type CommonOptions, emit, paint } from "../io.js";

/**
 * Writes a generated document to --out (relative to where the command runs, inside the
 * repository at `root`) and returns its path; without --out, does nothing.
 */
export function writeOut(
  options: CommonOptions & { out?: string },
  root: string,
  content: string,
): string | undefined {
  if (!options.out) return undefined;
  const file = writePath(options.out, options, root).absolute;
  writeFileSync(file, content);
  return file;
}

/** `adrift export`: a session or workline as readable Markdown. */
export function registerExport(program: Command): void {
  common(program.command("export"), { as: false })
    .description("a session or workline as readable Markdown: timeline and decisions")
    .option("--session <id>", "the session to export (default: this clone's current one)")
    .option(
      "--workline <id>",
      "export a workline instead (without a complete intent card, asks for one on a terminal)",
    )
    .option("--out <file>", "write the Markdown to this file instead of stdout")
    .addHelpText(
      "after",
      "\nExamples:\n  adrift export\n  adrift export --workline 01JC --out workline.md",
    )
    .action(
      action(async (options) => {
        const repo = await repository(options);
        // A workline exported without a complete intent card asks for one first.
        const checkpoint =
          options.workline && !options.session
            ? await runCheckpoint(repo, options, await repo.worklineCheckpoint(options.workline))
            : undefined;
        const result = await repo.exportMarkdown({
          session: options.session,
          workline: options.workline,
        });
        const file = writeOut(options, repo.root, result.markdown);
        const data = {
          ...result,
          ...(file ? { out: file } : {}),
          ...(checkpoint ? { checkpoint } : {}),
        };
        emit(options, data, () =>
          file
            ? paint("green", `wrote ${quotePath(file)}`)
            : safeText(result.markdown, { multiline: true }),
        );
        return 0;
      }),
    );
}
