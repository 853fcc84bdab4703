import { readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { AdriftError, truncate } from "../../core/errors.js";
import { CliGit, locateWithCli } from "./cli.js";
import { cleanGitEnv } from "./env.js";
import { locateEmbedded } from "./locate.js";
import type { GitAdapter, RepositoryLocation } from "./types.js";

function real(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

/**
 * The environment for git commands on `location`: hook variables stripped, except that a
 * GIT_INDEX_FILE inside this repository's own git dir is kept, so that inside a hook of this
 * repository (`git commit -a`, `git commit <paths>`) the staged view is the commit's own index.
 */
export function envFor(
  location: RepositoryLocation,
  env: NodeJS.ProcessEnv,
  cwd = process.cwd(),
): NodeJS.ProcessEnv {
  const clean = cleanGitEnv(env);
  const index = env.GIT_INDEX_FILE;
  if (!index) return clean;
  const absolute = real(path.dirname(path.resolve(cwd, index)));
  const gitDir = real(location.gitDir);
  const inside = absolute === gitDir || absolute.startsWith(`${gitDir}${path.sep}`);
  return inside ? { ...clean, GIT_INDEX_FILE: path.join(absolute, path.basename(index)) } : clean;
}

/**
 * The repository when `dir` is its work tree root with a plain `.git` directory (the case of
 * every hook), found without starting git; undefined otherwise (git is asked).
 */
function locateAtRoot(dir: string): RepositoryLocation | undefined {
  const gitDir = path.join(dir, ".git");
  try {
    if (!statSync(gitDir).isDirectory() || !statSync(path.join(gitDir, "HEAD")).isFile())
      return undefined;
    if (/^\s*worktree\s*=/m.test(readFileSync(path.join(gitDir, "config"), "utf8")))
      return undefined;
  } catch {
    return undefined;
  }
  const root = real(dir);
  return { root, gitDir: path.join(root, ".git"), commonDir: path.join(root, ".git") };
}

/**
 * Refuses a starting directory that is not one (`-C <file>`, a missing path) with an error that
 * says so, instead of the "spawn ENOTDIR" of starting git there.
 */
function assertDirectory(dir: string): void {
  const stat = statSync(dir, { throwIfNoEntry: false });
  if (stat?.isDirectory()) return;
  throw new AdriftError(
    "not_a_git_repo",
    `${truncate(dir, 200)} ${stat ? "is not a directory" : "does not exist"}: give a directory inside a git work tree (-C <dir>)`,
    { cwd: dir },
  );
}

/** True when an error says the git binary is missing. */
function isGitMissing(error: unknown): boolean {
  return error instanceof Error && /git is not installed/.test(error.message);
}

/** Opens the repository containing `dir` with the git CLI, or isomorphic-git when asked or when no git is found. */
export async function openGit(dir: string, env: NodeJS.ProcessEnv): Promise<GitAdapter> {
  assertDirectory(dir);
  if (env.ADRIFT_GIT !== "embedded") {
    try {
      const location = locateAtRoot(dir) ?? (await locateWithCli(dir, cleanGitEnv(env)));
      return new CliGit(location, envFor(location, env));
    } catch (error) {
      if (!isGitMissing(error)) throw error;
    }
  }
  const { EmbeddedGit } = await import("./embedded.js");
  const location = locateEmbedded(dir);
  // Inside a hook of `git commit -a` or `git commit <paths>`, git's own index is another file.
  return new EmbeddedGit(location, envFor(location, env).GIT_INDEX_FILE);
}
