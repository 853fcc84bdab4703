// The process of an installed git hook (`adrift hook run <name> …`), from its arguments to its
// exit code, without commander: a hook runs on every commit. main.ts starts it (from the bundle
// `npm run build` writes, scripts/bundle-cli.mjs); run.ts calls the same function in-process
// (the tests' CLI).
import { withProfileSink } from "../app/profiling.js";
import { type CliIo, processIo, reportError, withIo } from "./io.js";

/** Runs `hook run <name> [args…]` with `io`, without commander; returns the exit code. */
export async function runHookArgs(args: readonly string[]): Promise<number> {
  const [, , name, ...rest] = args;
  const { runInstalledHook } = await import("./hook-entry.js");
  return runInstalledHook(name!, rest).catch((error) =>
    reportError(error, rest.includes("--json")),
  );
}

/** The hook process's own run: the process's io, ADRIFT_PROFILE's spans, the exit code. */
export function runProcess(args: readonly string[], io: CliIo = processIo()): Promise<number> {
  const profile = io.env.ADRIFT_PROFILE ? (text: string) => void io.stderr.write(text) : undefined;
  return withIo(io, args, () => withProfileSink(profile, () => runHookArgs(args)));
}
