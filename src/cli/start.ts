#!/usr/bin/env node
// The `adrift` binary and what installed git hooks start, bundled as dist/bundle/cli/start.cjs:
// main.ts's run from a CommonJS file, so a start on Node 20 does not pay for the ES module
// loader's own start (~5 ms) before the bundle's CommonJS files. main.ts stays the entry where
// there is no bundle (the GitHub Action's single file) and for hooks an older adrift installed.
import { fileURLToPath } from "node:url";
import { isHookRun } from "./hook-args.js";
import { startProcess } from "./process-start.js";

startProcess(fileURLToPath(new URL("../bundle/cli/", import.meta.url)));
const args = process.argv.slice(2);
// loaded once the cache is in place: the bundle makes these imports `require`s of hook.cjs and
// main.cjs
void (isHookRun(args) ? import("./hook-main.js") : import("./run.js"))
  .then(({ runProcess }) => runProcess(args))
  .then((code) => {
    process.exitCode = code;
  });
