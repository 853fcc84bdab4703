import type { Command } from "commander";
import type { ActorOverride, OpenOptions } from "../app/context.js";
import type { Repository } from "../app/repository.js";
import { AdriftError } from "../core/errors.js";
import { personProblem } from "../core/rules/input-text.js";
import { type CommonOptions, reportError } from "./io.js";

/** The exit code the last action asked for; read by main.ts. */
export const exitState = { code: 0 };

/** Adds the options every command takes: -C/--cwd, --json, --as. */
export function common(command: Command, { as = true } = {}): Command {
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
  return command;
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
      `--as expects an email or 'Name <email>', got ${JSON.stringify(value.slice(0, 80))} (${why}); e.g. --as "Ana Souza <ana@example.com>"`,
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
  const { openRepository } = await import("../app/repository.js");
  const { terminalProgress } = await import("./progress.js");
  const progress = terminalProgress();
  return openRepository(options.cwd ?? process.cwd(), {
    ...open,
    actor: parseAs(options.as),
    ...(progress ? { progress } : {}),
  });
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
    try {
      exitState.code = (await handler(...args)) ?? 0;
    } catch (error) {
      // --json anywhere asks for JSON errors, even where an option took it as its value.
      exitState.code = reportError(
        error,
        Boolean(options.json) || process.argv.slice(2).includes("--json"),
      );
    }
  };
}

/** Collects a repeatable option into an array. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}
