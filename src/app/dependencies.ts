import path from "node:path";
import { type Clock, type IdSource, systemClock, ulidSource } from "../adapters/clock.js";
import { openGit } from "../adapters/git/open.js";
import type { GitAdapter } from "../adapters/git/types.js";
import { assertNoLinkOnTheWay } from "../adapters/log-files.js";
import type { Config } from "../core/config.js";
import type { Actor } from "../core/events/common.js";
import type { Problem } from "../core/events/parse.js";

/** Who is writing, when not the git identity: `--as`, an agent, or a fixed actor (MCP). */
export type ActorOverride = { kind?: Actor["kind"]; name?: string; email?: string };

/** A session of its own (an MCP client's): started by its first write, then written to. */
export type OwnSession = { id?: string; title?: string };

/** Everything a use case needs, passed in, so tests pin the clock, the ids and the repository. */
export type AppContext = {
  git: GitAdapter;
  clock: Clock;
  ids: IdSource;
  config: Config;
  env: NodeJS.ProcessEnv;
  /** overrides the actor of written events */
  actor?: ActorOverride;
  /** write into this session instead of the implicit one for (author, branch) */
  sessionId?: string;
  /** a session of its own, never the clone's implicit one for (author, branch) */
  ownSession?: OwnSession;
  /** the conversation message the events written now follow (`--message-id`, MCP `message_id`) */
  messageId?: string;
  /** hears how long work advances (the CLI draws it on a terminal; nothing else listens) */
  progress?: Progress;
  /** hears the log lines a read could not use (their events left out): the CLI warns */
  onUnreadable?: (problems: Problem[]) => void;
};

/** A step of long work and how far it is (`done` of `total`, when known). */
export type Progress = (step: string, done?: number, total?: number) => void;

export type OpenOptions = {
  clock?: Clock;
  ids?: IdSource;
  git?: GitAdapter;
  env?: NodeJS.ProcessEnv;
  actor?: ActorOverride;
  sessionId?: string;
  /** the conversation message the events written follow */
  messageId?: string;
  /** use this configuration instead of reading .decisions/config.json */
  config?: Config;
  progress?: Progress;
  onUnreadable?: (problems: Problem[]) => void;
};

/** Finds the repository containing `dir` and builds the context. */
export async function createContext(dir: string, options: OpenOptions = {}): Promise<AppContext> {
  const env = options.env ?? process.env;
  const git = options.git ?? (await openGit(path.resolve(dir), env));
  return {
    git,
    clock: options.clock ?? systemClock,
    ids: options.ids ?? ulidSource(),
    config: options.config ?? (await loadConfig(git.location.root)),
    env,
    actor: options.actor,
    sessionId: options.sessionId,
    ...(options.messageId !== undefined ? { messageId: options.messageId } : {}),
    ...(options.progress ? { progress: options.progress } : {}),
    ...(options.onUnreadable ? { onUnreadable: options.onUnreadable } : {}),
  };
}

// The config parser brings zod: loaded only for a config the light reader cannot check, so that
// modules needing `repoPath`, and commands that only read the log, stay light.
async function loadConfig(root: string): Promise<Config> {
  const { readConfig } = await import("./light-dependencies.js");
  return readConfig(root);
}

/**
 * Absolute path of a repo-relative configured path. Refuses (`validation_failed`) a path with a
 * symbolic link on the way: a committed link would make adrift read or write outside the
 * repository (an ADR folder linked to another directory).
 */
export function repoPath(ctx: AppContext, relative: string): string {
  const root = ctx.git.location.root;
  if (!path.isAbsolute(relative)) assertNoLinkOnTheWay(root, relative);
  return path.join(root, relative);
}
