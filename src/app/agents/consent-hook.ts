import { parseConsentReply, renderConfirmed, renderProposal } from "../../core/agents/proposal.js";
import { isAdriftError } from "../../core/errors.js";
import type { ProjectState, RecordView } from "../../core/project/state.js";
import type { AppContext } from "../dependencies.js";
import type { AgentSessionMemory } from "./session-memory.js";

/** Proposals made since the agent session began and not shown yet, oldest first. */
function unshownProposals(state: ProjectState, memory: AgentSessionMemory): RecordView[] {
  const shown = new Set(memory.proposals_shown ?? []);
  return [...state.records.values()]
    .filter(
      (r) =>
        r.consent === "proposed" && !shown.has(r.id) && (!memory.since || r.at >= memory.since),
    )
    .sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * At stop: the block of the oldest proposal the person has not seen, for the agent to show
 * (each proposal once); the next prompt is read as the answer to it.
 */
export function proposalAtStop(
  state: ProjectState,
  memory: AgentSessionMemory,
): string | undefined {
  const [proposal] = unshownProposals(state, memory);
  if (!proposal) return undefined;
  let waiting = 0;
  for (const r of state.records.values()) if (r.consent === "proposed") waiting++;
  memory.proposals_shown = [...(memory.proposals_shown ?? []), proposal.id];
  memory.awaiting = proposal.id;
  return renderProposal(proposal, waiting - 1);
}

/**
 * The person's reply to the proposal block, as their consent. The prompt hook reads what they
 * typed (the agent did not write it), so the confirmation is theirs, made in the chat; any
 * other reply leaves the record proposed. adrift's own follow-up (Cursor submits it as a
 * prompt) is not the person's reply.
 */
export async function answerConsentReply(
  ctx: AppContext,
  memory: AgentSessionMemory,
  prompt: string | undefined,
): Promise<string | undefined> {
  const id = memory.awaiting;
  if (!id || prompt === undefined || prompt.startsWith("adrift:")) return undefined;
  delete memory.awaiting;
  const reply = parseConsentReply(prompt);
  if (!reply) return undefined;
  const { confirmRecord } = await import("../recording/consent.js");
  try {
    const person = { ...ctx, actor: { ...ctx.actor, kind: "human" as const } };
    const result = await confirmRecord(person, id, reply.changes, { from_chat: true });
    return renderConfirmed(result.target_id, result.changes);
  } catch (error) {
    // confirmed meanwhile from the CLI, or gone: the reply has nothing left to confirm
    if (isAdriftError(error)) return undefined;
    throw error;
  }
}
