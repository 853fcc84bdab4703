// adrift's own `git log` for the staleness floors: the same arguments and GIT_FLUSH=0.
import { spawn } from "node:child_process";
import { LOG_CHANGES, LOG_FORMAT } from "../../dist/adapters/git/cli-parse.js";

/** Starts adrift's history read from HEAD down to `oldest`, its output on a pipe; calls `onBytes`. */
export function adriftGitLog(oldest, onBytes) {
  const args = ["-c", "log.showSignature=false", "log", "--topo-order", "--boundary"];
  args.push(...LOG_CHANGES, "-c", "--no-ext-diff", `--format=${LOG_FORMAT}`, "HEAD");
  args.push("--not", oldest, "--");
  const child = spawn("git", args, {
    env: { ...process.env, GIT_FLUSH: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  child.stdout.on("data", (chunk) => onBytes(chunk.length));
  return child;
}
