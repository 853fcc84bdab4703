import type { AgentName, HookEvent } from "./hook-config.js";

const CLAUDE_EVENT: Record<HookEvent, string> = {
  "session-start": "SessionStart",
  "pre-edit": "PreToolUse",
  "post-edit": "PostToolUse",
  prompt: "UserPromptSubmit",
  stop: "Stop",
};

/**
 * What a hook prints on stdout for the agent to read, in that agent's documented output
 * format; undefined when there is nothing to say (the hook then prints nothing).
 * - Claude Code and Codex: `hookSpecificOutput.additionalContext`; at stop, `decision: "block"`
 *   with the request as `reason` (the agent carries on to do it).
 * - Cursor: `additional_context`; at stop, `followup_message`; before a prompt only
 *   `continue` is honoured, so the text waits for the next edit.
 */
export function formatHookOutput(
  agent: AgentName,
  event: HookEvent,
  text: string | undefined,
): string | undefined {
  if (agent === "cursor") {
    if (event === "prompt") return JSON.stringify({ continue: true });
    if (!text) return undefined;
    if (event === "stop") return JSON.stringify({ followup_message: text });
    return JSON.stringify({ additional_context: text });
  }
  if (!text) return undefined;
  if (event === "stop") return JSON.stringify({ decision: "block", reason: text });
  return JSON.stringify({
    hookSpecificOutput: { hookEventName: CLAUDE_EVENT[event], additionalContext: text },
  });
}
