import { closeSync } from "node:fs";
import type { Command } from "commander";
import { quotePath, safeText } from "../../core/render/terminal.js";
import { runCheckpoint } from "../checkpoint.js";
import { action, common, repository } from "../common.js";
import { cliIo, jsonReplacer, paint } from "../io.js";
import { writeChunks } from "../json-stream.js";
import { openOut, teeToFile, writeChunksToFile } from "../out-file.js";

/** `adrift export`: a session or workline as readable Markdown. */
export function registerExport(program: Command): void {
  common(program.command("export"), { as: false })
    .description("a session or workline as readable Markdown: timeline and decisions")
    .option("--session <id>", "the session to export (default: this clone's current one)")
    .option(
      "--workline <id>",
      "export a workline instead (without a complete intent card, asks for one on a terminal; a plain export asks the same of the active workline)",
    )
    .option("--out <file>", "write the Markdown to this file instead of stdout")
    .addHelpText(
      "after",
      "\nExamples:\n  adrift export\n  adrift export --workline 01JC --out workline.md",
    )
    .action(
      action(async (options) => {
        const repo = await repository(options);
        // A workline exported without a complete intent card asks for one first; so does a
        // plain export while the clone's active workline (open) has none.
        const point = options.session ? undefined : await repo.worklineCheckpoint(options.workline);
        const checkpoint =
          point && (options.workline || point.status === "open")
            ? await runCheckpoint(repo, options, point)
            : undefined;
        const result = await repo.exportMarkdownStream({
          session: options.session,
          workline: options.workline,
        });
        // Opened before anything is printed: a --out that cannot be written fails alone.
        const out = openOut(options, repo.root);
        try {
          if (options.json) {
            // One JSON document whose `markdown` string is written a piece at a time: the pieces
            // end at block boundaries (never inside a surrogate pair), so each piece's escaped
            // characters are those of the whole string.
            const data = {
              kind: result.kind,
              id: result.id,
              markdown: MARKDOWN_SLOT,
              ...(out ? { out: out.file } : {}),
              ...(checkpoint ? { checkpoint } : {}),
            };
            const json = JSON.stringify(data, jsonReplacer, cliIo().stdout.isTTY ? 2 : undefined);
            const [before, after] = json.split(JSON.stringify(MARKDOWN_SLOT));
            const chunks = out ? teeToFile(out.fd, result.chunks) : result.chunks;
            await writeChunks(cliIo().stdout, jsonStringPieces(before!, chunks, `${after}\n`));
          } else if (out) {
            writeChunksToFile(out.fd, result.chunks);
            cliIo().stdout.write(`${paint("green", `wrote ${quotePath(out.file)}`)}\n`);
          } else {
            const last = await writeChunks(cliIo().stdout, result.chunks, (chunk) =>
              safeText(chunk, { multiline: true }),
            );
            if (last !== "" && last !== "\n") cliIo().stdout.write("\n");
          }
        } finally {
          if (out) closeSync(out.fd);
        }
        return 0;
      }),
    );
}

/** Stands for the Markdown in the JSON document until its pieces are written in its place. */
const MARKDOWN_SLOT = "\u0000adrift:markdown\u0000";

/** `before`, then the pieces as one JSON string (escaped a piece at a time), then `after`. */
function* jsonStringPieces(
  before: string,
  chunks: Iterable<string>,
  after: string,
): Generator<string> {
  yield `${before}"`;
  for (const chunk of chunks) yield JSON.stringify(chunk).slice(1, -1);
  yield `"${after}`;
}
