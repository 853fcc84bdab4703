import type { Command } from "commander";
import { shellQuote } from "../../core/agents/hook-config.js";
import { AdriftError } from "../../core/errors.js";
import { quotePath, safeText } from "../../core/render/terminal.js";
import { action, appContext, common, writePath } from "../common.js";
import { type CommonOptions, cliIo, emit, note, paint, reportError } from "../io.js";

type BuildOptions = CommonOptions & { out?: string };
type ServeOptions = BuildOptions & { port?: string; host?: string };

/**
 * `--out` as the user typed it (relative to where the command runs), inside the repository as
 * every folder adrift writes (a Pages job publishes a folder of its checkout); none: the default.
 */
function siteOut(options: BuildOptions, root: string): { out?: string } {
  return options.out === undefined ? {} : { out: writePath(options.out, options, root).absolute };
}

/** `adrift site build` and `adrift site serve`. */
export function registerSite(program: Command): void {
  const site = program
    .command("site")
    .description("a static website of every decision, ADR, question and rule, with search");
  common(site.command("build"), { as: false })
    .description(
      "write the static site: a timeline, a page per ADR and per record, the relation graph, the code map, the questions, the backlog and search; it opens from file:// and any static host and makes no outside request",
    )
    .option(
      "--out <dir>",
      "the folder to write (default: .adrift/site, which git is told to ignore)",
    )
    .addHelpText(
      "after",
      "\nA rebuild rewrites only the pages that changed. The folder must be new, empty, or one a\nsite build wrote.\n\nExamples:\n  adrift site build && open .adrift/site/index.html\n  adrift site build --out public --json",
    )
    .action(
      action(async (options: BuildOptions) => {
        const ctx = await appContext(options);
        const { buildSite } = await import("../../app/site/build-site.js");
        const result = await buildSite(ctx, siteOut(options, ctx.git.location.root));
        emit(
          options,
          result,
          () =>
            `${paint("green", "built")} ${quotePath(result.out)}: ${result.pages} pages (${result.written} written, ${result.unchanged} unchanged, ${result.removed} removed), ${result.records} records, ${result.adrs} ADRs, ${result.stale} stale\nopen ${safeText(shellQuote(`${result.out}/index.html`))}`,
        );
        return 0;
      }),
    );
  common(site.command("serve"), { as: false })
    .description(
      "build the site, serve it on localhost, and rebuild it when the log, the ADRs or the code change; open pages reload themselves",
    )
    .option("--out <dir>", "the folder to build into (default: .adrift/site)")
    .option("--port <n>", "the port to listen on (0: any free one)", "4000")
    .option("--host <host>", "the address to listen on", "127.0.0.1")
    .addHelpText(
      "after",
      "\nCtrl-C stops it. With --json, one JSON line per build.\n\nExamples:\n  adrift site serve\n  adrift site serve --port 8080",
    )
    .action(
      action(async (options: ServeOptions) => {
        const port = Number(options.port ?? 4000);
        if (!Number.isInteger(port) || port < 0 || port > 65_535)
          throw new AdriftError("usage", `--port expects 0 to 65535, got "${options.port}"`);
        const ctx = await appContext(options);
        const { serveSite } = await import("../../app/site/serve-site.js");
        const server = await serveSite(
          ctx,
          {
            port,
            host: options.host ?? "127.0.0.1",
            ...siteOut(options, ctx.git.location.root),
          },
          {
            onBuilt: (result) =>
              options.json
                ? cliIo().stdout.write(`${JSON.stringify(result)}\n`)
                : note(
                    paint(
                      "dim",
                      `built ${result.pages} pages (${result.written} written)`,
                      cliIo().stderr,
                    ),
                  ),
            onError: (error) => reportError(error, Boolean(options.json)),
          },
        );
        note(`serving ${quotePath(server.out)} at ${server.url} (Ctrl-C to stop)`);
        await new Promise<void>((resolve) => {
          process.once("SIGINT", () => resolve());
          process.once("SIGTERM", () => resolve());
        });
        await server.close();
        return 0;
      }),
    );
}
