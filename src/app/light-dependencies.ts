// An AppContext built without zod: the hook and `stale` paths start fast. A config file with
// anything this reader does not recognise goes through the full (zod) parser instead.
import { readFileSync } from "node:fs";
import path from "node:path";
import { systemClock, ulidSource } from "../adapters/clock.js";
import { openGit } from "../adapters/git/open.js";
import type { Config } from "../core/config.js";
import { CONFIG_DEFAULTS, DECISIONS_DIR } from "../core/config-defaults.js";
import { CONFIG_PATHS, type ConfigPath, configPathProblem } from "../core/config-paths.js";
import type { AppContext, OpenOptions } from "./dependencies.js";

async function readConfig(root: string): Promise<Config> {
  let text: string | undefined;
  try {
    text = readFileSync(path.join(root, DECISIONS_DIR, "config.json"), "utf8");
  } catch {
    return { ...CONFIG_DEFAULTS };
  }
  try {
    const raw = JSON.parse(text) as Record<string, unknown>;
    const defaults = CONFIG_DEFAULTS as Record<string, unknown>;
    // A path with a problem goes to the full parser too, which refuses it with the same words.
    const simple = Object.entries(raw).every(
      ([key, value]) =>
        key === "$schema" ||
        (key in defaults &&
          typeof value === typeof defaults[key] &&
          !(isConfigPath(key) && configPathProblem(key, value as string))),
    );
    if (simple) return { ...CONFIG_DEFAULTS, ...raw } as Config;
  } catch {
    // the full parser reports the problem
  }
  const { parseConfig } = await import("../core/config.js");
  return parseConfig(text);
}

const isConfigPath = (key: string): key is ConfigPath =>
  (CONFIG_PATHS as readonly string[]).includes(key);

/** As `createContext`, without loading zod when the config is plain. */
export async function createLightContext(
  dir: string,
  options: OpenOptions = {},
): Promise<AppContext> {
  const env = options.env ?? process.env;
  const git = options.git ?? (await openGit(path.resolve(dir), env));
  return {
    git,
    clock: options.clock ?? systemClock,
    ids: options.ids ?? ulidSource(),
    config: await readConfig(git.location.root),
    env,
    actor: options.actor,
    sessionId: options.sessionId,
    ...(options.progress ? { progress: options.progress } : {}),
    ...(options.onUnreadable ? { onUnreadable: options.onUnreadable } : {}),
  };
}
