// What installed git hooks start (`hook install` writes the path of its bundled copy,
// dist/bundle/cli/hook-start.cjs): `hook run <name> [args…]` as main.ts runs it, from a
// CommonJS file, so a marking commit on Node 20 does not start the ES module loader for the
// entry alone (~6 ms).
import { fileURLToPath } from "node:url";
import { startProcess } from "./process-start.js";

startProcess(fileURLToPath(new URL("../bundle/cli/", import.meta.url)));
// loaded after the cache is in place: the bundle makes this import a `require` of hook.cjs
void import("./hook-main.js")
  .then(({ runProcess }) => runProcess(process.argv.slice(2)))
  .then((code) => {
    process.exitCode = code;
  });
