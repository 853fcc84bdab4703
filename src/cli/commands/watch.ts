import type { Command } from "commander";
import { AdriftError } from "../../core/errors.js";
import { quotePath, safeText } from "../../core/render/terminal.js";
import type { StaleFinding } from "../../core/staleness/types.js";
import { action, common, parseAs, runDir, writePath } from "../common.js";
import { type CommonOptions, cliIo, note, paint, reportError } from "../io.js";

function line(finding: StaleFinding): string {
  const commit = finding.commits.at(-1);
  return `${new Date().toISOString().slice(11, 19)} ${paint("yellow", "stale")} ${finding.kind} ${finding.record_id}  ${finding.paths
    .map((p) => quotePath(p.path))
    .slice(0, 3)
    .join(
      ", ",
    )}${commit ? paint("dim", `  (${commit.hash.slice(0, 10)} ${safeText(commit.subject)})`) : ""}`;
}

/** `adrift watch`. */
export function registerWatch(program: Command): void {
  common(program.command("watch"))
    .description(
      "watch commits, merges, pulls, rebases and checkouts; mark records stale as they happen and keep the ADR index and reports current",
    )
    .option(
      "--report <file>",
      "also keep this correspondence report current (.md, .json or .html; repeatable)",
      (value: string, all: string[] = []) => [...all, value],
    )
    .addHelpText(
      "after",
      "\nExample:\n  adrift watch          # Ctrl-C stops it\n  adrift watch --json   # one JSON finding per line (NDJSON)\n  adrift watch --report docs/correspondence.html",
    )
    .action(
      action(async (options: CommonOptions & { report?: string[] }) => {
        const { createLightContext } = await import("../../app/light-dependencies.js");
        const { watchStaleness } = await import("../../app/staleness/watch.js");
        const { reportFormatOf } = await import("../../app/reports/generated-files.js");
        const ctx = await createLightContext(runDir(options), {
          env: cliIo().env,
          actor: parseAs(options.as),
        });
        const reports = (options.report ?? []).map((file) => ({
          file: writePath(file, options, ctx.git.location.root, "--report").absolute,
          format: reportFormatOf(file),
        }));
        const watcher = await watchStaleness(
          ctx,
          {
            onMarked: (f) =>
              cliIo().stdout.write(`${options.json ? JSON.stringify(f) : line(f)}\n`),
            onGenerated: (file) =>
              note(
                paint(
                  "dim",
                  `${new Date().toISOString().slice(11, 19)} wrote ${quotePath(file)}`,
                  cliIo().stderr,
                ),
              ),
            onError: (error) => reportError(error, Boolean(options.json)),
          },
          { reports },
        );
        note(paint("dim", `watching ${ctx.git.location.root} (Ctrl-C to stop)`, cliIo().stderr));
        const gone = await new Promise<string | undefined>((resolve) => {
          const stop = () => resolve(undefined);
          process.once("SIGINT", stop);
          process.once("SIGTERM", stop);
          void watcher.gone.then(resolve);
        });
        await watcher.close();
        if (gone === undefined) {
          note(paint("dim", "stopped", cliIo().stderr));
          return 0;
        }
        return reportError(
          new AdriftError(
            "not_a_git_repo",
            `${gone} was removed: the repository is gone, stopped watching`,
            {
              path: gone,
            },
          ),
          Boolean(options.json),
        );
      }),
    );
}
