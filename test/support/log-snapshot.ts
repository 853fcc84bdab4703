// Asserts that a failing command wrote nothing: compares the whole log before and after.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { CliResult, TestRepo } from "./repo.js";

/** Every log file's name and content, as one string. */
export function logSnapshot(dir: string): string {
  const logDir = path.join(dir, ".decisions/log");
  if (!existsSync(logDir)) return "";
  return readdirSync(logDir)
    .sort()
    .map((file) => `${file}\n${readFileSync(path.join(logDir, file), "utf8")}`)
    .join("\n");
}

/** Runs a command expected to fail: asserts exit code, error code, and an untouched log. */
export function expectFailure(
  repo: TestRepo,
  args: string[],
  expected: { exit: number; code: string },
  env?: NodeJS.ProcessEnv,
): CliResult & { error: { code: string; message: string; details: Record<string, unknown> } } {
  const before = logSnapshot(repo.dir);
  const result = repo.adrift([...args, "--json"], env ? { env } : {});
  expect(result.code, result.stderr).toBe(expected.exit);
  const { error } = JSON.parse(result.stderr);
  expect(error.code).toBe(expected.code);
  expect(result.stdout).toBe("");
  expect(logSnapshot(repo.dir)).toBe(before);
  return { ...result, error };
}
