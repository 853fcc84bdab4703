import { closeSync } from "node:fs";
import type { Command } from "commander";
import type { ReportFormat } from "../../app/reports/correspondence.js";
import { AdriftError } from "../../core/errors.js";
import { quotePath, safeText } from "../../core/render/terminal.js";
import { action, common, repository } from "../common.js";
import { cliIo, paint } from "../io.js";
import { writeChunks } from "../json-stream.js";
import { openOut, writeChunksToFile } from "../out-file.js";

const FORMATS = ["md", "json", "html"];

/** `adrift report correspondence`. */
export function registerReport(program: Command): void {
  const report = program
    .command("report")
    .description("reports generated from the log and the code");
  common(report.command("correspondence"), { as: false })
    .description(
      "each ADR and decision against the code now, and each code area against its decisions",
    )
    .option("--format <format>", "md | json | html", "md")
    .option("--out <file>", "write the report to this file instead of stdout")
    .option("--depth <n>", "directory depth of code areas (default: config coverage_depth)")
    .addHelpText(
      "after",
      "\nExamples:\n  adrift report correspondence --format html --out correspondence.html\n  adrift report correspondence --json --depth 3",
    )
    .action(
      action(async (options) => {
        const format: ReportFormat = options.json ? "json" : options.format;
        if (!FORMATS.includes(format))
          throw new AdriftError("usage", `--format must be one of ${FORMATS.join(", ")}`);
        const depth = options.depth === undefined ? undefined : Number(options.depth);
        if (depth !== undefined && (!Number.isInteger(depth) || depth < 1 || depth > 10))
          throw new AdriftError("usage", `--depth expects 1 to 10, got "${options.depth}"`);
        const repo = await repository(options);
        const { correspondenceChunks } = await import("../../app/reports/correspondence.js");
        const report = await repo.correspondence({ depth });
        // Written a record (a table row) at a time, never as one string.
        const chunks = correspondenceChunks(report, format);
        const out = openOut(options, repo.root);
        if (out) {
          try {
            writeChunksToFile(out.fd, chunks);
          } finally {
            closeSync(out.fd);
          }
          cliIo().stdout.write(`${paint("green", "wrote")} ${quotePath(out.file)}\n`);
          return 0;
        }
        // JSON is printed as it is (its strings stay raw); Markdown and HTML as text for a terminal.
        await writeChunks(
          cliIo().stdout,
          chunks,
          format === "json" ? undefined : (chunk) => safeText(chunk, { multiline: true }),
        );
        return 0;
      }),
    );
}
