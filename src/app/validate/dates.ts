import type { GitAdapter } from "../../adapters/git/types.js";
import { futureDating, ulidTime } from "../../core/events/event-time.js";
import type { Problem } from "../../core/events/parse.js";
import { type HistoryLine, historyLines } from "./append-only.js";

export { ulidTime };

/**
 * Events appended to `file` since the base (after the lines its first commit had) whose time —
 * `at`, or the time in their id, which orders the log — is before that first commit: a line
 * dated back to sort before others. In a shallow clone whose history does not reach the file's
 * first commit, this is not checked, and `notices` says so.
 */
export async function checkBackDating(
  git: GitAdapter,
  file: string,
  appended: { line: HistoryLine; number: number }[],
  shallow: ReadonlySet<string>,
  notices: string[],
): Promise<Problem[]> {
  const first = await git.firstCommitOf(file);
  if (!first) return [];
  if (shallow.has(first.hash)) {
    notices.push(
      `${file}: its first commit is before this shallow clone's history begins, so the dates of the events appended to it are not checked`,
    );
    return [];
  }
  const initial = historyLines((await git.readFileAt(first.hash, file))?.toString("utf8") ?? "");
  const committed = first.time * 1000;
  const problems: Problem[] = [];
  for (const { line, number } of appended) {
    if (number <= initial.length) continue;
    const at = line.at ? Date.parse(line.at) : Number.NaN;
    const idTime = ulidTime(line.id);
    const dated =
      at < committed
        ? `dated ${line.at}`
        : idTime !== undefined && idTime < committed
          ? `given an id of ${new Date(idTime).toISOString()}`
          : undefined;
    if (dated)
      problems.push({
        file,
        line: number,
        severity: "error",
        code: "back_dated",
        message: `event ${line.id ?? "?"} is ${dated}, before its file's first commit ${first.hash.slice(0, 10)} (${new Date(committed).toISOString()})`,
      });
  }
  return problems;
}

/**
 * Events appended to `file` since the base that are dated after `now` (the checking clock, not a
 * commit's date, which its author sets): the log is ordered by the time in ids, so such an event
 * would outrank every write made until its date comes. `idTimes`: the log's id times, sorted.
 */
export function checkFutureDating(
  file: string,
  appended: { line: HistoryLine; number: number }[],
  now: number,
  idTimes: readonly number[],
): Problem[] {
  const problems: Problem[] = [];
  for (const { line, number } of appended) {
    const dated = futureDating(line, now, idTimes);
    if (dated)
      problems.push({
        file,
        line: number,
        severity: "error",
        code: "future_dated",
        message: `event ${line.id ?? "?"} is ${dated}, after this clock (${new Date(now).toISOString()}): it would be ordered after every event written until then; record it again with the right clock`,
      });
  }
  return problems;
}
