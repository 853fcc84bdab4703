import { existsSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import type { ActorOverride, AppContext, OpenOptions } from "../app/dependencies.js";
import { type ResolvedPath, resolveInsideRepository } from "../app/recording/user-paths.js";
import type { Repository } from "../app/repository.js";
import { AdriftError, truncate } from "../core/errors.js";
import { quotePath } from "../core/render/terminal.js";
import { personProblem } from "../core/rules/input-text.js";
import { type CommonOptions, cliIo, note, paint, reportError, runArgs, setExitCode } from "./io.js";

/**
 * Adds the options every command takes: -C/--cwd, --json, --as; and, for a command that
 * records (`records`), --message-id.
 */
export function common(command: Command, { as = true, records = false } = {}): Command {
  command.option(
    "-C, --cwd <dir>",
    "run as if started in <dir> (the repository is found from there)",
  );
  command.option("--json", "print one JSON document on stdout (errors as JSON on stderr)");
  if (as)
    command.option(
      "--as <email>",
      "act as this person instead of git's user.email (name optional: 'Name <email>')",
    );
  if (records)
    command.option(
      "--message-id <id>",
      "the conversation message this follows (kept on every event written)",
    );
  return command;
}

/** The directory a command runs in: `-C <dir>` (from the current directory), else the current one. */
export function runDir(options: CommonOptions): string {
  return path.resolve(cliIo().cwd, options.cwd ?? ".");
}

/**
 * A file or folder a command writes, as the user typed it (relative to where the command runs),
 * refused when it lies outside the repository (see `resolveInsideRepository`). `printed`: the
 * document goes to stdout without the option (a report, not a site folder), so the refusal may
 * suggest redirecting it.
 */
export function writePath(
  typed: string,
  options: CommonOptions,
  root: string,
  option = "--out",
  printed = false,
): ResolvedPath {
  return resolveInsideRepository(typed, { from: runDir(options), root, option, printed });
}

/** Appends examples to a command's --help. */
export function examples(command: Command, ...lines: string[]): Command {
  return command.addHelpText(
    "after",
    `\n${lines.length > 1 ? "Examples" : "Example"}:\n${lines.map((l) => `  ${l}`).join("\n")}`,
  );
}

/**
 * Parses `--as "Name <email>"` or `--as email`. Refuses what would record nobody or a forged
 * identity: an empty value, no email, a line break or another control character.
 */
export function parseAs(value: string | undefined): ActorOverride | undefined {
  if (value === undefined) return undefined;
  const refuse = (why: string) =>
    new AdriftError(
      "usage",
      `--as expects an email or 'Name <email>', got "${truncate(value)}" (${why}); e.g. --as "Ana Souza <ana@example.com>"`,
    );
  if (value.trim().length === 0) throw refuse("nothing");
  const problem = personProblem({ email: value });
  if (problem) throw refuse("a line break or another control character");
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(value);
  const person = match
    ? { name: match[1] || undefined, email: match[2]!.trim() }
    : { email: value.trim() };
  if (person.email.length === 0 || !person.email.includes("@")) throw refuse("no email");
  return person.name === undefined ? { email: person.email } : person;
}

/**
 * Opens the repository the options point at. The library is imported here, lazily, so that
 * `--help` and the hook fast paths never pay for zod and the use cases.
 */
export async function repository(
  options: CommonOptions,
  open: Pick<OpenOptions, "onUnreadable"> = {},
): Promise<Repository> {
  const { repositoryApi } = await import("../app/repository.js");
  return repositoryApi(await appContext(options, open));
}

/**
 * The context of the repository the options point at, without the use cases: a command that
 * needs one use case imports just that one (`adr import` then loads a third of the modules).
 */
export async function appContext(
  options: CommonOptions,
  open: Pick<OpenOptions, "onUnreadable"> = {},
): Promise<AppContext> {
  const { createContext } = await import("../app/dependencies.js");
  const { terminalProgress } = await import("./progress.js");
  const { stderr, env } = cliIo();
  const progress = terminalProgress(stderr, env);
  return createContext(runDir(options), {
    ...open,
    env,
    actor: parseAs(options.as),
    ...(options.messageId ? { messageId: options.messageId } : {}),
    ...(progress ? { progress } : {}),
  });
}

/** The commands that only read the log: run where adrift is not set up, they say so. */
const READERS = new Set([
  "list",
  "show",
  "validate",
  "stale",
  "context",
  "export",
  "report correspondence",
  "pr-comment",
  "coverage",
  "question list",
  "question show",
  "story list",
  "story show",
  "task list",
  "task show",
  "rule list",
  "epic list",
  "adr list",
  "session show",
  "workline list",
  "site build",
  "site serve",
]);

/**
 * The repository root above `dir` when it has no `.decisions/` (adrift was never set up
 * there); undefined when it has one, or when `dir` is in no repository (the command says so).
 * File-system checks only: no git process for a note.
 */
export function rootWithoutDecisions(dir: string): string | undefined {
  const start = path.resolve(dir);
  if (!existsSync(start)) return undefined;
  for (let at = start; ; at = path.dirname(at)) {
    if (existsSync(path.join(at, ".decisions"))) return undefined;
    if (existsSync(path.join(at, ".git"))) return at;
    if (path.dirname(at) === at) return undefined;
  }
}

/** `list` for `adrift list`, `question list` for `adrift question list`. */
function nameOf(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}

/**
 * Wraps an action: the handler returns an exit code (or nothing for 0); errors become
 * one line on stderr with their exit code. Commander passes (args..., options, command).
 */
export function action(
  // biome-ignore lint/suspicious/noExplicitAny: commander's parsed options are untyped by nature
  handler: (...args: any[]) => Promise<number | undefined> | number | undefined,
): (...args: unknown[]) => Promise<void> {
  return async (...args: unknown[]) => {
    const command = args.at(-1) as Command;
    const options = command.opts() as CommonOptions;
    // --json anywhere asks for JSON errors, even where an option took it as its value.
    const json = Boolean(options.json) || runArgs().includes("--json");
    // with --json, stderr holds the JSON error alone: a note beside it would break its readers
    if (!json && READERS.has(nameOf(command))) {
      const root = rootWithoutDecisions(runDir(options));
      if (root !== undefined)
        note(
          paint(
            "yellow",
            `note: adrift is not set up in this repository (no .decisions/ in ${quotePath(root)}), so there is nothing to read yet; run \`adrift init\` to set it up`,
            cliIo().stderr,
          ),
        );
    }
    try {
      setExitCode((await handler(...args)) ?? 0);
    } catch (error) {
      setExitCode(reportError(error, json));
    }
  };
}

/** Collects a repeatable option into an array. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}
