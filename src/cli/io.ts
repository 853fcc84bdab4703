import { AdriftError, exitCodeFor, isAdriftError } from "../core/errors.js";
import type { Problem } from "../core/events/parse.js";
import { unreadableLinesWarning } from "../core/project/unreadable-lines.js";
import { quotePath, safeText } from "../core/render/terminal.js";

/**
 * Whether to colour output (no-color.org, force-color.org): a non-empty `FORCE_COLOR` forces
 * it (`0` or `false` turns it off, as Node reads it), a non-empty `NO_COLOR` turns it off, and
 * otherwise a terminal that is not `TERM=dumb` gets it. An empty variable counts as unset.
 */
export function colorEnabled(
  stream: NodeJS.WriteStream = process.stdout,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== "") return force !== "0" && force !== "false";
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return Boolean(stream.isTTY) && env.TERM !== "dumb";
}

const CODES = {
  red: 31,
  green: 32,
  yellow: 33,
  blue: 34,
  magenta: 35,
  cyan: 36,
  gray: 90,
  bold: 1,
  dim: 2,
} as const;

/** Colours text when the terminal wants colour. */
export function paint(
  color: keyof typeof CODES,
  text: string,
  stream: NodeJS.WriteStream = process.stdout,
): string {
  return colorEnabled(stream) ? `\u001b[${CODES[color]}m${text}\u001b[0m` : text;
}

/** Options every command takes. */
export type CommonOptions = { cwd?: string; json?: boolean; as?: string; messageId?: string };

/**
 * Prints a result: JSON (one document) with --json, else the human rendering. JSON is indented
 * on a terminal and compact otherwise (pipes, files, bots: less to write and to parse);
 * `compact` may supply that compact text when the caller already has it serialised.
 */
export function emit(
  options: CommonOptions,
  data: unknown,
  human: () => string,
  compact?: () => string,
): void {
  if (options.json)
    process.stdout.write(
      `${
        process.stdout.isTTY
          ? JSON.stringify(data, jsonReplacer, 2)
          : (compact?.() ?? JSON.stringify(data, jsonReplacer))
      }\n`,
    );
  else {
    const text = human();
    if (text.length > 0) process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
  }
}

/** Maps and sets become plain JSON. */
export function jsonReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Map) return Object.fromEntries(value);
  if (value instanceof Set) return [...value];
  return value;
}

/** Prints an error as one line (or the JSON error object) and returns its exit code. */
export function reportError(error: unknown, json: boolean): number {
  const known = isAdriftError(error)
    ? error
    : new AdriftError("io_failed", error instanceof Error ? error.message : String(error));
  if (!isAdriftError(error) && process.env.ADRIFT_DEBUG) console.error(error);
  if (json) {
    process.stderr.write(
      `${JSON.stringify({ error: { code: known.code, message: known.message, details: known.details } })}\n`,
    );
  } else {
    process.stderr.write(
      `${paint("red", "error", process.stderr)} [${known.code}]: ${safeText(known.message)}\n`,
    );
    if (process.env.ADRIFT_DEBUG && error instanceof Error && error.stack)
      process.stderr.write(`${error.stack}\n`);
  }
  return isAdriftError(error) ? exitCodeFor(known.code) : 2;
}

/** A commander usage error (`error: unknown option '--bogus'`) as adrift's `usage` error, on one line. */
export function usageError(error: unknown, hint: string): AdriftError {
  const commander = error as { code?: string; message?: string };
  // A missing subcommand shows the command's help (not with --json): its message says nothing.
  const message =
    commander.code === "commander.help"
      ? "expected a command"
      : String(commander.message ?? error)
          .replace(/^error: /, "")
          .replace(/\s*\n\s*/g, " ")
          .replace(/\.$/, "");
  return new AdriftError("usage", `${message}; ${hint}`, {
    reason: String(commander.code ?? "").replace(/^commander\./, ""),
  });
}

/** Writes a note (warning, progress) to stderr so stdout stays machine-readable. */
export function note(text: string): void {
  process.stderr.write(`${text}\n`);
}

/** Tells on stderr, in one line, that log lines could not be read and were left out. */
export function warnUnreadable(problems: readonly Problem[]): void {
  if (problems.length > 0)
    note(
      paint("yellow", `warning: ${unreadableLinesWarning(problems, quotePath)}`, process.stderr),
    );
}
