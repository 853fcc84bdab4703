import * as fs from "node:fs";
import path from "node:path";
import { AdriftError } from "../../core/errors.js";
import type { RepositoryLocation } from "./types.js";

/** Finds the repository containing `cwd` by looking for `.git` upwards; throws not_a_git_repo. */
export function locateEmbedded(cwd: string): RepositoryLocation {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    const dotgit = path.join(dir, ".git");
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(dotgit);
    } catch {
      stat = undefined;
    }
    if (stat?.isDirectory()) return { root: dir, gitDir: dotgit, commonDir: dotgit };
    if (stat?.isFile()) {
      const gitDir = path.resolve(
        dir,
        fs
          .readFileSync(dotgit, "utf8")
          .replace(/^gitdir:\s*/, "")
          .trim(),
      );
      let commonDir = gitDir;
      try {
        commonDir = path.resolve(
          gitDir,
          fs.readFileSync(path.join(gitDir, "commondir"), "utf8").trim(),
        );
      } catch {
        // not a linked worktree
      }
      return { root: dir, gitDir, commonDir };
    }
    if (path.dirname(dir) === dir)
      throw new AdriftError(
        "not_a_git_repo",
        `${cwd} is not inside a git work tree (run git init first)`,
        {
          cwd,
        },
      );
  }
}
