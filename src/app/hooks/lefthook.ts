// lefthook owns `.git/hooks` (its runner) and reads lefthook.yml, then lefthook-local.yml, on every
// hook. adrift leaves both its runner and the team's lefthook.yml alone: it writes its entries
// into lefthook-local.yml (lefthook's file for one clone; excluded in .git/info/exclude when
// adrift creates it) and the script they run into the git dir, so nothing tracked changes and
// the plain-shell checks of adrift's own hooks run before any node.
//
// Each hook lefthook runs is a start of lefthook's runner and binary (two binary starts, tens of
// milliseconds), while adrift's own hook decides in plain shell in about one: so a hook for
// which lefthook would run adrift's entry alone (the team's configuration names no command
// there) gets adrift's own hook in place of lefthook's runner. A later `lefthook install`
// moves it aside (`<name>.old`) and puts its runner back, which runs adrift's entry: slower,
// nothing lost; the next `adrift hook install` puts adrift's hook back.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { AdriftError } from "../../core/errors.js";
import {
  BLOCK_END,
  BLOCK_START,
  HOOK_NAMES,
  type HookName,
  hasAdriftBlock,
  hookScript,
  isAsWritten,
  sharedHookScript,
} from "./script.js";

/** lefthook's file for settings of one clone. */
export const LEFTHOOK_LOCAL = "lefthook-local.yml";

/** The script the entries run, in `<git dir>/adrift/`. */
export const LEFTHOOK_SCRIPT = "lefthook-hooks.sh";

const EXCLUDE_LINE = `/${LEFTHOOK_LOCAL}`;

/** Which of adrift's hooks had a lefthook runner before adrift's entries (one name a line). */
const RUNNERS_BEFORE = "lefthook-runners-before";

/** Notes, once, which hooks have lefthook's runner in `hooksDir` before adrift adds its entries. */
export function noteRunnersBefore(gitDir: string, hooksDir: string): void {
  const file = path.join(gitDir, "adrift", RUNNERS_BEFORE);
  if (existsSync(file)) return;
  const present = HOOK_NAMES.filter((name) => existsSync(path.join(hooksDir, name)));
  writeFileSync(file, present.map((name) => `${name}\n`).join(""));
}

/** True for the runner `lefthook install` writes into the hooks directory. */
function isLefthookRunner(text: string | undefined): boolean {
  return text?.includes("call_lefthook") ?? false;
}

/**
 * Removes the lefthook runners that `lefthook install` added for adrift's entries alone, and
 * adrift's own hooks that a later `lefthook install` moved aside as `<name>.old`. (adrift's own
 * hooks in the hooks directory go with every other hook adrift installed there.)
 */
export function removeRunnersAdded(gitDir: string, hooksDir: string): void {
  removeMovedAside(hooksDir);
  const file = path.join(gitDir, "adrift", RUNNERS_BEFORE);
  const before = read(file)?.split("\n");
  if (!before) return;
  for (const name of HOOK_NAMES) {
    const runner = path.join(hooksDir, name);
    if (!before.includes(name) && isLefthookRunner(read(runner))) rmSync(runner);
  }
  rmSync(file, { force: true });
}

/** adrift's own hooks that `lefthook install` renamed `<name>.old` (lefthook never runs those). */
function removeMovedAside(hooksDir: string): void {
  for (const name of HOOK_NAMES) {
    const old = path.join(hooksDir, `${name}.old`);
    const text = read(old);
    if (text !== undefined && hasAdriftBlock(text) && isAsWritten(text)) rmSync(old);
  }
}

/**
 * The hooks for which lefthook would run adrift's entry alone, from `lefthook dump --format
 * json` (the configuration merged from every file, adrift's lefthook-local.yml among them): no
 * command but `adrift`, no script, no job. Nothing when the dump cannot be read.
 */
export function adriftOnlyHooks(dump: string | undefined): HookName[] {
  let config: unknown;
  try {
    config = JSON.parse(dump ?? "");
  } catch {
    return [];
  }
  if (typeof config !== "object" || config === null) return [];
  const keys = (value: unknown) =>
    typeof value === "object" && value !== null ? Object.keys(value) : [];
  return HOOK_NAMES.filter((name) => {
    const hook = (config as Record<string, unknown>)[name];
    if (typeof hook !== "object" || hook === null) return false;
    const { commands, scripts, jobs } = hook as Record<string, unknown>;
    const names = keys(commands);
    return names.length === 1 && names[0] === "adrift" && keys(scripts).length === 0 && !jobs;
  });
}

/**
 * Puts adrift's own hook (absolute paths: the hooks directory is in the git dir) in place of
 * lefthook's runner for each hook in `adriftOnly` whose runner `lefthook install` added for
 * adrift's entry (not there before adrift), and removes adrift's hooks moved aside as `.old`.
 * Returns the hooks it wrote.
 */
export function installOwnHooks(
  gitDir: string,
  hooksDir: string,
  adriftOnly: readonly HookName[],
  runner: { node: string; cli: string },
): HookName[] {
  const before = read(path.join(gitDir, "adrift", RUNNERS_BEFORE))?.split("\n") ?? [...HOOK_NAMES];
  const written: HookName[] = [];
  for (const name of adriftOnly) {
    if (before.includes(name)) continue;
    const file = path.join(hooksDir, name);
    const text = read(file);
    // lefthook's runner, or adrift's own hook as written (an edited one stays as it is).
    if (
      text !== undefined &&
      !isLefthookRunner(text) &&
      !(hasAdriftBlock(text) && isAsWritten(text))
    )
      continue;
    const script = hookScript(name, runner.node, runner.cli);
    if (text !== script) {
      // A new file renamed over the runner: a shell still reading the runner (this very hook,
      // when a post-commit puts adrift's hook back) keeps reading the old one.
      const temporary = `${file}.adrift-${process.pid}`;
      writeFileSync(temporary, script, { mode: 0o755 });
      chmodSync(temporary, 0o755);
      renameSync(temporary, file);
    }
    written.push(name);
  }
  removeMovedAside(hooksDir);
  return written;
}

/**
 * True when `lefthook install` put its runner back over a hook adrift had taken (one not there
 * before adrift, whose runner adrift's entries alone made lefthook write): worth asking lefthook
 * whether adrift's own hook can go back there.
 */
export function runnersBack(gitDir: string, hooksDir: string): boolean {
  const before = read(path.join(gitDir, "adrift", RUNNERS_BEFORE))?.split("\n");
  if (!before) return false;
  return HOOK_NAMES.some(
    (name) =>
      !before.includes(name) &&
      existsSync(path.join(hooksDir, `${name}.old`)) &&
      isLefthookRunner(read(path.join(hooksDir, name))),
  );
}

/** lefthook passes git's arguments on as `{0}` (all of them); three hooks take none. */
function entryRun(name: HookName): string {
  const args =
    name === "pre-commit" || name === "pre-merge-commit" || name === "post-commit" ? "" : " {0}";
  // One git process saved per hook where .git is the git dir; a linked worktree asks git. The
  // script is read by the shell lefthook starts for the entry (`.`): one shell start, not two.
  const file = `adrift/${LEFTHOOK_SCRIPT}`;
  return `f=.git/${file}; [ -f "$f" ] || f="$(git rev-parse --git-path ${file})"; set -- ${name}${args}; . "$f"`;
}

/** adrift's block of lefthook-local.yml: one command named `adrift` per hook. */
export function lefthookBlock(): string {
  return [
    BLOCK_START,
    "# written by `adrift hook install`; `adrift hook uninstall` removes it",
    ...HOOK_NAMES.flatMap((name) => [
      `${name}:`,
      "  commands:",
      "    adrift:",
      `      run: ${entryRun(name)}`,
    ]),
    BLOCK_END,
    "",
  ].join("\n");
}

function read(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/** True when lefthook-local.yml at `root` holds adrift's block as it writes it now. */
export function hasLefthookEntries(root: string): boolean {
  return read(path.join(root, LEFTHOOK_LOCAL))?.includes(lefthookBlock()) ?? false;
}

/**
 * Writes adrift's entries into lefthook-local.yml (created, and excluded from git status, when
 * missing) and their script into the git dir. Refuses (conflict) when the team's own
 * lefthook-local.yml is there without them: merging YAML keys could change what it runs.
 */
export function installLefthook(
  root: string,
  gitDir: string,
  commonDir: string,
  hooksDir: string,
): "installed" | "updated" | "unchanged" {
  const file = path.join(root, LEFTHOOK_LOCAL);
  const text = read(file);
  const block = lefthookBlock();
  mkdirSync(path.join(gitDir, "adrift"), { recursive: true });
  writeFileSync(path.join(gitDir, "adrift", LEFTHOOK_SCRIPT), sharedHookScript());
  noteRunnersBefore(gitDir, hooksDir);
  if (text === block) return "unchanged";
  if (text !== undefined && !(text.startsWith(BLOCK_START) && text.trimEnd().endsWith(BLOCK_END)))
    throw new AdriftError(
      "conflict",
      `${LEFTHOOK_LOCAL} is there and is not adrift's: add adrift's entries to it (also in details.entries), then run \`adrift hook install\` again`,
      { file, entries: block },
    );
  writeFileSync(file, block);
  const exclude = path.join(commonDir, "info", "exclude");
  const lines = (read(exclude) ?? "").split("\n");
  if (!lines.includes(EXCLUDE_LINE)) {
    mkdirSync(path.dirname(exclude), { recursive: true });
    const before = lines.join("\n");
    writeFileSync(
      exclude,
      `${before}${before === "" || before.endsWith("\n") ? "" : "\n"}${EXCLUDE_LINE}\n`,
    );
  }
  return text === undefined ? "installed" : "updated";
}

/** Removes what `installLefthook` wrote: the file it created, its exclude line, the script. */
export function uninstallLefthook(
  root: string,
  gitDir: string,
  commonDir: string,
  hooksDir: string,
): boolean {
  const file = path.join(root, LEFTHOOK_LOCAL);
  const text = read(file);
  rmSync(path.join(gitDir, "adrift", LEFTHOOK_SCRIPT), { force: true });
  removeRunnersAdded(gitDir, hooksDir);
  if (!text || !(text.startsWith(BLOCK_START) && text.trimEnd().endsWith(BLOCK_END))) return false;
  rmSync(file);
  const exclude = path.join(commonDir, "info", "exclude");
  const current = read(exclude);
  if (current !== undefined && existsSync(exclude))
    writeFileSync(
      exclude,
      current
        .split("\n")
        .filter((l) => l !== EXCLUDE_LINE)
        .join("\n"),
    );
  return true;
}
