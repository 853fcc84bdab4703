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
import { fileURLToPath } from "node:url";
import { AdriftError } from "../core/errors.js";
import type { AppContext } from "./context.js";
import { CHAINED_SUFFIX, HOOK_NAMES, hasAdriftBlock, hookScript } from "./hook-script.js";

/** What happened to each hook. */
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
  return fileURLToPath(new URL("../cli/main.js", import.meta.url));
}

/**
 * Installs adrift's hooks in the directory git runs hooks from (core.hooksPath honoured). A hook
 * already there is kept beside as `<name>.pre-adrift` and runs first.
 */
export async function installHooks(
  ctx: AppContext,
  options: { force?: boolean } = {},
): Promise<{ dir: string; hooks: HookAction[] }> {
  const dir = await ctx.git.hooksDir();
  const plans = HOOK_NAMES.map((name) => {
    const file = path.join(dir, name);
    const text = read(file);
    const chained = existsSync(file + CHAINED_SUFFIX);
    return { name, file, text, chained, ours: text !== undefined && hasAdriftBlock(text) };
  });
  const conflicts = plans.filter((p) => p.chained && !p.ours && p.text !== undefined);
  if (conflicts.length > 0 && !options.force)
    throw new AdriftError(
      "conflict",
      `${conflicts.map((c) => c.file + CHAINED_SUFFIX).join(", ")} already exist beside hooks that are not adrift's; move them away, or pass --force to keep them as *.orphan`,
      { files: conflicts.map((c) => c.file) },
    );
  mkdirSync(dir, { recursive: true });
  const hooks: HookAction[] = [];
  for (const plan of plans) {
    const script = hookScript(plan.name, process.execPath, cliPath());
    if (plan.ours) {
      if (plan.text === script) hooks.push({ hook: plan.name, action: "unchanged" });
      else {
        writeFileSync(plan.file, script, { mode: 0o755 });
        hooks.push({ hook: plan.name, action: "updated" });
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
  return { dir, hooks };
}

/** Removes adrift's hooks and puts back, byte for byte, the hooks that were there before. */
export async function uninstallHooks(
  ctx: AppContext,
): Promise<{ dir: string; hooks: HookAction[] }> {
  const dir = await ctx.git.hooksDir();
  const hooks: HookAction[] = [];
  for (const name of HOOK_NAMES) {
    const file = path.join(dir, name);
    const text = read(file);
    if (text === undefined || !hasAdriftBlock(text)) {
      hooks.push({ hook: name, action: text === undefined ? "absent" : "foreign" });
      continue;
    }
    if (existsSync(file + CHAINED_SUFFIX)) {
      renameSync(file + CHAINED_SUFFIX, file);
      hooks.push({ hook: name, action: "restored" });
    } else {
      rmSync(file);
      hooks.push({ hook: name, action: "removed" });
    }
  }
  return { dir, hooks };
}
