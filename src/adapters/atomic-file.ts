import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { AdriftError } from "../core/errors.js";

/**
 * Creates `dir` and the directories above it that are missing, except a `.git` directory: local
 * state goes only into a repository that still exists, never into a deleted one's recreated
 * folder (a watcher outliving its repository would otherwise leave one behind).
 */
export function makeDirectory(dir: string): void {
  if (existsSync(dir)) return;
  let existing = path.resolve(dir);
  const missing: string[] = [];
  while (!existsSync(existing)) {
    missing.push(path.basename(existing));
    const up = path.dirname(existing);
    if (up === existing) break;
    existing = up;
  }
  if (missing.includes(".git"))
    throw new AdriftError("not_a_git_repo", `${dir} is in a repository that no longer exists`, {
      dir,
    });
  mkdirSync(dir, { recursive: true });
}

/**
 * Writes `file` whole or not at all: into a temporary file beside it (named for this process),
 * then renamed over it, so a reader never sees half of it and concurrent writers never mix.
 * Creates the directory first when asked.
 */
export function writeFileAtomically(
  file: string,
  data: string | Buffer,
  options: { mkdir?: boolean } = {},
): void {
  if (options.mkdir) makeDirectory(path.dirname(file));
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}
