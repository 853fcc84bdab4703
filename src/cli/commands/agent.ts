import { format } from "node:util";
import type { Command } from "commander";
import { action, common, repository } from "../common.js";
import { cliIo, emit, paint, setExitCode } from "../io.js";

const AGENTS = ["claude", "codex", "cursor"];

async function usageError(name: string) {
  const { AdriftError } = await import("../../core/errors.js");
  return new AdriftError("usage", `unknown agent "${name}": expected one of ${AGENTS.join(", ")}`);
}

/** `adrift agent install|uninstall|hook`: hook configuration for coding agents. */
export function registerAgent(program: Command): void {
  const agent = program
    .command("agent")
    .description("hooks that keep coding agents (Claude Code, Codex, Cursor) told about decisions");

  common(agent.command("install").argument("<agent>", AGENTS.join("|")), { as: false })
    .description("write the agent's hook configuration (merged into what is there; twice = once)")
    .option(
      "--command <program>",
      "how the hooks start adrift (default: npx --no-install git-adrift when adrift is a dependency of this project, else this node and this adrift by their absolute paths)",
    )
    .addHelpText(
      "after",
      `\nExamples:\n  adrift agent install claude          # .claude/settings.json\n  adrift agent install cursor --command adrift   # adrift is on every teammate's PATH\n  adrift doctor                        # runs each installed agent hook command, harmlessly`,
    )
    .action(
      action(async (name: string, options) => {
        if (!AGENTS.includes(name)) throw await usageError(name);
        const { installAgentHooks } = await import("../../app/agents/install.js");
        const repo = await repository(options);
        const change = await installAgentHooks(repo.context, name as "claude", {
          program: options.command,
        });
        emit(options, change, () =>
          change.action === "installed"
            ? `${paint("green", "installed")} adrift hooks for ${name} in ${change.file} (original kept for uninstall)`
            : `${paint("dim", "unchanged")} ${change.file}: adrift hooks for ${name} are already there`,
        );
        return 0;
      }),
    );

  common(agent.command("uninstall").argument("[agent]", `${AGENTS.join("|")} (default: all)`), {
    as: false,
  })
    .description("take adrift's hooks out; files adrift alone changed come back byte for byte")
    .addHelpText("after", "\nExample:\n  adrift agent uninstall claude")
    .action(
      action(async (name: string | undefined, options) => {
        if (name !== undefined && !AGENTS.includes(name)) throw await usageError(name);
        const { uninstallAllAgentHooks } = await import("../../app/agents/install.js");
        const repo = await repository(options);
        const changes = await uninstallAllAgentHooks(repo.context, name as "claude" | undefined);
        emit(options, { changes }, () =>
          changes.length === 0
            ? "no adrift agent hooks to remove"
            : changes
                .map((c) =>
                  c.action === "absent"
                    ? `${paint("dim", "absent")}   ${c.file}: no adrift hooks for ${c.agent}`
                    : `${paint("green", c.action)} ${c.file} (${c.agent})`,
                )
                .join("\n"),
        );
        return 0;
      }),
    );

  agent
    .command("hook")
    .argument("<event>", "session-start|pre-edit|post-edit|prompt|stop")
    .requiredOption("--agent <agent>", AGENTS.join("|"))
    .option("-C, --cwd <dir>", "the repository (default: the agent's cwd)")
    .description("run by the agent's hooks: reads its JSON on stdin, prints what it should know")
    .addHelpText(
      "after",
      `\nNever fails the agent: on any error of adrift's own it prints nothing and exits 0.\nExample:\n  echo '{"session_id":"s1","cwd":"."}' | adrift agent hook session-start --agent claude`,
    )
    .action(async (event: string, options: { agent: string; cwd?: string }) => {
      setExitCode(0);
      // doctor's probe: the command resolved, node and adrift started, and it names a known
      // event and agent; nothing is read or written
      const { AGENT_HOOK_PROBE, AGENT_HOOK_PROBE_REPLY, HOOK_EVENTS } = await import(
        "../../core/agents/hook-config.js"
      );
      if (cliIo().env[AGENT_HOOK_PROBE]) {
        if (AGENTS.includes(options.agent) && (HOOK_EVENTS as string[]).includes(event))
          cliIo().stdout.write(`${AGENT_HOOK_PROBE_REPLY}\n`);
        return;
      }
      try {
        if (!AGENTS.includes(options.agent)) return;
        const { runAgentHook } = await import("../agents/run-hook.js");
        const out = await runAgentHook(event, options.agent, options.cwd);
        if (out) cliIo().stdout.write(`${out}\n`);
      } catch (error) {
        if (cliIo().env.ADRIFT_DEBUG) cliIo().stderr.write(`${format(error)}\n`);
      }
    });
}
