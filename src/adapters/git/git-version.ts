import { execFile } from "node:child_process";
import { cleanGitEnv } from "./env.js";

let asked: Promise<number[] | undefined> | undefined;

/** The version of the `git` on PATH (`[2, 39, 5]`), or undefined when there is none; asked once. */
export function installedGitVersion(): Promise<number[] | undefined> {
  asked ??= new Promise((resolve) => {
    execFile("git", ["--version"], { env: cleanGitEnv() }, (error, stdout) => {
      const match = error ? null : /(\d+)\.(\d+)(?:\.(\d+))?/.exec(String(stdout));
      resolve(match ? [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)] : undefined);
    });
  });
  return asked;
}

/**
 * True when rename scores count a last line without a newline, as git does since 2.43.2 (and
 * the embedded adapter does when no git is installed): so that, with git on PATH, both adapters
 * pair the same files.
 */
export async function countsFinalLine(): Promise<boolean> {
  const v = await installedGitVersion();
  if (!v) return true;
  const [major, minor, patch] = v as [number, number, number];
  return major > 2 || (major === 2 && (minor > 43 || (minor === 43 && patch >= 2)));
}
