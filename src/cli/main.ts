#!/usr/bin/env node
import nodeModule, { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { isHookRun } from "./hook-args.js";

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
const { runProcess } = await entry(isHookRun(args));
process.exitCode = await runProcess(args);

/** What a process runs: every command (`run.ts`), or an installed hook's run (`hook-main.ts`). */
type Entry = { runProcess(args: readonly string[]): Promise<number> };

/**
 * The run, from the bundle `npm run build` writes (scripts/bundle-cli.mjs: the same modules in
 * a few CommonJS files, which Node 20 loads 10–15 ms faster than eighty modules); where there is
 * none (adrift bundled whole, as in the GitHub Action), from the modules themselves.
 */
async function entry(hook: boolean): Promise<Entry> {
  const bundle = fileURLToPath(
    new URL(`../bundle/cli/${hook ? "hook" : "main"}.cjs`, import.meta.url),
  );
  try {
    return createRequire(import.meta.url)(bundle) as Entry;
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "MODULE_NOT_FOUND";
    if (!missing || !String((error as Error).message).includes(bundle)) throw error;
    return hook ? await import("./hook-main.js") : await import("./run.js");
  }
}
