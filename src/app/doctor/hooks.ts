import { accessSync, constants, readFileSync } from "node:fs";
import path from "node:path";
import { ADRIFT_HOOKS } from "../../core/doctor/check.js";
import type { HookFact } from "../../core/doctor/facts.js";
import { HUSKY_HELPER, huskyBlock } from "../hooks/managers.js";
import {
  DIGEST_PREFIX,
  HOOK_NAMES,
  type HookName,
  hookScript,
  isAsWritten,
} from "../hooks/script.js";

/** The lines that delimit adrift's part of a hook (contract with `adrift hook install`). */
export const HOOK_BLOCK_START = "# >>> adrift >>>";
export const HOOK_BLOCK_END = "# <<< adrift <<<";

/** A line that ends a shell script before the lines after it run. */
const ENDS_SCRIPT = /^\s*(exit(\s+\d+)?|exec\s+\S.*)\s*(;.*)?$/;

/** Reads one hook file: does it carry adrift's block, will git run it, is the block reached? */
export function readHookFact(dir: string, name: string): HookFact {
  const file = path.join(dir, name);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return { name, exists: false, has_block: false, executable: false, unreachable: false };
  }
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((l) => l.trim() === HOOK_BLOCK_START);
  const end = lines.findIndex((l, i) => i > start && l.trim() === HOOK_BLOCK_END);
  let executable = true;
  try {
    accessSync(file, constants.X_OK);
  } catch {
    executable = false;
  }
  const has_block = start >= 0 && end > start;
  // only top-level lines count: an `exit` indented inside an if/function does not end the script
  const unreachable =
    has_block && lines.slice(1, start).some((l) => !/^\s/.test(l) && ENDS_SCRIPT.test(l));
  const outdated =
    has_block &&
    (HOOK_NAMES as readonly string[]).includes(name) &&
    blockOf(lines) !== blockOf(hookScript(name as HookName, "", "").split("\n"));
  return {
    name,
    exists: true,
    has_block,
    executable,
    unreachable,
    ...(outdated ? { outdated } : {}),
  };
}

/** A block's lines without what is particular to one install: the paths to node and the CLI, the digest. */
function blockOf(lines: readonly string[]): string {
  const start = lines.findIndex((l) => l.trim() === HOOK_BLOCK_START);
  const end = lines.findIndex((l, i) => i > start && l.trim() === HOOK_BLOCK_END);
  return lines
    .slice(start, end + 1)
    .filter((l) => !/^adrift_(node|cli)=/.test(l) && !l.startsWith(DIGEST_PREFIX))
    .join("\n");
}

/** Every hook adrift installs, as found in the hooks directory. */
export function readHookFacts(dir: string): HookFact[] {
  return ADRIFT_HOOKS.map((name) => readHookFact(dir, name));
}

/**
 * The same facts for husky's tracked hook files (`.husky/<hook>`), which husky runs with `sh`
 * (no executable bit needed): adrift's lines there are up to date when they are the lines
 * `adrift hook install` writes and the helper they call is as it wrote it.
 */
export function readHuskyHookFacts(huskyDir: string): HookFact[] {
  const helper = (() => {
    try {
      return readFileSync(path.join(huskyDir, HUSKY_HELPER), "utf8");
    } catch {
      return undefined;
    }
  })();
  return ADRIFT_HOOKS.map((name) => {
    const fact = readHookFact(huskyDir, name);
    if (!fact.exists) return fact;
    const lines = readFileSync(path.join(huskyDir, name), "utf8").split(/\r?\n/);
    const start = lines.indexOf(HOOK_BLOCK_START);
    const block = lines.slice(start, lines.indexOf(HOOK_BLOCK_END, start + 1) + 1).join("\n");
    const outdated =
      fact.has_block &&
      (block !== huskyBlock(name as HookName).join("\n") || !helper || !isAsWritten(helper));
    const { outdated: _ignored, ...rest } = fact;
    return { ...rest, executable: true, ...(outdated ? { outdated } : {}) };
  });
}

/**
 * The facts under lefthook with adrift's entries in lefthook-local.yml: a hook is installed when
 * lefthook's runner for it is in the hooks directory (lefthook then runs adrift's entry).
 */
export function readLefthookHookFacts(hooksDir: string): HookFact[] {
  return ADRIFT_HOOKS.map((name) => {
    const file = path.join(hooksDir, name);
    let executable = true;
    try {
      accessSync(file, constants.X_OK);
    } catch {
      executable = false;
    }
    const exists = (() => {
      try {
        return readFileSync(file, "utf8").includes("lefthook");
      } catch {
        return false;
      }
    })();
    return { name, exists, has_block: exists, executable, unreachable: false };
  });
}
