import type { Command, Option } from "commander";

/** Which ids `adrift completion ids --kind K` lists. */
export const ID_KINDS = [
  "any",
  "record",
  "story",
  "task",
  "epic",
  "rule",
  "question",
  "workline",
  "session",
] as const;
export type IdKind = (typeof ID_KINDS)[number];

/** What a value (an argument, or an option's value) completes to. */
export type ValueKind =
  | { kind: "none" }
  | { kind: "files" }
  | { kind: "dirs" }
  | { kind: "refs" }
  | { kind: "ids"; of: IdKind }
  | { kind: "words"; words: string[] };

/** One option of a command, as completion sees it. */
export type CompletionOption = { flags: string[]; description: string; value?: ValueKind };

/** One command (`""` for the program itself) with what may follow it. */
export type CompletionNode = {
  path: string;
  subcommands: { name: string; description: string }[];
  options: CompletionOption[];
  /** what each positional argument completes to, in order (the last one repeats when variadic) */
  args: ValueKind[];
};

const NONE: ValueKind = { kind: "none" };
const words = (...list: string[]): ValueKind => ({ kind: "words", words: list });

/** Values known by name, wherever they appear. */
const NAMED: Record<string, ValueKind> = {
  dir: { kind: "dirs" },
  file: { kind: "files" },
  scope: { kind: "files" },
  draft: { kind: "files" },
  rev: { kind: "refs" },
  ref: { kind: "refs" },
  story: { kind: "ids", of: "story" },
  task: { kind: "ids", of: "task" },
  epic: { kind: "ids", of: "epic" },
  rule: { kind: "ids", of: "rule" },
  agent: words("claude", "codex", "cursor"),
  event: words("session-start", "pre-edit", "post-edit", "prompt", "stop"),
  verdict: words("approved", "changes_requested", "needs_user_decision"),
};

/** The kind of id an `<id>` argument or option takes, by the command it belongs to. */
function idKind(path: string, option?: string): IdKind {
  const [group] = path.split(" ");
  if (option === "--workline") return "workline";
  if (option === "--session") return "session";
  if (option === "--question" || option === "--question-id") return "question";
  if (option === "--by" || option === "--decision") return "record";
  if (option) return "any";
  if (group === "decision" || group === "intent" || group === "review") return "record";
  if (group === "question" || group === "workline" || group === "session") return group;
  return "any";
}

/** `a | b | c …` (or `a|b|c`) at the start of a description lists the only values. */
function choices(description: string): string[] | undefined {
  const match = /^([a-z][a-z_-]*(?:\s*\|\s*[a-z][a-z_-]*)+)(?:\s|$)/.exec(description);
  return match ? match[1]!.split("|").map((w) => w.trim()) : undefined;
}

function completesTo(path: string, name: string, description: string, option?: string): ValueKind {
  const listed = choices(description);
  if (listed) return { kind: "words", words: listed };
  if (name === "id") return { kind: "ids", of: idKind(path, option) };
  if (option === "--cwd") return { kind: "dirs" };
  return NAMED[name] ?? NONE;
}

function optionOf(path: string, option: Option): CompletionOption {
  const flags = [option.short, option.long].filter((f): f is string => Boolean(f));
  const takes = option.required || option.optional;
  const name = /<([^>]+)>|\[([^\]]+)\]/.exec(option.flags);
  return {
    flags,
    description: option.description,
    ...(takes
      ? { value: completesTo(path, name?.[1] ?? name?.[2] ?? "", option.description, option.long) }
      : {}),
  };
}

/** Every command of the program, depth first, with its options and arguments. */
export function completionModel(program: Command): CompletionNode[] {
  const nodes: CompletionNode[] = [];
  const visit = (command: Command, path: string) => {
    const visible = command.commands.filter((c) => !(c as { _hidden?: boolean })._hidden);
    const options = command.options.filter((o) => !o.hidden).map((o) => optionOf(path, o));
    options.push({ flags: ["-h", "--help"], description: "display help for command" });
    nodes.push({
      path,
      subcommands: visible.map((c) => ({ name: c.name(), description: c.description() })),
      options,
      args: command.registeredArguments.map((a) => completesTo(path, a.name(), a.description)),
    });
    for (const sub of visible) visit(sub, path ? `${path} ${sub.name()}` : sub.name());
  };
  visit(program, "");
  return nodes;
}

/** Names that go into a shell script unquoted: refuse anything else rather than quote it. */
export function assertWord(word: string): string {
  if (!/^[A-Za-z0-9_.:-]+$/.test(word)) throw new Error(`not a shell word: ${word}`);
  return word;
}
