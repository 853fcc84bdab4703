#!/usr/bin/env node
import nodeModule from "node:module";

// Node ≥ 22.1 caches the compiled code of the modules loaded after this call (in the OS temp
// dir, keyed by Node's version and each file's contents): every later start skips compiling
// them. Node 20 has no such cache; the call is skipped there.
try {
  (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
} catch {
  // a cache that cannot be written only costs speed
}

// A reader that stops early (`adrift list --json | head`) closes the pipe: that ends the output,
// it is not an error worth a stack trace. A closed stderr only loses notes: the result goes on.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});
process.stderr.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
});

const [command, sub, name, ...args] = process.argv.slice(2);
if (command === "hook" && sub === "run" && name && !name.startsWith("-")) {
  // What installed hooks run on every commit: straight to the hook, without commander.
  const { runInstalledHook } = await import("./hook-entry.js");
  const { reportError } = await import("./io.js");
  process.exitCode = await runInstalledHook(name, args).catch((error) =>
    reportError(error, args.includes("--json")),
  );
} else {
  const { CommanderError } = await import("commander");
  const { exitState } = await import("./common.js");
  const { commandWord, createProgram, usageHint } = await import("./program.js");
  // --json anywhere asks for JSON errors, usage errors too.
  const json = process.argv.slice(2).includes("--json");
  const program = await createProgram(commandWord(process.argv.slice(2)), { json });
  try {
    await program.parseAsync(process.argv);
    process.exitCode = exitState.code;
  } catch (error) {
    const { reportError, usageError } = await import("./io.js");
    if (!(error instanceof CommanderError)) process.exitCode = reportError(error, json);
    else if (error.exitCode === 0)
      process.exitCode = 0; // --help, --version
    else if (error.code === "commander.help" && !json)
      process.exitCode = 2; // its help is on stderr
    else {
      const path = (error as { commandPath?: string }).commandPath;
      process.exitCode = reportError(usageError(error, usageHint(path)), json);
    }
  }
}
