import path from "node:path";
import { systemClock, ulidSource } from "../adapters/clock.js";
import { openGit } from "../adapters/git/open.js";
import type { Config } from "../core/config.js";
import {
  ADR_LANGUAGE_SETTINGS,
  CONFIG_DEFAULTS,
  CONFIG_NUMBERS,
  inNumberRange,
} from "../core/config-defaults.js";
import { CONFIG_PATHS, type ConfigPath, configPathProblem } from "../core/config-paths.js";
import { readConfigFile } from "./config-file.js";
import type { AppContext, OpenOptions } from "./dependencies.js";

/** The config of the repository at `root`, as `parseConfig` reads it (zod only when it must). */
export async function readConfig(root: string): Promise<Config> {
  const text = readConfigFile(root);
  return text === undefined
    ? {
        ...CONFIG_DEFAULTS,
        qa_specialties: [],
        coverage: { exclude: [...CONFIG_DEFAULTS.coverage.exclude] },
      }
    : readConfigText(text);
}

/**
 * The config in `text`, as `parseConfig` reads it: without zod when every setting is one this
 * reader can check (a known key, its type, its path or range); anything else, valid or not, goes
 * to the full parser, which accepts or refuses it with its own words.
 */
export async function readConfigText(text: string): Promise<Config> {
  try {
    const raw: unknown = JSON.parse(text);
    if (isPlainObject(raw) && Object.entries(raw).every(([key, value]) => plainSetting(key, value)))
      return { ...CONFIG_DEFAULTS, ...raw } as Config;
  } catch {
    // the full parser reports the problem
  }
  const { parseConfig } = await import("../core/config.js");
  return parseConfig(text);
}

function plainSetting(key: string, value: unknown): boolean {
  if (key === "$schema") return typeof value === "string";
  if (key === "coverage")
    return (
      isPlainObject(value) &&
      Object.keys(value).join() === "exclude" &&
      Array.isArray(value.exclude) &&
      value.exclude.length <= 1000 &&
      value.exclude.every((g) => typeof g === "string" && g.length > 0 && g.length <= 1000)
    );
  if (key === "qa_specialties")
    return (
      Array.isArray(value) &&
      value.length <= 20 &&
      new Set(value).size === value.length &&
      value.every((s) => typeof s === "string" && s.length > 0 && s.length <= 100)
    );
  if (!Object.hasOwn(CONFIG_DEFAULTS, key)) return false;
  if (key === "adr_language") return (ADR_LANGUAGE_SETTINGS as readonly unknown[]).includes(value);
  if (isConfigPath(key)) return typeof value === "string" && !configPathProblem(key, value);
  return isNumberSetting(key) && typeof value === "number" && inNumberRange(key, value);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isConfigPath = (key: string): key is ConfigPath =>
  (CONFIG_PATHS as readonly string[]).includes(key);

const isNumberSetting = (key: string): key is keyof typeof CONFIG_NUMBERS =>
  Object.hasOwn(CONFIG_NUMBERS, key);

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
