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
  const { createProgram, USAGE_HINT } = await import("./program.js");
  // SPEC §4: with --json, errors are JSON on stderr, usage errors too.
  const json = process.argv.slice(2).includes("--json");
  const program = await createProgram(command, { json });
  try {
    await program.parseAsync(process.argv);
    process.exitCode = exitState.code;
  } catch (error) {
    // Help and version exit 0; without --json, commander already printed a usage error.
    const failed = !(error instanceof CommanderError) || error.exitCode !== 0;
    if (failed && json) {
      const { reportError, usageError } = await import("./io.js");
      reportError(usageError(error, USAGE_HINT), true);
    }
    process.exitCode = failed ? 2 : 0;
  }
}
