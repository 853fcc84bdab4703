// Helpers to look at a test repository's log: its files, their lines, and a snapshot to
// assert that a failed command wrote nothing.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** Log files (paths relative to the repository), sorted. */
export function logFiles(dir: string): string[] {
  const logDir = path.join(dir, ".decisions/log");
  if (!existsSync(logDir)) return [];
  return readdirSync(logDir)
    .filter((f) => f.endsWith(".events.ndjson"))
    .sort()
    .map((f) => `.decisions/log/${f}`);
}

/** The parsed events of every log file, in file order. */
export function logEvents(
  dir: string,
): { type: string; id: string; data: Record<string, unknown> }[] {
  return logFiles(dir).flatMap((f) =>
    readFileSync(path.join(dir, f), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line)),
  );
}

/** Every file under `.decisions/` with its bytes, to compare before and after a command. */
export function snapshotDecisions(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (current: string) => {
    if (!existsSync(current)) return;
    for (const name of readdirSync(current)) {
      const full = path.join(current, name);
      if (statSync(full).isDirectory()) walk(full);
      else out[path.relative(dir, full)] = readFileSync(full, "latin1");
    }
  };
  walk(path.join(dir, ".decisions"));
  return out;
}
