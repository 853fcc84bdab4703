// A floor for the staleness benchmark that counts adrift's inputs and output, not only git's:
// node starts, runs adrift's own `git log` (same arguments, GIT_FLUSH=0) and reads the pipe to
// the end, meanwhile reads every log file and JSON.parses each line, then prints a report text
// it was given (adrift's own output, computed before). It computes nothing: no program in node
// that reads these inputs and prints this output can be faster.
// Run: node bench/support/io-floor.mjs <oldest basis> <report file>   (in the repository)
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { adriftGitLog } from "./git-log.mjs";

let bytes = 0;
const child = adriftGitLog(process.argv[2], (n) => {
  bytes += n;
});
let events = 0;
const dir = ".decisions/log";
for (const name of readdirSync(dir).filter((n) => n.endsWith(".events.ndjson")))
  for (const line of readFileSync(path.join(dir, name), "utf8").split("\n"))
    if (line.length > 0 && JSON.parse(line).id) events++;
const report = readFileSync(process.argv[3], "utf8");
child.on("close", (code) => {
  if (code !== 0 || bytes === 0 || events === 0) process.exit(1);
  process.stdout.write(report);
});
