/** True while a process with this id runs on this machine (one we may not signal counts too). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

/**
 * Runs the first of `commands` (each a program and its arguments) that starts and exits 0 in
 * `cwd`; true when one did. For the tools a user asked adrift to set up with (a hook manager).
 */
export async function runFirstThatWorks(
  commands: readonly (readonly string[])[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<boolean> {
  const { spawnSync } = await import("node:child_process");
  for (const [program, ...args] of commands) {
    const result = spawnSync(program!, args, { cwd, env, stdio: "ignore" });
    if (result.status === 0) return true;
  }
  return false;
}

/** The standard output of the first of `commands` that starts and exits 0 in `cwd`, if one does. */
export async function outputOfFirstThatWorks(
  commands: readonly (readonly string[])[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<string | undefined> {
  const { spawnSync } = await import("node:child_process");
  for (const [program, ...args] of commands) {
    const result = spawnSync(program!, args, {
      cwd,
      env,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 16 * 1024 * 1024,
    });
    if (result.status === 0) return result.stdout;
  }
  return undefined;
}
