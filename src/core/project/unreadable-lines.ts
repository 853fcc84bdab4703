import { AdriftError } from "../errors.js";
import type { Problem } from "../events/parse.js";

/** The problems that leave a line's event out of every projection: the line could not be read. */
const UNREADABLE: ReadonlySet<Problem["code"]> = new Set([
  "invalid_json",
  "invalid_utf8",
  "torn_line",
  "invalid_event",
  "line_too_long",
  "future_schema_version",
]);

/** The problems of lines that could not be read, whose events every command leaves out. */
export function unreadableLines(problems: readonly Problem[]): Problem[] {
  return problems.filter((p) => UNREADABLE.has(p.code));
}

/** The error a log with a line from a newer adrift stops commands with (undefined when none). */
export function futureEventsError(log: { problems: readonly Problem[] }): AdriftError | undefined {
  const future = log.problems.find((p) => p.code === "future_schema_version");
  return future
    ? new AdriftError(
        "unsupported_schema_version",
        `${future.file}:${future.line}: ${future.message}`,
        { file: future.file, line: future.line },
      )
    : undefined;
}

/** Positions named in the one-line warning; the rest are counted. */
const NAMED = 3;

/**
 * The one line that tells people lines were left out: how many, the first positions with their
 * problem, and where the details are. `name` renders a file name for a terminal.
 */
export function unreadableLinesWarning(
  problems: readonly Problem[],
  name: (file: string) => string = (file) => file,
): string {
  const named = problems.slice(0, NAMED).map((p) => `${name(p.file)}:${p.line} (${p.code})`);
  const more = problems.length > NAMED ? ` and ${problems.length - NAMED} more` : "";
  const count = problems.length === 1 ? "1 log line" : `${problems.length} log lines`;
  return `${count} could not be read and ${problems.length === 1 ? "was" : "were"} left out: ${named.join(", ")}${more}; run \`adrift validate\` for details`;
}
