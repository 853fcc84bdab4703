// lefthook owns `.git/hooks` (its runner) and reads lefthook.yml, then lefthook-local.yml, on every
// hook. adrift leaves both its runner and the team's lefthook.yml alone: it writes its entries
// into lefthook-local.yml (lefthook's file for one clone; excluded in .git/info/exclude when
// adrift creates it) and the script they run into the git dir, so nothing tracked changes and
// the plain-shell checks of adrift's own hooks run before any node.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { AdriftError } from "../../core/errors.js";
import { BLOCK_END, BLOCK_START, HOOK_NAMES, type HookName, sharedHookScript } from "./script.js";

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

/** Removes the lefthook runners that `lefthook install` added for adrift's entries alone. */
export function removeRunnersAdded(gitDir: string, hooksDir: string): void {
  const file = path.join(gitDir, "adrift", RUNNERS_BEFORE);
  const before = read(file)?.split("\n");
  if (!before) return;
  for (const name of HOOK_NAMES) {
    const runner = path.join(hooksDir, name);
    if (!before.includes(name) && read(runner)?.includes("call_lefthook")) rmSync(runner);
  }
  rmSync(file, { force: true });
}

/** lefthook passes git's arguments on as `{0}` (all of them); three hooks take none. */
function entryRun(name: HookName): string {
  const args =
    name === "pre-commit" || name === "pre-merge-commit" || name === "post-commit" ? "" : " {0}";
  // One git process saved per hook where .git is the git dir; a linked worktree asks git.
  const file = `adrift/${LEFTHOOK_SCRIPT}`;
  return `f=.git/${file}; [ -f "$f" ] || f="$(git rev-parse --git-path ${file})"; sh "$f" ${name}${args}`;
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
