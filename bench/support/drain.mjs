// A floor for the staleness benchmark: node starts, runs adrift's own `git log` (same
// arguments, GIT_FLUSH=0) and reads the pipe to the end without looking at a byte. No program
// that reads git's output through node can be faster than this.
// Run: node bench/support/drain.mjs <oldest basis>   (in the repository)
import { adriftGitLog } from "./git-log.mjs";

let bytes = 0;
const child = adriftGitLog(process.argv[2], (n) => {
  bytes += n;
});
child.on("close", (code) => {
  if (code !== 0 || bytes === 0) process.exit(1);
});
