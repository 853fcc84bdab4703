import path from "node:path";
import { type AgentName, HOOK_EVENTS, type HookEvent } from "../../core/agents/hook-config.js";
import { parseHookInput } from "../../core/agents/hook-input.js";
import { formatHookOutput } from "../../core/agents/hook-output.js";
import { cliIo } from "../io.js";

const MAX_INPUT = 8 * 1024 * 1024;

/** Reads the agent's JSON from stdin: nothing on a TTY, at most 8 MB, and gives up after 3 s. */
function readStdin(): Promise<string> {
  const { stdin } = cliIo();
  if (stdin.isTTY) return Promise.resolve("");
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      clearTimeout(timer);
      stdin.pause();
      resolve(Buffer.concat(chunks).toString("utf8"));
    };
    const timer = setTimeout(done, 3000);
    stdin.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_INPUT) chunks.push(chunk);
    });
    stdin.on("end", done);
    stdin.on("error", done);
  });
}

/** One hook run: stdin → the repository → what the agent should hear, in its format. */
export async function runAgentHook(
  event: string,
  agent: string,
  cwd: string | undefined,
): Promise<string | undefined> {
  if (!HOOK_EVENTS.includes(event as HookEvent)) return undefined;
  const name = agent as AgentName;
  const input = parseHookInput(name, await readStdin());
  const [{ createContext }, { answerAgentHook }] = await Promise.all([
    import("../../app/dependencies.js"),
    import("../../app/agents/hook.js"),
  ]);
  const ctx = await createContext(path.resolve(cliIo().cwd, cwd ?? input.cwd ?? "."), {
    env: cliIo().env,
  });
  const text = await answerAgentHook(ctx, name, event as HookEvent, input);
  return formatHookOutput(name, event as HookEvent, text);
}
