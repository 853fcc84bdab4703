import { Command } from "commander";
import { registerDemo } from "./commands/demo.js";
import { registerInspect } from "./commands/inspect.js";
import { registerMcp } from "./commands/mcp.js";
import { registerDecision, registerIntent } from "./commands/records.js";
import { registerSetup } from "./commands/setup.js";

/** The version printed by --version. */
export const VERSION = "0.1.0";

/** Builds the commander program with every command registered. */
export function createProgram(): Command {
  const program = new Command("adrift")
    .description(
      "Keep the why of a codebase inside the repository, and know when the code moved on.",
    )
    .version(VERSION)
    .showHelpAfterError("(run with --help for usage)")
    .configureOutput({ outputError: (text, write) => write(text) })
    .exitOverride();
  registerSetup(program);
  registerIntent(program);
  registerDecision(program);
  registerInspect(program);
  registerDemo(program);
  registerMcp(program);
  return program;
}
