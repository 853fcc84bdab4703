import type { Command } from "commander";
import { action, common, parseAs, runDir } from "../common.js";
import { cliIo } from "../io.js";
import { VERSION } from "../program.js";

/** `adrift mcp`: the MCP server on stdio, for coding agents. */
export function registerMcp(program: Command): void {
  common(program.command("mcp"))
    .description("serve adrift's use cases as MCP tools on stdin/stdout, for coding agents")
    .option(
      "--toolsets <sets>",
      "list these tool sets from the start (comma-separated, or all): records, questions, context, staleness (listed by default), lists, backlog, tasks, adr",
    )
    .addHelpText(
      "after",
      `\nEvery event an agent writes carries actor {kind: "agent", name: <client name>} and goes to
the client's own session, owned by you (git user.email, or --as): you answer its questions.

The tool list a client sends with every turn holds four sets: records, questions, context and
staleness. The agent lists the others when its work needs them (enable_toolsets: lists of
records and questions, the backlog, moving tasks and QA verdicts, ADR drafts), or --toolsets
lists them from the start; every tool answers a call either way.

Example (Claude Code):
  claude mcp add adrift -- npx git-adrift mcp -C /path/to/repo
See docs/agents.md for Cursor and other clients.`,
    )
    .action(
      action(async (options) => {
        // The SDK and the use cases load only when the server really starts.
        const [{ createContext }, { serveStdio }, { parseToolsets }] = await Promise.all([
          import("../../app/dependencies.js"),
          import("../../mcp/server.js"),
          import("../../mcp/toolsets.js"),
        ]);
        const toolsets = options.toolsets ? parseToolsets(options.toolsets) : undefined;
        const ctx = await createContext(runDir(options), {
          env: cliIo().env,
          actor: parseAs(options.as),
        });
        await serveStdio(ctx, VERSION, toolsets);
        return 0;
      }),
    );
}
