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

const { runCli } = await import("./run.js");
const { processIo } = await import("./io.js");
process.exitCode = await runCli(process.argv.slice(2), processIo());
