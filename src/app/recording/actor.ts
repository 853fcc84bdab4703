import { AdriftError } from "../../core/errors.js";
import type { Actor, Person } from "../../core/events/common.js";
import { personProblem } from "../../core/rules/input-text.js";
import type { AppContext } from "../dependencies.js";

/**
 * Environment variables coding agents set in the shells they run commands in (see
 * docs/agents.md, "Who wrote it"). Only markers the agent itself sets belong here: a variable a
 * person might export in their own profile (AIDER_MODEL, CURSOR_TRACE_ID in Cursor's terminal)
 * would turn that person into an agent.
 */
const AGENT_MARKERS: { variable: string; name: string }[] = [
  { variable: "CLAUDECODE", name: "claude-code" },
  { variable: "CODEX_SANDBOX", name: "codex" },
  { variable: "CODEX_SANDBOX_NETWORK_DISABLED", name: "codex" },
  { variable: "CODEX_THREAD_ID", name: "codex" },
  { variable: "CURSOR_AGENT", name: "cursor" },
  { variable: "GEMINI_CLI", name: "gemini-cli" },
];

/** Generic markers whose value names the agent (`AI_AGENT=aider`, `AGENT=goose`). */
const NAMING_MARKERS = ["AI_AGENT", "AGENT"];

/** The agent whose shell this is, if any (by the variables it sets). */
export function detectAgent(env: NodeJS.ProcessEnv): string | undefined {
  for (const marker of AGENT_MARKERS) if (env[marker.variable]) return marker.name;
  for (const variable of NAMING_MARKERS) {
    const value = env[variable]?.trim();
    if (!value || value === "0" || value.toLowerCase() === "false") continue;
    // "claude-code_2.1.0_agent" or "cursor-cli@1": keep the name, drop versions
    const name = value.toLowerCase().split(/[@_\s]/)[0] ?? "";
    return name === "1" || name === "true" || name === "" ? "agent" : name.slice(0, 64);
  }
  return undefined;
}

/** The person behind this clone: git identity, or the override. Throws when nobody is known. */
export async function currentPerson(ctx: AppContext): Promise<Person> {
  const identity = await ctx.git.identity();
  // An agent's name names the agent (the actor), not the person it works for.
  const personal = ctx.actor?.kind === "agent" ? undefined : ctx.actor?.name;
  const name = personal ?? identity.name ?? ctx.env.ADRIFT_AUTHOR_NAME;
  const email = ctx.actor?.email ?? identity.email ?? ctx.env.ADRIFT_AUTHOR_EMAIL;
  const problem = personProblem({ name, email });
  if (!email || problem)
    throw new AdriftError(
      "validation_failed",
      `who is recording? ${problem ? `${problem}: ` : ""}set git config user.email (and user.name), or pass --as <email>`,
      problem ? { problem } : {},
    );
  return { name: name ?? email.split("@")[0] ?? email, email };
}

/**
 * The actor of events written now: an explicit kind, a detected agent, or a human. `--as`
 * (an explicit person) wins over detection: a person typing in an agent's terminal says so.
 */
export async function currentActor(ctx: AppContext, known?: Person): Promise<Actor> {
  const person = known ?? (await currentPerson(ctx));
  if (ctx.actor?.kind)
    return { kind: ctx.actor.kind, name: ctx.actor.name ?? person.name, email: person.email };
  const agent = ctx.actor?.email ? undefined : detectAgent(ctx.env);
  if (agent) return { kind: "agent", name: agent, email: person.email };
  return { kind: "human", name: person.name, email: person.email };
}

/**
 * Who is deciding, for what only a person may do (answer a question, change a user's decision):
 * `currentActor`, except that an agent's shell stays the agent's even with `--as` — naming a
 * person does not make the agent one.
 */
export async function decidingActor(ctx: AppContext): Promise<Actor> {
  const actor = await currentActor(ctx);
  const agent = detectAgent(ctx.env);
  return agent && actor.kind !== "agent" ? { ...actor, kind: "agent", name: agent } : actor;
}

/** What only a person does, as the refusal of an agent names it. */
export type HumanAct = {
  /** what the agent tried, after "cannot": `accept ADR draft 7f3a…` */
  what: string;
  /** how the person does it themselves: `adrift adr accept 7f3a…` */
  how: string;
  details?: Record<string, unknown>;
};

/**
 * Refuses an agent what only a person does (`only_human`): accepting or rejecting an ADR,
 * answering a question, confirming a proposal or a re-verification, resuming a blocked task.
 * The one check for all of them, whichever face called (CLI, MCP, library, agent hook): the
 * actor the context names, or an agent's shell — `--as` names a person but does not make an
 * agent's shell a person's. `from_chat`: the person's own reply, read by the prompt hook in the
 * agent's environment, is theirs.
 */
export async function assertHuman(
  ctx: AppContext,
  act: HumanAct,
  options: { from_chat?: boolean } = {},
): Promise<void> {
  const actor = await currentActor(ctx);
  const agent = options.from_chat ? undefined : detectAgent(ctx.env);
  if (actor.kind !== "agent" && !agent) return;
  throw new AdriftError(
    "only_human",
    `an agent (${agent ?? actor.name}) cannot ${act.what}: only a person does, ${act.how}; tell the user what waits`,
    { ...act.details, reason: "agent", agent: agent ?? actor.name },
  );
}

/**
 * The context as adrift itself acting for the clone (`actor.kind: "system"`, named `name`, with
 * the clone's person as its email): what a git hook or the watcher writes on its own — marks of
 * stale records — is not something the person wrote.
 */
export function asSystem(ctx: AppContext, name: string): AppContext {
  return { ...ctx, actor: { ...ctx.actor, kind: "system", name } };
}
