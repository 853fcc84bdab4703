import {
  type BigIntStats,
  closeSync,
  existsSync,
  fstatSync,
  linkSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
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
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, file);
  } catch (error) {
    // A full disk leaves no half-written file behind, under either name.
    rmSync(tmp, { force: true });
    throw error;
  }
}

/**
 * `writeFileAtomically`, giving the file's stat as written (before the rename, which keeps its
 * inode, size and modification time): what names this version of the file, whoever renames
 * another over it afterwards.
 */
export function writeFileAtomicallyWithStat(file: string, data: string | Buffer): BigIntStats {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    const fd = openSync(tmp, "w");
    let stat: BigIntStats;
    try {
      writeFileSync(fd, data);
      stat = fstatSync(fd, { bigint: true });
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
    return stat;
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}

/**
 * Creates `file` whole or not at all, and only when it does not exist yet (EEXIST otherwise):
 * written beside it first, then linked to its name, which fails if the name is taken. A full
 * disk (ENOSPC) or a file size limit leaves nothing under either name.
 */
export function createFileAtomically(file: string, data: string | Buffer): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, data, { flag: "wx" });
    linkSync(tmp, file);
  } finally {
    rmSync(tmp, { force: true });
  }
}
