import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readLocalState, writeActiveWorkline } from "../../adapters/local-state.js";
import { AdriftError } from "../../core/errors.js";
import type { AppContext } from "../dependencies.js";
import { hooksDirWarnings } from "./dir.js";
import { detectHookManager, installHusky, lefthookEntries, uninstallHusky } from "./managers.js";
import {
  CHAINED_SUFFIX,
  EDITED_SUFFIX,
  HOOK_NAMES,
  type HookName,
  hasAdriftBlock,
  hookScript,
  isAsWritten,
} from "./script.js";

/**
 * Gets the hooks' fast path ready: the active-workline file beside a state.json an earlier adrift
 * wrote, and a staleness report (with the hook gate derived from it) so that the first commits
 * start no node when they touch no decision. Returns a warning when the report could not be made.
 */
async function primeHooks(ctx: AppContext): Promise<string[]> {
  const gitDir = ctx.git.location.gitDir;
  try {
    if (existsSync(path.join(gitDir, "adrift", "state.json")))
      writeActiveWorkline(gitDir, readLocalState(gitDir));
    const { computeStaleness } = await import("../staleness/stale-report.js");
    await computeStaleness(ctx);
    return [];
  } catch (error) {
    return [
      `could not compute staleness now (${error instanceof Error ? error.message : String(error)}): the hooks start node until a command succeeds`,
    ];
  }
}

/** What happened to each hook; `kept`: where the edited hook replaced with `--force` was copied. */
export type HookAction = {
  hook: string;
  action:
    | "installed"
    | "chained"
    | "updated"
    | "unchanged"
    | "removed"
    | "restored"
    | "absent"
    | "foreign";
  kept?: string;
};

function read(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/** The CLI entry point of this installation (dist/cli/main.js). */
function cliPath(): string {
  return fileURLToPath(new URL("../../cli/main.js", import.meta.url));
}

/** A hook file as found: its text, whether a chained hook is beside it, and whose it is. */
type Found = { name: HookName; file: string; text?: string; chained: boolean; ours: boolean };

function find(dir: string, name: HookName): Found {
  const file = path.join(dir, name);
  const text = read(file);
  const chained = existsSync(file + CHAINED_SUFFIX);
  return { name, file, text, chained, ours: text !== undefined && hasAdriftBlock(text) };
}

/** adrift's hooks that someone edited since adrift wrote them (replacing them loses the edits). */
function editedHooks(found: readonly Found[]): Found[] {
  return found.filter((f) => f.ours && !isAsWritten(f.text!));
}

/** What to do about installed hooks someone edited, before `adrift hook <command>` replaces them. */
function editedMessage(edited: readonly Found[], command: "install" | "uninstall"): string {
  const files = edited.map((f) => f.file).join(", ");
  const [one] = edited;
  const name = edited.length === 1 && one ? one.name : "<hook>";
  return `${files} changed since adrift installed ${edited.length > 1 ? "them" : "it"}, and \`adrift hook ${command}\` would lose the changes: move your lines to ${name}${CHAINED_SUFFIX} beside it (it runs before adrift's part, and uninstall puts it back), or pass --force to keep the edited file as ${name}${EDITED_SUFFIX}`;
}

/** Copies an edited hook beside itself before adrift replaces it; returns the copy's path. */
function keepEdited(file: string): string {
  let copy = file + EDITED_SUFFIX;
  for (let n = 1; existsSync(copy); n++) copy = `${file}${EDITED_SUFFIX}.${n}`;
  copyFileSync(file, copy);
  return copy;
}

/**
 * Installs adrift's hooks in the directory git runs hooks from (core.hooksPath honoured). A hook
 * already there is kept beside as `<name>.pre-adrift` and runs first. Refuses (conflict), unless
 * `force`, beside leftover `*.pre-adrift` files and over adrift hooks someone edited. Warns
 * when the directory is one git tracks or shows (`hooksDirWarnings`).
 */
export async function installHooks(
  ctx: AppContext,
  options: { force?: boolean } = {},
): Promise<{ dir: string; hooks: HookAction[]; warnings: string[]; manager?: string }> {
  const dir = await ctx.git.hooksDir();
  const manager = detectHookManager(ctx.git.location.root, dir);
  if (manager?.kind === "husky") {
    // Hooks an earlier adrift installed into husky's own folder go first (husky's files back).
    const { hooks: undone } = await uninstallHooks(ctx, { ...options, only: "installed" });
    const hooks = installHusky(manager, options.force);
    const restored = undone.filter((h) => h.action === "restored" || h.action === "removed");
    const warnings = restored.length
      ? [
          `took adrift's hooks out of ${dir} (husky's own files are back): adrift runs from ${manager.dir}/<hook> now`,
        ]
      : [];
    warnings.push(...(await primeHooks(ctx)));
    return { dir: manager.dir, hooks, warnings, manager: "husky" };
  }
  if (manager?.kind === "lefthook" && !options.force)
    throw new AdriftError(
      "conflict",
      `lefthook runs this repository's hooks (${path.basename(manager.config)}): adrift wrote nothing. Add adrift's commands to ${path.basename(manager.config)} (printed above; also in details.entries), or pass --force to install beside lefthook's runner in ${dir} (a later \`lefthook install\` replaces them)`,
      { config: manager.config, entries: lefthookEntries() },
    );
  const plans = HOOK_NAMES.map((name) => find(dir, name));
  const orphans = plans.filter((p) => p.chained && !p.ours && p.text !== undefined);
  const edited = editedHooks(plans);
  if ((orphans.length > 0 || edited.length > 0) && !options.force) {
    const leftovers = orphans.map((c) => c.file + CHAINED_SUFFIX);
    const problems = [
      ...(leftovers.length > 0
        ? [
            `${leftovers.join(", ")} already exist beside hooks that are not adrift's; move them away, or pass --force to keep them as *.orphan`,
          ]
        : []),
      ...(edited.length > 0 ? [editedMessage(edited, "install")] : []),
    ];
    throw new AdriftError("conflict", problems.join("; "), {
      files: [...leftovers, ...edited.map((f) => f.file)],
    });
  }
  const warnings = await hooksDirWarnings(ctx, dir);
  mkdirSync(dir, { recursive: true });
  const hooks: HookAction[] = [];
  for (const plan of plans) {
    const script = hookScript(plan.name, process.execPath, cliPath());
    if (plan.ours) {
      if (plan.text === script) hooks.push({ hook: plan.name, action: "unchanged" });
      else {
        const kept = edited.includes(plan) ? { kept: keepEdited(plan.file) } : {};
        writeFileSync(plan.file, script, { mode: 0o755 });
        hooks.push({ hook: plan.name, action: "updated", ...kept });
      }
      continue;
    }
    if (plan.text !== undefined) {
      if (plan.chained)
        renameSync(plan.file + CHAINED_SUFFIX, `${plan.file}${CHAINED_SUFFIX}.orphan`);
      renameSync(plan.file, plan.file + CHAINED_SUFFIX);
    }
    writeFileSync(plan.file, script, { mode: 0o755 });
    chmodSync(plan.file, 0o755);
    hooks.push({ hook: plan.name, action: plan.text !== undefined ? "chained" : "installed" });
  }
  warnings.push(...(await primeHooks(ctx)));
  return { dir, hooks, warnings };
}

/**
 * Removes adrift's hooks and puts back, byte for byte, the hooks that were there before. Refuses
 * (conflict) when someone edited an installed hook, unless `force`, which keeps the edited file
 * beside as `<name>.adrift-edited`.
 */
export async function uninstallHooks(
  ctx: AppContext,
  options: { force?: boolean; only?: "installed" } = {},
): Promise<{ dir: string; hooks: HookAction[] }> {
  const dir = await ctx.git.hooksDir();
  const manager = detectHookManager(ctx.git.location.root, dir);
  if (manager?.kind === "husky" && options.only !== "installed") {
    const hooks: HookAction[] = uninstallHusky(manager, options.force);
    await uninstallHooks(ctx, { ...options, only: "installed" });
    return { dir: manager.dir, hooks };
  }
  const found = HOOK_NAMES.map((name) => find(dir, name));
  const edited = editedHooks(found);
  if (edited.length > 0 && !options.force)
    throw new AdriftError("conflict", editedMessage(edited, "uninstall"), {
      files: edited.map((f) => f.file),
    });
  const hooks: HookAction[] = [];
  for (const hook of found) {
    const { name, file, text } = hook;
    if (!hook.ours) {
      hooks.push({ hook: name, action: text === undefined ? "absent" : "foreign" });
      continue;
    }
    const kept = edited.includes(hook) ? { kept: keepEdited(file) } : {};
    if (hook.chained) {
      renameSync(file + CHAINED_SUFFIX, file);
      hooks.push({ hook: name, action: "restored", ...kept });
    } else {
      rmSync(file);
      hooks.push({ hook: name, action: "removed", ...kept });
    }
  }
  return { dir, hooks };
}
