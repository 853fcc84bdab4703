import type { AppContext, OwnSession } from "../app/dependencies.js";
import { type Repository, repositoryApi } from "../app/repository.js";

/** The actor name of a client: its name from the initialize request, bounded, never empty. */
export function agentName(clientName: string | undefined): string {
  // Control characters and lone surrogates become spaces; the cut is by code points.
  const clean = (clientName ?? "").replace(/[\p{Cc}\p{Cs}]/gu, " ").trim();
  const name = [...clean].slice(0, 200).join("").trim();
  return name.length > 0 ? name : "mcp-client";
}

/**
 * The use cases as one MCP client sees them: every event it writes has the agent actor (and
 * the message it follows, when the call named one), and goes to the client's own session,
 * started by its first write.
 */
export function clientRepository(
  base: AppContext,
  clientName: string | undefined,
  session: OwnSession,
  messageId?: string,
): Repository {
  const name = agentName(clientName);
  session.title ??= `MCP session of ${name}`;
  return repositoryApi({
    ...base,
    actor: { ...base.actor, kind: "agent", name },
    ownSession: session,
    ...(messageId !== undefined ? { messageId } : {}),
  });
}
