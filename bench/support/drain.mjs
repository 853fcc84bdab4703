// A floor for the staleness benchmark: node starts, runs adrift's own `git log` (same
// arguments, GIT_FLUSH=0) and reads the pipe to the end without looking at a byte. No program
// that reads git's output through node can be faster than this.
// Run: node bench/support/drain.mjs <oldest basis>   (in the repository)
import { spawn } from "node:child_process";
import { LOG_FORMAT } from "../../dist/adapters/git/cli-parse.js";

const args = ["-c", "log.showSignature=false", "log", "--topo-order", "--boundary", "-z", "-M"];
args.push("--name-status", "--no-ext-diff", `--format=${LOG_FORMAT}`, "HEAD");
args.push("--not", process.argv[2], "--");
const child = spawn("git", args, {
  env: { ...process.env, GIT_FLUSH: "0" },
  stdio: ["ignore", "pipe", "inherit"],
});
let bytes = 0;
child.stdout.on("data", (chunk) => {
  bytes += chunk.length;
});
child.on("close", (code) => {
  if (code !== 0 || bytes === 0) process.exit(1);
});
