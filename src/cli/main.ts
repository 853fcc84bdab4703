#!/usr/bin/env node
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { isHookRun } from "./hook-args.js";
import { startProcess } from "./process-start.js";

startProcess(fileURLToPath(new URL("../bundle/cli/", import.meta.url)));

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
