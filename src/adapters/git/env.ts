/** Variables git exports inside hooks that would redirect a git command to another repository. */
const REDIRECTING = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_INDEX_FILE",
  "GIT_OBJECT_DIRECTORY",
  "GIT_ALTERNATE_OBJECT_DIRECTORIES",
  "GIT_COMMON_DIR",
  "GIT_PREFIX",
  "GIT_NAMESPACE",
  "GIT_CEILING_DIRECTORIES",
  "GIT_QUARANTINE_PATH",
];

/**
 * A copy of `env` without the variables that point git at a particular repository, so a
 * command run with an explicit cwd addresses that directory's repository and no other.
 */
export function cleanGitEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const copy: NodeJS.ProcessEnv = { ...env };
  for (const name of REDIRECTING) delete copy[name];
  return copy;
}
