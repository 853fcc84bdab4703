import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { cleanGitEnv } from "../../adapters/git/env.js";
import {
  AGENT_CONFIG_FILE,
  AGENT_HOOK_PROBE,
  AGENT_HOOK_PROBE_REPLY,
  AGENT_NAMES,
  adriftHookCommands,
} from "../../core/agents/hook-config.js";
import type { DoctorFacts } from "../../core/doctor/facts.js";
import { truncate } from "../../core/errors.js";

/** A hang guard, not a budget: the agents themselves give a hook 10 s or more. */
const HANG_MS = 120_000;

/** The agent hook files of the repository that hold JSON, parsed (missing or broken ones left out). */
export function readAgentConfigs(
  root: string,
): { agent: (typeof AGENT_NAMES)[number]; file: string; config: unknown }[] {
  const found: { agent: (typeof AGENT_NAMES)[number]; file: string; config: unknown }[] = [];
  for (const agent of AGENT_NAMES) {
    const file = AGENT_CONFIG_FILE[agent];
    try {
      found.push({ agent, file, config: JSON.parse(readFileSync(path.join(root, file), "utf8")) });
    } catch {}
  }
  return found;
}

/** Runs one command as an agent runs a hook (`sh -c`, from the repository root), with the probe set. */
function probe(command: string, root: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      "/bin/sh",
      ["-c", command],
      {
        cwd: root,
        env: { ...cleanGitEnv(env), [AGENT_HOOK_PROBE]: "1" },
        timeout: HANG_MS,
        maxBuffer: 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (stdout.includes(AGENT_HOOK_PROBE_REPLY)) return resolve(undefined);
        // the line that says what went wrong, not node's closing version line
        const lines = String(stderr)
          .trim()
          .split("\n")
          .map((l) => l.trim())
          .filter(Boolean);
        const said = truncate(
          lines.find((l) => /error|not found|cannot/i.test(l)) ?? lines[0] ?? "",
          200,
        );
        const code = (error as { code?: unknown } | null)?.code;
        resolve(
          error
            ? `exits ${typeof code === "number" ? code : String(code ?? "with an error")}${said ? ` (${said})` : ""}`
            : `runs, but is not an adrift agent hook that this adrift understands${said ? ` (${said})` : ""}`,
        );
      },
    );
  });
}

/**
 * Runs every adrift command in the agents' hook files, harmlessly: with the probe variable set,
 * `adrift agent hook` only says it is ready, reading and writing nothing. A command that does
 * not get that far (not on the PATH, a moved install, a typo) is a failure: the agent would run
 * it on every edit and hear nothing.
 */
export async function probeAgentHooks(
  root: string,
  env: NodeJS.ProcessEnv,
): Promise<DoctorFacts["agent_hook_failures"]> {
  const runs: Promise<Failure[]>[] = [];
  for (const { agent, file, config } of readAgentConfigs(root))
    for (const command of adriftHookCommands(config))
      runs.push(
        probe(command, root, env).then((problem) =>
          problem ? [{ agent, file, command, problem }] : [],
        ),
      );
  // one failure per program that fails the same way, with the hooks it fails for
  const grouped = new Map<string, DoctorFacts["agent_hook_failures"][number]>();
  for (const failure of (await Promise.all(runs)).flat()) {
    const [program, event] = failure.command.split(/ agent hook ([a-z-]+) --agent [a-z]+$/);
    const key = JSON.stringify([failure.agent, program, failure.problem]);
    const seen = grouped.get(key);
    if (seen) seen.events.push(event ?? "");
    else
      grouped.set(key, { ...failure, program: program ?? failure.command, events: [event ?? ""] });
  }
  return [...grouped.values()];
}

type Failure = { agent: string; file: string; command: string; problem: string };
