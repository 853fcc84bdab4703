// The log as a test compares it across clones: its lines parsed, from the working tree or from
// HEAD, and the stale marks named by the outcome of the record they mark (ids differ by clone).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { TestRepo } from "./repo.js";

export type Line = { id: string; type: string; data: Record<string, unknown> };

function logLines(texts: string[]): Line[] {
  return texts.flatMap((t) =>
    t
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Line),
  );
}

/** Every line of the log files in the working tree. */
export function workingLog(repo: TestRepo): Line[] {
  const dir = path.join(repo.dir, ".decisions/log");
  if (!existsSync(dir)) return [];
  return logLines(readdirSync(dir).map((f) => readFileSync(path.join(dir, f), "utf8")));
}

/** Every line of the log files HEAD holds. */
export function committedLog(repo: TestRepo): Line[] {
  const names = repo
    .git("ls-tree", "-r", "--name-only", "HEAD", "--", ".decisions/log")
    .split("\n")
    .filter(Boolean);
  return logLines(names.map((f) => repo.git("show", `HEAD:${f}`)));
}

/** The marks of a log, sorted, each as the marked record's outcome (and its paths, if asked). */
export function marksByOutcome(lines: Line[], options: { paths?: boolean } = {}): string[] {
  const outcome = new Map(
    lines
      .filter((l) => l.type === "decision_recorded")
      .map((l) => [l.id, (l.data.card as { outcome: string }).outcome]),
  );
  return lines
    .filter((l) => l.type === "decision_marked_stale")
    .map(
      (l) =>
        `${outcome.get(l.data.decision_id as string)}${options.paths ? ` ${JSON.stringify(l.data.paths)}` : ""}${l.data.staged ? " staged" : ""}`,
    )
    .sort();
}
