// One run of the CLI, from its arguments to its exit code, through the io it is handed: main.ts
// hands it the process's own; tests run it in-process with theirs. Everything heavy is imported
// when the run needs it, so that the git hooks' path never loads commander or zod.
import { withProfileSink } from "../app/profiling.js";
import { isHookRun } from "./hook-args.js";
import { type CliIo, processIo, withIo } from "./io.js";

/**
 * Runs `adrift <args>` with `io` and returns the exit code; errors are printed in adrift's one
 * format (`error [code]: …`, or the JSON error) and become their exit code. Never exits.
 */
export function runCli(args: readonly string[], io: CliIo): Promise<number> {
  // ADRIFT_PROFILE: timing spans on the run's stderr
  const profile = io.env.ADRIFT_PROFILE ? (text: string) => void io.stderr.write(text) : undefined;
  return withIo(io, args, () => withProfileSink(profile, () => dispatch(args)));
}

/** `adrift <args>` as this process: its own io, the exit code (main.ts sets it). */
export function runProcess(args: readonly string[]): Promise<number> {
  return runCli(args, processIo());
}

/** The installed hooks' light path, or the commander program. */
async function dispatch(args: readonly string[]): Promise<number> {
  // What installed hooks run on every commit: straight to the hook, without commander.
  if (isHookRun(args)) {
    const { runHookArgs } = await import("./hook-main.js");
    return runHookArgs(args);
  }
  const { CommanderError } = await import("commander");
  const { exitCode, reportError, usageError } = await import("./io.js");
  const { commandWord, createProgram, usageHint } = await import("./program.js");
  // --json anywhere asks for JSON errors, usage errors too.
  const json = args.includes("--json");
  const program = await createProgram(commandWord(args), { json });
  try {
    await program.parseAsync(args, { from: "user" });
    return exitCode();
  } catch (error) {
    if (!(error instanceof CommanderError)) return reportError(error, json);
    if (error.exitCode === 0) return 0; // --help, --version
    if (error.code === "commander.help" && !json) return 2; // its help is on stderr
    const path = (error as { commandPath?: string }).commandPath;
    return reportError(usageError(error, usageHint(path)), json);
  }
}
