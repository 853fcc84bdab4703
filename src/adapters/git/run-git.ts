import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { AdriftError } from "../../core/errors.js";
import { cleanGitEnv } from "./env.js";

/** The error for a machine without a git binary. */
export function gitMissing(): AdriftError {
  return new AdriftError(
    "git_failed",
    "git is not installed or not on PATH (set ADRIFT_GIT=embedded)",
  );
}

/** The error for a repository whose directory was removed while adrift ran. */
export function directoryGone(dir: string): AdriftError {
  return new AdriftError(
    "not_a_git_repo",
    `${dir} no longer exists (was the repository removed?)`,
    {
      dir,
    },
  );
}

type RunOptions = { cwd: string; env?: NodeJS.ProcessEnv; input?: string; allowFail?: boolean };

/** Runs git and returns stdout; throws git_failed with git's own message unless allowFail. */
export function runGit(
  args: string[],
  options: RunOptions,
): Promise<{ stdout: string; code: number }> {
  return runGitAs<string>("utf8", args, options);
}

/**
 * `env` with GIT_FLUSH=0. Into a pipe, git flushes its output after every commit it lists
 * unless told not to: 20,000 commits came as ~12,000 reads of ~300 bytes, which cost node
 * ~170 ms of CPU (and git the writes); buffered, they come in ~900 reads. Only for commands
 * whose output is read whole or streamed, never for a request/response conversation.
 */
export function unflushed(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, GIT_FLUSH: "0" };
}

/** Runs git and returns stdout as bytes. */
export function runGitBuffer(
  args: string[],
  options: RunOptions,
): Promise<{ stdout: Buffer; code: number }> {
  return runGitAs<Buffer>("buffer", args, options);
}

function runGitAs<T extends string | Buffer>(
  encoding: "utf8" | "buffer",
  args: string[],
  options: RunOptions,
): Promise<{ stdout: T; code: number }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      "git",
      args,
      {
        cwd: options.cwd,
        env: unflushed(options.env ?? cleanGitEnv()),
        maxBuffer: 1024 * 1024 * 1024,
        encoding,
      },
      (error, stdout, stderr) => {
        const missing = (error as NodeJS.ErrnoException | null)?.code === "ENOENT";
        if (error && (!options.allowFail || missing)) {
          if (missing) {
            // spawn says ENOENT too when the directory it runs in is gone (a deleted repository).
            reject(existsSync(options.cwd) ? gitMissing() : directoryGone(options.cwd));
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
        resolve({ stdout: stdout as unknown as T, code: Number.isFinite(exit) ? exit : 1 });
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}
