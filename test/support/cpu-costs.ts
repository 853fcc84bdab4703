// Opt-in (ADRIFT_TEST_COSTS=<file>, vitest.config.ts loads this file only then): appends one JSON
// line per test file, {"file", "cpu_s"}, the CPU seconds the file cost from its start to its end:
// the test worker's own and those of the processes it waited for (git, the CLI, npm and theirs).
// What THOROUGH_ONLY in vitest.config.ts is chosen by; unlike wall time, load does not inflate it.
import { appendFileSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect } from "vitest";

/** utime + stime + cutime + cstime of this process, in seconds (Linux: /proc/self/stat). */
function cpuSeconds(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields 14-17 of stat(5), counted from the state field (3): clock ticks, 100 a second.
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
}

const out = process.env.ADRIFT_TEST_COSTS;
const started = cpuSeconds();

afterAll(() => {
  if (!out) return;
  const file = expect.getState().testPath ?? "";
  const cpu = Math.round((cpuSeconds() - started) * 100) / 100;
  appendFileSync(
    out,
    `${JSON.stringify({ file: path.relative(process.cwd(), file), cpu_s: cpu })}\n`,
  );
});
