import { format } from "node:util";
import { AdriftError, exitCodeFor, isAdriftError } from "../core/errors.js";
import type { Problem } from "../core/events/parse.js";
import { unreadableLinesWarning } from "../core/project/unreadable-lines.js";
import { quotePath, safeText } from "../core/render/terminal.js";

/** A stream a run writes to: the process's stdout or stderr, or a caller's collector. */
export type OutputStream = NodeJS.WritableStream & {
  isTTY?: boolean;
  columns?: number;
  hasColors?: () => boolean;
};

/** The stream a run reads from (an agent's hook input, a person's answers). */
export type InputStream = NodeJS.ReadableStream & { isTTY?: boolean };

/**
 * What one run of the CLI reads and writes through: its streams, its environment and the
 * directory it starts in. `main.ts` hands it the process's own; a caller that runs the CLI
 * in-process (the tests) hands it its own, so runs share nothing but the module cache.
 */
export type CliIo = {
  stdout: OutputStream;
  stderr: OutputStream;
  stdin: InputStream;
  env: NodeJS.ProcessEnv;
  /** where the run starts: `-C <dir>` and typed paths are resolved from here */
  cwd: string;
};

/**
 * The process's own streams, environment and directory (stdin and the directory are read when
 * asked: most runs never read stdin, and a directory since removed fails only a run that needs it).
 */
export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    get stdin() {
      return process.stdin;
    },
    env: process.env,
    get cwd() {
      return process.cwd();
    },
  };
}

/** One run in progress: its io, its arguments (after `adrift`) and the exit code asked for. */
type CliRun = { io: CliIo; args: readonly string[]; exitCode: number; progress?: () => void };

// The run in progress. Runs in one process take turns: a run starts when the one before it has
// ended, so each sees only its own io and exit code. (An AsyncLocalStorage would let runs
// overlap, but on Node 20 it hooks every promise: +25 ms of CPU on the pre-commit hook's path.)
let current: CliRun | undefined;
let turn: Promise<unknown> = Promise.resolve();

/** Runs `work` with `io` as the io of everything it calls (`cliIo()`), and a fresh exit code. */
export function withIo<T>(io: CliIo, args: readonly string[], work: () => Promise<T>): Promise<T> {
  const run = turn.then(async () => {
    current = { io, args, exitCode: 0 };
    try {
      return await work();
    } finally {
      current = undefined;
    }
  });
  turn = run.catch(() => undefined);
  return run;
}

/** The arguments of the run in progress (after `adrift`); the process's outside a run. */
export function runArgs(): readonly string[] {
  return current?.args ?? process.argv.slice(2);
}

/** The io of the run in progress; the process's own outside a run. */
export function cliIo(): CliIo {
  return current?.io ?? processIo();
}

// The clear of a progress line drawn outside a run (the process's own).
let outsideProgress: (() => void) | undefined;

/** Registers how to clear the run's progress line, so that its output never lands after it. */
export function onProgressLine(clear: () => void): void {
  if (current) current.progress = clear;
  else outsideProgress = clear;
}

/**
 * Clears the run's progress line, if one is drawn: called before the run writes its output, so
 * "adrift: files: 1 of 1" is gone before "recorded intent card …" (not after it, at exit).
 */
export function clearProgress(): void {
  (current ? current.progress : outsideProgress)?.();
}

/** Sets the exit code of the run in progress (read once the command has returned). */
export function setExitCode(code: number): void {
  if (current) current.exitCode = code;
}

/** The exit code the run in progress asked for (0 unless a command set one). */
export function exitCode(): number {
  return current?.exitCode ?? 0;
}

/**
 * Whether to colour output (no-color.org, force-color.org): a non-empty `FORCE_COLOR` forces
 * it (`0` or `false` turns it off, as Node reads it), a non-empty `NO_COLOR` turns it off, and
 * otherwise a terminal that is not `TERM=dumb` gets it. An empty variable counts as unset.
 */
export function colorEnabled(
  stream: { isTTY?: boolean } = cliIo().stdout,
  env: NodeJS.ProcessEnv = cliIo().env,
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
  stream: { isTTY?: boolean } = cliIo().stdout,
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
  const { stdout } = cliIo();
  clearProgress();
  if (options.json)
    stdout.write(
      `${
        stdout.isTTY
          ? JSON.stringify(data, jsonReplacer, 2)
          : (compact?.() ?? JSON.stringify(data, jsonReplacer))
      }\n`,
    );
  else {
    const text = human();
    if (text.length > 0) stdout.write(text.endsWith("\n") ? text : `${text}\n`);
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
  const { stderr, env } = cliIo();
  clearProgress();
  if (!isAdriftError(error) && env.ADRIFT_DEBUG) stderr.write(`${format(error)}\n`);
  if (json) {
    stderr.write(
      `${JSON.stringify({ error: { code: known.code, message: known.message, details: known.details } })}\n`,
    );
  } else {
    stderr.write(`${paint("red", "error", stderr)} [${known.code}]: ${safeText(known.message)}\n`);
    if (env.ADRIFT_DEBUG && error instanceof Error && error.stack) stderr.write(`${error.stack}\n`);
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
  clearProgress();
  cliIo().stderr.write(`${text}\n`);
}

/** Tells on stderr, in one line, that log lines could not be read and were left out. */
export function warnUnreadable(problems: readonly Problem[]): void {
  if (problems.length > 0)
    note(
      paint("yellow", `warning: ${unreadableLinesWarning(problems, quotePath)}`, cliIo().stderr),
    );
}
