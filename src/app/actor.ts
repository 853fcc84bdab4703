import { AdriftError } from "../core/errors.js";
import type { Actor, Person } from "../core/events/common.js";
import type { AppContext } from "./context.js";

/** Environment variables that known coding agents set in the shells they run. */
const AGENT_MARKERS: { variable: string; name: string }[] = [
  { variable: "CLAUDECODE", name: "claude-code" },
  { variable: "CLAUDE_CODE_ENTRYPOINT", name: "claude-code" },
  { variable: "CODEX_SANDBOX", name: "codex" },
  { variable: "CODEX_SANDBOX_NETWORK_DISABLED", name: "codex" },
  { variable: "CURSOR_AGENT", name: "cursor" },
  { variable: "CURSOR_TRACE_ID", name: "cursor" },
  { variable: "GEMINI_CLI", name: "gemini-cli" },
  { variable: "AIDER_MODEL", name: "aider" },
];

/** The agent whose shell this is, if any (by the variables it sets). */
export function detectAgent(env: NodeJS.ProcessEnv): string | undefined {
  for (const marker of AGENT_MARKERS) if (env[marker.variable]) return marker.name;
  return undefined;
}

/** The person behind this clone: git identity, or the override. Throws when nobody is known. */
export async function currentPerson(ctx: AppContext): Promise<Person> {
  const identity = await ctx.git.identity();
  // An agent's name names the agent (the actor), not the person it works for.
  const personal = ctx.actor?.kind === "agent" ? undefined : ctx.actor?.name;
  const name = personal ?? identity.name ?? ctx.env.ADRIFT_AUTHOR_NAME;
  const email = ctx.actor?.email ?? identity.email ?? ctx.env.ADRIFT_AUTHOR_EMAIL;
  if (!email)
    throw new AdriftError(
      "validation_failed",
      "who is recording? set git config user.email (and user.name), or pass --as <email>",
    );
  return { name: name ?? email.split("@")[0] ?? email, email };
}

/** The actor of events written now: an explicit kind, a detected agent, or a human. */
export async function currentActor(ctx: AppContext, known?: Person): Promise<Actor> {
  const person = known ?? (await currentPerson(ctx));
  if (ctx.actor?.kind)
    return { kind: ctx.actor.kind, name: ctx.actor.name ?? person.name, email: person.email };
  const agent = ctx.actor?.email ? undefined : detectAgent(ctx.env);
  if (agent) return { kind: "agent", name: agent, email: person.email };
  return { kind: "human", name: person.name, email: person.email };
}
