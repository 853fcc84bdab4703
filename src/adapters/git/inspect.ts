import { runGit } from "./cli.js";
import { cleanGitEnv } from "./env.js";
import type { RepositoryLocation } from "./types.js";

/** What `doctor` asks git about a clone (the git CLI; every call here, none elsewhere). */
export type CloneFacts = {
  shallow: boolean;
  /** the directory git runs hooks from (core.hooksPath honoured), absolute */
  hooks_dir: string;
  /** core.hooksPath as configured, when set */
  hooks_path?: string;
  /** tracked files, repo-relative with forward slashes */
  tracked: string[];
  /** which of the given revisions this clone has (commit objects) */
  present: Set<string>;
};

/** Gathers the clone facts in a few git calls. */
export async function inspectClone(
  location: RepositoryLocation,
  env: NodeJS.ProcessEnv,
  revisions: readonly string[],
): Promise<CloneFacts> {
  const options = { cwd: location.root, env: cleanGitEnv(env), allowFail: true };
  const [shallow, hooks, hooksPath, files] = await Promise.all([
    runGit(["rev-parse", "--is-shallow-repository"], options),
    runGit(["rev-parse", "--path-format=absolute", "--git-path", "hooks"], options),
    runGit(["config", "--get", "core.hooksPath"], options),
    runGit(["ls-files", "-z"], options),
  ]);
  const present = new Set<string>();
  if (revisions.length > 0) {
    // one process for every revision: cat-file answers "missing" per line
    const checked = await runGit(["cat-file", "--batch-check=%(objectname) %(objecttype)"], {
      ...options,
      input: `${revisions.join("\n")}\n`,
    });
    checked.stdout.split("\n").forEach((line, i) => {
      if (line.endsWith(" commit") && revisions[i]) present.add(revisions[i]);
    });
  }
  return {
    shallow: shallow.stdout.trim() === "true",
    hooks_dir: hooks.stdout.trim(),
    ...(hooksPath.code === 0 && hooksPath.stdout.trim()
      ? { hooks_path: hooksPath.stdout.trim() }
      : {}),
    tracked: files.stdout.split("\0").filter(Boolean),
    present,
  };
}
