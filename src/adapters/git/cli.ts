import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { AdriftError } from "../../core/errors.js";
import { cleanGitEnv } from "./env.js";
import type { GitAdapter, GitIdentity, RepositoryLocation } from "./types.js";

type RunOptions = { cwd: string; env?: NodeJS.ProcessEnv; input?: string; allowFail?: boolean };

/** Runs git and returns stdout; throws git_failed with git's own message unless allowFail. */
export function runGit(
  args: string[],
  options: RunOptions,
): Promise<{ stdout: string; code: number }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      "git",
      args,
      {
        cwd: options.cwd,
        env: options.env ?? cleanGitEnv(),
        maxBuffer: 1024 * 1024 * 1024,
        encoding: "utf8",
      },
      (error, stdout, stderr) => {
        if (error && !options.allowFail) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === "ENOENT") {
            reject(
              new AdriftError(
                "git_failed",
                "git is not installed or not on PATH (set ADRIFT_GIT=embedded)",
              ),
            );
            return;
          }
          reject(
            new AdriftError(
              "git_failed",
              `git ${args[0]} failed: ${String(stderr).trim().split("\n")[0] ?? ""}`,
              {
                args,
              },
            ),
          );
          return;
        }
        const exit = error ? Number((error as { code?: unknown }).code ?? 1) : 0;
        resolve({ stdout, code: Number.isFinite(exit) ? exit : 1 });
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

/** Finds the repository containing `cwd` with the git CLI; throws not_a_git_repo. */
export async function locateWithCli(
  cwd: string,
  env?: NodeJS.ProcessEnv,
): Promise<RepositoryLocation> {
  const { stdout, code } = await runGit(
    ["rev-parse", "--show-toplevel", "--absolute-git-dir", "--git-common-dir"],
    { cwd, env, allowFail: true },
  );
  const [root, gitDir, common] = stdout.split("\n");
  if (code !== 0 || !root || !gitDir || !common)
    throw new AdriftError(
      "not_a_git_repo",
      `${cwd} is not inside a git work tree (run git init first)`,
      { cwd },
    );
  return { root, gitDir, commonDir: path.resolve(root, common) };
}

/**
 * The branch HEAD names, "" when HEAD is detached, or undefined when HEAD cannot be read
 * simply (then git itself is asked).
 */
function readHead(gitDir: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(gitDir, "HEAD"), "utf8").trim();
  } catch {
    return undefined;
  }
  if (/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(text)) return "";
  const match = /^ref: refs\/heads\/(.+)$/.exec(text);
  return match ? match[1] : undefined;
}

/** The git CLI implementation: fast, the default when `git` is on PATH. */
export class CliGit implements GitAdapter {
  readonly kind = "cli" as const;
  readonly location: RepositoryLocation;
  private readonly env: NodeJS.ProcessEnv;

  constructor(location: RepositoryLocation, env: NodeJS.ProcessEnv = cleanGitEnv()) {
    this.location = location;
    this.env = env;
  }

  /** Runs git in the work tree root. */
  run(args: string[], allowFail = false) {
    return runGit(args, { cwd: this.location.root, env: this.env, allowFail });
  }

  async resolveRevision(rev: string): Promise<string | undefined> {
    const { stdout, code } = await this.run(
      ["rev-parse", "--verify", "--quiet", "--end-of-options", `${rev}^{commit}`],
      true,
    );
    return code === 0 ? stdout.trim() || undefined : undefined;
  }

  async currentBranch(): Promise<string | undefined> {
    // Every write asks for the branch: read HEAD directly when it is a plain symbolic ref.
    const head = readHead(this.location.gitDir);
    if (head !== undefined) return head || undefined;
    const { stdout, code } = await this.run(["symbolic-ref", "--quiet", "--short", "HEAD"], true);
    return code === 0 ? stdout.trim() || undefined : undefined;
  }

  private identityRead?: Promise<GitIdentity>;

  /** Read once per adapter: a long writing loop should not spawn git for every event. */
  identity(): Promise<GitIdentity> {
    this.identityRead ??= this.readIdentity();
    return this.identityRead;
  }

  private async readIdentity(): Promise<GitIdentity> {
    const { stdout } = await this.run(
      ["config", "-z", "--get-regexp", "^user\\.(name|email)$"],
      true,
    );
    const identity: GitIdentity = {};
    for (const entry of stdout.split("\0")) {
      const newline = entry.indexOf("\n");
      if (newline < 0) continue;
      const key = entry.slice(0, newline);
      const value = entry.slice(newline + 1);
      if (key === "user.name") identity.name = value;
      if (key === "user.email") identity.email = value;
    }
    return identity;
  }

  async fileAddedAt(file: string): Promise<number | undefined> {
    const { stdout, code } = await this.run(
      ["log", "--diff-filter=A", "--format=%ct", "--reverse", "--", file],
      true,
    );
    const first = stdout.split("\n").find((line) => line.trim());
    return code === 0 && first ? Number(first) : undefined;
  }
}
