import { Command } from "commander";

type Register = (program: Command) => void;

/**
 * Each command module, loaded only when needed: `adrift stale` loads the stale command alone
 * (the hooks and bots that run adrift on every commit or push pay for one module, not 25).
 * In the order `adrift --help` lists them.
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

/** The version printed by --version. */
export const VERSION = "0.1.0";

/** What commander prints after a usage error, and what the JSON error's message ends with. */
export const USAGE_HINT = "run with --help for usage";

/**
 * Builds the commander program. With `command` (the first argument) naming a known command,
 * only that command's module is loaded and registered; otherwise (help, a typo) all are. With
 * `json`, commander prints no usage error: main.ts prints it as SPEC §4's JSON error.
 */
export async function createProgram(
  command?: string,
  options: { json?: boolean } = {},
): Promise<Command> {
  const program = new Command("adrift")
    .description(
      "Keep the why of a codebase inside the repository, and know when the code moved on.",
    )
    .version(VERSION)
    .exitOverride();
  if (options.json) program.configureOutput({ outputError: () => {}, writeErr: () => {} });
  else
    program
      .showHelpAfterError(`(${USAGE_HINT})`)
      .configureOutput({ outputError: (text, write) => write(text) });
  const known = MODULES.find(([names]) => command !== undefined && names.includes(command));
  const wanted = known ? [known] : MODULES;
  for (const register of await Promise.all(wanted.map(([, load]) => load()))) register(program);
  return program;
}
