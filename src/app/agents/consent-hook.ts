import {
  parseConsentReply,
  renderConfirmed,
  renderProposal,
  renderReverifyProposal,
} from "../../core/agents/proposal.js";
import { isAdriftError } from "../../core/errors.js";
import { waitsForPerson } from "../../core/project/records.js";
import type { ProjectState, RecordView } from "../../core/project/state.js";
import type { AppContext } from "../dependencies.js";
import type { AgentSessionMemory } from "./session-memory.js";

/** A proposal to show: a record's card, or an agent's re-verification of it (`proposal`). */
type Waiting = { key: string; record: RecordView; proposal?: { id: string; note: string } };

/**
 * Proposals made since the agent session began and not shown yet, oldest first: cards waiting
 * for consent, and re-verifications of decisions whose card is confirmed (a card comes first).
 */
function unshownProposals(state: ProjectState, memory: AgentSessionMemory): Waiting[] {
  const shown = new Set(memory.proposals_shown ?? []);
  const recent = (at: string) => !memory.since || at >= memory.since;
  const out: Waiting[] = [];
  for (const r of state.records.values()) {
    if (r.consent === "proposed") {
      if (!shown.has(r.id) && recent(r.at)) out.push({ key: r.id, record: r });
      continue;
    }
    const p = r.status === "superseded" ? undefined : r.reverify_proposals.at(-1);
    if (p && !shown.has(p.id) && recent(p.at))
      out.push({ key: p.id, record: r, proposal: { id: p.id, note: p.data.note } });
  }
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * At stop: the block of the oldest proposal the person has not seen, for the agent to show
 * (each proposal once); the next prompt is read as the answer to it.
 */
export function proposalAtStop(
  state: ProjectState,
  memory: AgentSessionMemory,
): string | undefined {
  const [next] = unshownProposals(state, memory);
  if (!next) return undefined;
  let waiting = 0;
  for (const r of state.records.values()) if (waitsForPerson(r)) waiting++;
  memory.proposals_shown = [...(memory.proposals_shown ?? []), next.key];
  memory.awaiting = next.record.id;
  if (next.proposal) {
    memory.awaiting_reverification = next.proposal.id;
    return renderReverifyProposal(next.record, next.proposal.note, waiting - 1);
  }
  delete memory.awaiting_reverification;
  return renderProposal(next.record, waiting - 1);
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
  const reverification = memory.awaiting_reverification;
  delete memory.awaiting;
  delete memory.awaiting_reverification;
  const reply = parseConsentReply(prompt);
  // A re-verification is confirmed by a plain yes: there is no field to change in it.
  if (!reply || (reverification && Object.keys(reply.changes).length > 0)) return undefined;
  const { confirmRecord } = await import("../recording/consent.js");
  try {
    const person = { ...ctx, actor: { ...ctx.actor, kind: "human" as const } };
    const result = await confirmRecord(person, id, reply.changes, {
      from_chat: true,
      ...(reverification ? { reverification } : {}),
    });
    return renderConfirmed(result.target_id, result.changes);
  } catch (error) {
    // confirmed meanwhile from the CLI, or gone: the reply has nothing left to confirm
    if (isAdriftError(error)) return undefined;
    throw error;
  }
}
