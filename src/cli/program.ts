import { Command } from "commander";
import { registerAdr } from "./commands/adr.js";
import { registerAgent } from "./commands/agent.js";
import { registerBacklog } from "./commands/backlog.js";
import { registerBaseline } from "./commands/baseline.js";
import { registerContext } from "./commands/context.js";
import { registerDecision } from "./commands/decision.js";
import { registerDemo } from "./commands/demo.js";
import { registerDoctor } from "./commands/doctor.js";
import { registerExport } from "./commands/export.js";
import { registerHook } from "./commands/hook.js";
import { registerInspect } from "./commands/inspect.js";
import { registerMcp } from "./commands/mcp.js";
import { registerPrComment } from "./commands/pr-comment.js";
import { registerQuestion } from "./commands/question.js";
import { registerIntent } from "./commands/records.js";
import { registerReport } from "./commands/report.js";
import { registerSetup } from "./commands/setup.js";
import { registerStale } from "./commands/stale.js";
import { registerStory } from "./commands/story.js";
import { registerTask } from "./commands/task.js";
import { registerVerdict } from "./commands/verdict.js";
import { registerWatch } from "./commands/watch.js";
import { registerWorkline } from "./commands/workline.js";

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
  registerWorkline(program);
  registerIntent(program);
  registerDecision(program);
  registerInspect(program);
  registerStale(program);
  registerHook(program);
  registerWatch(program);
  registerBacklog(program);
  registerStory(program);
  registerTask(program);
  registerQuestion(program);
  registerVerdict(program);
  registerDemo(program);
  registerAgent(program);
  registerDoctor(program);
  registerContext(program);
  registerExport(program);
  registerReport(program);
  registerPrComment(program);
  registerBaseline(program);
  registerAdr(program);
  registerMcp(program);
  return program;
}
