// Hook managers that own the hooks directory: adrift integrates the way each expects instead of
// renaming files in it. husky 9 (core.hooksPath=.husky/_, whose generated files dispatch to the
// team's tracked `.husky/<hook>` scripts): adrift adds one line to each of those, calling
// `.husky/adrift.sh`, which it writes beside them; a core.hooksPath folder of the work tree the
// same way. lefthook: see lefthook.ts.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { AdriftError } from "../../core/errors.js";
import {
  BLOCK_END,
  BLOCK_START,
  HOOK_NAMES,
  type HookName,
  isAsWritten,
  sharedHookScript,
} from "./script.js";

/**
 * The hook manager found, and where its files are. `shared`: core.hooksPath names a folder of the
 * work tree (`.githooks`, committed): its hook files are the team's, so adrift treats them as
 * husky's (its lines and `adrift.sh` beside them, no path of this machine).
 */
export type HookManager =
  | { kind: "husky"; dir: string; hooks: string }
  | { kind: "shared"; dir: string; hooks: string }
  | { kind: "lefthook"; config: string };

/** True when `hooksDir` lies in the work tree `root`, outside its `.git`. */
function inWorkTree(root: string, hooksDir: string): boolean {
  const relative = path.relative(root, hooksDir);
  return (
    relative !== "" &&
    !relative.startsWith("..") &&
    !path.isAbsolute(relative) &&
    relative.split(path.sep)[0] !== ".git"
  );
}

const LEFTHOOK_CONFIGS = [
  "lefthook.yml",
  ".lefthook.yml",
  "lefthook.yaml",
  ".lefthook.yaml",
  "lefthook.toml",
  ".lefthook.toml",
  "lefthook.json",
  ".lefthook.json",
  "lefthook.jsonc",
  ".lefthook.jsonc",
];

/**
 * husky 9 when git runs hooks from a husky `_` folder (its dispatcher `h` there); a folder of the
 * work tree (core.hooksPath) otherwise; lefthook by its config.
 */
export function detectHookManager(root: string, hooksDir: string): HookManager | undefined {
  if (path.basename(hooksDir) === "_" && existsSync(path.join(hooksDir, "h")))
    return { kind: "husky", dir: path.dirname(hooksDir), hooks: hooksDir };
  if (inWorkTree(root, hooksDir)) return { kind: "shared", dir: hooksDir, hooks: hooksDir };
  const config = LEFTHOOK_CONFIGS.find((name) => existsSync(path.join(root, name)));
  return config ? { kind: "lefthook", config: path.join(root, config) } : undefined;
}

/** The helper script's name in the husky folder. */
export const HUSKY_HELPER = "adrift.sh";

/**
 * The lines adrift adds to a husky hook file (tracked: no path of this machine in them). In a
 * file of the team's, the helper runs in a shell of its own: nothing the team's lines set up
 * (options, variables, functions) reaches it. A file adrift created (`alone`: nothing else in
 * it) reads the helper in a subshell instead, one shell start less per hook, and every commit
 * runs three such hooks (prepare-commit-msg, commit-msg, post-commit).
 */
export function huskyBlock(name: HookName, alone = false): string[] {
  return [
    BLOCK_START,
    "# adrift (`adrift hook uninstall` removes these lines); it never fails the commit itself",
    alone
      ? `(set +eu; set -- ${name} "$@"; . "\${0%/*}/${HUSKY_HELPER}") || true`
      : `sh "\${0%/*}/${HUSKY_HELPER}" ${name} "$@" || true`,
    BLOCK_END,
  ];
}

/** True when a hook file holds nothing but adrift's block (and a `#!/bin/sh` line before it). */
function isAlone(lines: readonly string[], block: { start: number; end: number }): boolean {
  const rest = [...lines.slice(0, block.start), ...lines.slice(block.end + 1)].join("\n").trim();
  return rest === "" || rest === "#!/bin/sh";
}

/** The block adrift writes into a hook file whose lines are `lines`, its block at `found`. */
export function expectedHuskyBlock(
  name: HookName,
  lines: readonly string[],
  found: { start: number; end: number },
): string {
  return huskyBlock(name, isAlone(lines, found)).join("\n");
}

/** The block's place in a file's lines, when it is there. */
export function findBlock(lines: readonly string[]): { start: number; end: number } | undefined {
  const start = lines.indexOf(BLOCK_START);
  const end = lines.indexOf(BLOCK_END, start + 1);
  return start >= 0 && end > start ? { start, end } : undefined;
}

function read(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/** What happened to one husky file. */
export type HuskyAction = {
  hook: string;
  action: "installed" | "chained" | "updated" | "unchanged" | "removed" | "restored" | "absent";
  file: string;
};

/** The husky files adrift's lines in them were edited in (install and uninstall refuse over them). */
function editedBlocks(manager: { dir: string }): string[] {
  const edited: string[] = [];
  for (const name of HOOK_NAMES) {
    const file = path.join(manager.dir, name);
    const lines = read(file)?.split("\n");
    const block = lines && findBlock(lines);
    if (!block) continue;
    const text = lines.slice(block.start, block.end + 1).join("\n");
    if (text !== huskyBlock(name).join("\n") && text !== huskyBlock(name, true).join("\n"))
      edited.push(file);
  }
  const helper = read(path.join(manager.dir, HUSKY_HELPER));
  if (helper !== undefined && !isAsWritten(helper))
    edited.push(path.join(manager.dir, HUSKY_HELPER));
  return edited;
}

function refuseEdited(edited: string[], command: "install" | "uninstall"): void {
  if (edited.length > 0)
    throw new AdriftError(
      "conflict",
      `adrift's lines in ${edited.join(", ")} changed since adrift wrote them, and \`adrift hook ${command}\` would lose the changes: put your lines outside the block between "${BLOCK_START}" and "${BLOCK_END}", or pass --force`,
      { files: edited },
    );
}

/**
 * Adds adrift's line to each `.husky/<hook>` file (after the team's lines, so a failing lint
 * still stops the commit first; a file that did not exist is created with the line alone) and
 * writes `.husky/adrift.sh`. Nothing in `.husky/_` changes.
 */
export function installHusky(
  manager: { dir: string; kind?: HookManager["kind"] },
  force = false,
): HuskyAction[] {
  // git runs a core.hooksPath folder's files itself: they must be executable (husky sources its own).
  const mode = manager.kind === "shared" ? 0o755 : 0o644;
  mkdirSync(manager.dir, { recursive: true });
  if (!force) refuseEdited(editedBlocks(manager), "install");
  const helper = path.join(manager.dir, HUSKY_HELPER);
  const script = sharedHookScript();
  const actions: HuskyAction[] = [];
  if (read(helper) !== script) writeFileSync(helper, script, { mode: 0o644 });
  for (const name of HOOK_NAMES) {
    const file = path.join(manager.dir, name);
    const text = read(file);
    const block = huskyBlock(name);
    if (text === undefined) {
      const shebang = manager.kind === "shared" ? "#!/bin/sh\n" : "";
      writeFileSync(file, `${shebang}${huskyBlock(name, true).join("\n")}\n`, { mode });
      actions.push({ hook: name, action: "installed", file });
      continue;
    }
    const lines = text.split("\n");
    const found = findBlock(lines);
    if (found) {
      const current = lines.slice(found.start, found.end + 1).join("\n");
      const expected = expectedHuskyBlock(name, lines, found);
      if (current === expected) actions.push({ hook: name, action: "unchanged", file });
      else {
        lines.splice(found.start, found.end - found.start + 1, ...expected.split("\n"));
        writeFileSync(file, lines.join("\n"));
        actions.push({ hook: name, action: "updated", file });
      }
      continue;
    }
    const body = text.length === 0 || text.endsWith("\n") ? text : `${text}\n`;
    writeFileSync(file, `${body}${block.join("\n")}\n`);
    actions.push({ hook: name, action: "chained", file });
  }
  return actions;
}

/** Takes adrift's lines out of the husky files (a file adrift created goes) and removes the helper. */
export function uninstallHusky(manager: { dir: string }, force = false): HuskyAction[] {
  if (!force) refuseEdited(editedBlocks(manager), "uninstall");
  const actions: HuskyAction[] = [];
  for (const name of HOOK_NAMES) {
    const file = path.join(manager.dir, name);
    const text = read(file);
    const lines = text?.split("\n");
    const found = lines && findBlock(lines);
    if (!lines || !found) {
      actions.push({ hook: name, action: "absent", file });
      continue;
    }
    lines.splice(found.start, found.end - found.start + 1);
    // The line after the block, when it ended the file, is the file's last newline.
    if (found.start === lines.length - 1 && lines[found.start] === "") lines.splice(found.start, 1);
    const rest = lines.join("\n");
    // A file adrift created holds nothing else (in a core.hooksPath folder, a shebang first).
    if (rest.trim() === "" || rest.trim() === "#!/bin/sh") {
      rmSync(file, { force: true });
      actions.push({ hook: name, action: "removed", file });
    } else {
      writeFileSync(file, rest.endsWith("\n") || rest === "" ? rest : `${rest}\n`);
      actions.push({ hook: name, action: "restored", file });
    }
  }
  rmSync(path.join(manager.dir, HUSKY_HELPER), { force: true });
  return actions;
}
