#!/usr/bin/env node
import nodeModule, { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

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

const args = process.argv.slice(2);
process.exitCode = isHookRun(args) ? await runHook(args) : await runCommand(args);

/** `hook run <name> …`, what installed hooks start on every commit (the same test as hook-main's). */
function isHookRun([command, sub, name]: readonly string[]): boolean {
  return command === "hook" && sub === "run" && !!name && !name.startsWith("-");
}

/**
 * An installed hook's run, through the bundle `npm run build` writes (one file instead of
 * eighty: scripts/bundle-hooks.mjs); where there is none (adrift bundled whole, as in the
 * GitHub Action), through the modules themselves.
 */
async function runHook(args: readonly string[]): Promise<number> {
  type HookMain = typeof import("./hook-main.js");
  const bundle = fileURLToPath(new URL("../bundle/hook/main.cjs", import.meta.url));
  let main: HookMain;
  try {
    main = createRequire(import.meta.url)(bundle) as HookMain;
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "MODULE_NOT_FOUND";
    if (!missing || !String((error as Error).message).includes(bundle)) throw error;
    main = await import("./hook-main.js");
  }
  return main.runHookProcess(args);
}

async function runCommand(args: readonly string[]): Promise<number> {
  const { runCli } = await import("./run.js");
  const { processIo } = await import("./io.js");
  return runCli(args, processIo());
}
