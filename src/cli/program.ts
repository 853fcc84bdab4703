import { Command, CommanderError } from "commander";
import { type CliIo, cliIo, type OutputStream } from "./io.js";

type Register = (program: Command) => void;

/**
 * Each command module, loaded only when needed: `adrift stale` loads the stale command alone
 * (the hooks and bots that run adrift on every commit or push pay for one module, not 25).
 * In the order `adrift --help` lists them.
 */
const MODULES: [names: string[], load: () => Promise<Register>][] = [
  [["init", "session"], async () => (await import("./commands/setup.js")).registerSetup],
  [["workline"], async () => (await import("./commands/workline.js")).registerWorkline],
  [["intent"], async () => (await import("./commands/intent.js")).registerIntent],
  [["decision"], async () => (await import("./commands/decision.js")).registerDecision],
  [
    ["show", "list", "validate"],
    async () => (await import("./commands/inspect.js")).registerInspect,
  ],
  [["stale"], async () => (await import("./commands/stale.js")).registerStale],
  [["review"], async () => (await import("./commands/review.js")).registerReview],
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
  [["completion"], async () => (await import("./commands/completion.js")).registerCompletion],
  [["symbols"], async () => (await import("./commands/symbols.js")).registerSymbols],
  [["site"], async () => (await import("./commands/site.js")).registerSite],
];

/** The version printed by --version. */
export const VERSION = "0.1.0";

/** What a usage error ends with: where to read how the command is used. */
export function usageHint(commandPath = "adrift"): string {
  return `run "${commandPath} --help" for usage`;
}

/** The options taken before the command as well as after it (`adrift -C ../repo --json stale`). */
const GLOBAL_OPTIONS = ["cwd", "json"] as const;

/**
 * The word naming the command: the first argument that is not an option, skipping `-C <dir>`
 * (`adrift -C ../repo stale` names `stale`). Undefined for `adrift`, `adrift --help`.
 */
export function commandWord(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "-C" || arg === "--cwd") i++;
    else if (arg === "--") return args[i + 1];
    else if (!arg.startsWith("-")) return arg;
  }
  return undefined;
}

/** `adrift adr draft` for the draft command: what its help and its usage errors call it. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}

/**
 * Builds the commander program. With `command` (the first argument) naming a known command,
 * only that command's module is loaded and registered; otherwise (help, a typo) all are.
 * Commander prints no error of its own: main.ts prints every error in adrift's one format
 * (`error [usage]: …`, or the JSON error with `--json`).
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
    // Options before the command belong to the program, after it to the command (git's way).
    .enablePositionalOptions()
    .option("-C, --cwd <dir>", "run as if adrift was started in <dir> (as git -C)")
    .option("--json", "print one JSON document on stdout (errors as JSON on stderr)")
    .configureOutput({
      ...helpOutput(cliIo()),
      outputError: () => {},
      ...(options.json ? { writeErr: () => {} } : {}),
    });
  program.hook("preAction", (root, leaf) => passGlobalOptions(root, leaf));
  const known = MODULES.find(([names]) => command !== undefined && names.includes(command));
  const wanted = known ? [known] : MODULES;
  for (const register of await Promise.all(wanted.map(([, load]) => load()))) register(program);
  tagUsageErrors(program);
  return program;
}

/**
 * Where commander writes help and `--version`, and how wide and coloured: as it does for the
 * process's own streams, for the run's.
 */
function helpOutput(io: CliIo) {
  // commander's own default: a terminal's width, else 80
  const width = (stream: OutputStream) => (stream.isTTY && stream.columns) || 80;
  const colors = (stream: OutputStream) =>
    forcedColor(io.env) ?? Boolean(stream.isTTY && stream.hasColors?.());
  return {
    writeOut: (text: string) => void io.stdout.write(text),
    writeErr: (text: string) => void io.stderr.write(text),
    getOutHelpWidth: () => width(io.stdout),
    getErrHelpWidth: () => width(io.stderr),
    getOutHasColors: () => colors(io.stdout),
    getErrHasColors: () => colors(io.stderr),
  };
}

/** Commander's reading of the colour variables: NO_COLOR, FORCE_COLOR, CLICOLOR_FORCE. */
function forcedColor(env: NodeJS.ProcessEnv): boolean | undefined {
  if (env.NO_COLOR || env.FORCE_COLOR === "0" || env.FORCE_COLOR === "false") return false;
  if (env.FORCE_COLOR || env.CLICOLOR_FORCE !== undefined) return true;
  return undefined;
}

/**
 * Hands `-C` and `--json` given before the command to the command that runs (one given after
 * the command wins). A command that does not take one refuses it rather than ignore it.
 */
function passGlobalOptions(root: Command, leaf: Command): void {
  for (const name of GLOBAL_OPTIONS) {
    const value = root.getOptionValue(name);
    if (value === undefined || leaf === root) continue;
    if (!leaf.options.some((o) => o.attributeName() === name)) {
      const flag = name === "cwd" ? "-C" : "--json";
      const path = commandPath(leaf);
      throw Object.assign(
        new CommanderError(2, "commander.unknownOption", `${path} does not take ${flag}`),
        { commandPath: path },
      );
    }
    if (leaf.getOptionValue(name) === undefined) leaf.setOptionValue(name, value);
  }
}

/** Makes each command's usage errors say which command they are about (for the hint). */
function tagUsageErrors(command: Command): void {
  const path = commandPath(command);
  command.exitOverride((error) => {
    throw Object.assign(error, {
      commandPath: (error as { commandPath?: string }).commandPath ?? path,
    });
  });
  for (const sub of command.commands) tagUsageErrors(sub);
}
