import { Command } from "commander";

/** The version printed by --version. */
export const VERSION = "0.1.0";

type Register = (program: Command) => void;

/**
 * Every command module, in help order, with the top-level commands it registers (a test keeps
 * the names true). Modules are imported when needed: running one command loads only its own.
 */
const MODULES: [names: string[], load: () => Promise<Register>][] = [
  [["init", "session"], async () => (await import("./commands/setup.js")).registerSetup],
  [["workline"], async () => (await import("./commands/workline.js")).registerWorkline],
  [["intent"], async () => (await import("./commands/records.js")).registerIntent],
  [["decision"], async () => (await import("./commands/decision.js")).registerDecision],
  [
    ["show", "list", "validate"],
    async () => (await import("./commands/inspect.js")).registerInspect,
  ],
  [["stale"], async () => (await import("./commands/stale.js")).registerStale],
  [["hook"], async () => (await import("./commands/hook.js")).registerHook],
  [["watch"], async () => (await import("./commands/watch.js")).registerWatch],
  [
    ["rule", "epic", "coverage"],
    async () => (await import("./commands/backlog.js")).registerBacklog,
  ],
  [["story"], async () => (await import("./commands/story.js")).registerStory],
  [["task"], async () => (await import("./commands/task.js")).registerTask],
  [["question"], async () => (await import("./commands/question.js")).registerQuestion],
  [["verdict"], async () => (await import("./commands/verdict.js")).registerVerdict],
  [["demo"], async () => (await import("./commands/demo.js")).registerDemo],
  [["agent"], async () => (await import("./commands/agent.js")).registerAgent],
  [["doctor"], async () => (await import("./commands/doctor.js")).registerDoctor],
  [["context"], async () => (await import("./commands/context.js")).registerContext],
  [["export"], async () => (await import("./commands/export.js")).registerExport],
  [["report"], async () => (await import("./commands/report.js")).registerReport],
  [["pr-comment"], async () => (await import("./commands/pr-comment.js")).registerPrComment],
  [["baseline"], async () => (await import("./commands/baseline.js")).registerBaseline],
  [["adr"], async () => (await import("./commands/adr.js")).registerAdr],
  [["mcp"], async () => (await import("./commands/mcp.js")).registerMcp],
];

/** The names each command module registers, in help order (for the test that keeps them true). */
export const COMMAND_MODULES: readonly (readonly string[])[] = MODULES.map(([names]) => names);

/**
 * Builds the commander program. With `command` (the first word on the command line) naming a
 * known command, only that command's module is loaded and registered: what it parses and prints
 * does not depend on its siblings. Otherwise (help, version, an unknown word) all of them are.
 */
export async function createProgram(command?: string): Promise<Command> {
  const program = new Command("adrift")
    .description(
      "Keep the why of a codebase inside the repository, and know when the code moved on.",
    )
    .version(VERSION)
    .showHelpAfterError("(run with --help for usage)")
    .configureOutput({ outputError: (text, write) => write(text) })
    .exitOverride();
  const own = MODULES.find(([names]) => command !== undefined && names.includes(command));
  const registers = await Promise.all((own ? [own] : MODULES).map(([, load]) => load()));
  for (const register of registers) register(program);
  return program;
}
