import type { Command } from "commander";
import { action, common, parseAs, runDir } from "../common.js";
import { cliIo } from "../io.js";
import { VERSION } from "../program.js";

/** `adrift mcp`: the MCP server on stdio, for coding agents. */
export function registerMcp(program: Command): void {
  common(program.command("mcp"))
    .description("serve adrift's use cases as MCP tools on stdin/stdout, for coding agents")
    .addHelpText(
      "after",
      `\nEvery event an agent writes carries actor {kind: "agent", name: <client name>} and goes to
the client's own session, owned by you (git user.email, or --as): you answer its questions.

Example (Claude Code):
  claude mcp add adrift -- npx git-adrift mcp -C /path/to/repo
See docs/agents.md for Cursor and other clients.`,
    )
    .action(
      action(async (options) => {
        // The SDK and the use cases load only when the server really starts.
        const [{ createContext }, { serveStdio }] = await Promise.all([
          import("../../app/dependencies.js"),
          import("../../mcp/server.js"),
        ]);
        const ctx = await createContext(runDir(options), {
          env: cliIo().env,
          actor: parseAs(options.as),
        });
        await serveStdio(ctx, VERSION);
        return 0;
      }),
    );
}
