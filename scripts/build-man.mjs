// Writes the man page from the program's own --help texts: `git adrift --help` makes git run
// `man git-adrift`, which needs a page. npm links it from package.json's "man" on a global
// install (`npm i -g`), where man finds it beside the bin directory on the PATH. Run after tsc
// by `npm run build`; the page carries no date, so a build writes the same bytes every time.
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const { createProgram, VERSION } = await import("../dist/cli/program.js");
const dir = fileURLToPath(new URL("../dist/man/man1/", import.meta.url));

/** The help a command prints, examples included (commander's "after" text). */
function helpOf(command) {
  let text = "";
  command.configureOutput({ writeOut: (s) => (text += s), getOutHelpWidth: () => 78 });
  command.outputHelp();
  return text;
}

/** Text shown as it is in roff: no-fill, backslashes and leading dots or quotes escaped. */
const verbatim = (text) =>
  [
    ".nf",
    ...text
      .trimEnd()
      .split("\n")
      .map((line) => line.replaceAll("\\", "\\e"))
      .map((line) => (/^[.']/.test(line) ? `\\&${line}` : line)),
    ".fi",
  ].join("\n");

/** Every command below `command`, depth first, as [path, command]. */
function* commands(command, path = "adrift") {
  for (const sub of command.commands) {
    const here = `${path} ${sub.name()}`;
    yield [here, sub];
    yield* commands(sub, here);
  }
}

const program = await createProgram();
const page = [
  `.TH GIT-ADRIFT 1 "" "git-adrift ${VERSION}" "adrift manual"`,
  ".SH NAME",
  "git-adrift, adrift \\- keep the why of a codebase inside the repository, and know when the code moved on",
  ".SH SYNOPSIS",
  ".B adrift",
  "[options] [command]",
  ".br",
  ".B git adrift",
  "[options] [command]",
  ".SH DESCRIPTION",
  "adrift keeps intent cards, decisions, open questions and backlog links as an append-only event",
  "log under .decisions/, and flags a decision as stale when later commits change the code it",
  "rests on. Every command takes --json; each command's own help follows.",
  ".SH OPTIONS AND COMMANDS",
  verbatim(helpOf(program)),
  ...[...commands(program)].flatMap(([path, command]) => [
    `.SS "${path}"`,
    verbatim(helpOf(command)),
  ]),
  ".SH FILES",
  ".TP",
  ".I .decisions/",
  "the log, its config.json and the baseline; committed with the code",
  ".TP",
  ".I .git/adrift/",
  "this clone's local state and caches; never committed",
  ".SH SEE ALSO",
  "The docs/ folder of the package's repository: staleness.md, hooks.md, ci.md, formats.md.",
  "",
].join("\n");

mkdirSync(dir, { recursive: true });
writeFileSync(`${dir}git-adrift.1`, page);
// `man adrift` shows the same page.
writeFileSync(`${dir}adrift.1`, ".so man1/git-adrift.1\n");
