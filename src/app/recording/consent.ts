import { AdriftError } from "../../core/errors.js";
import type { CardFields } from "../../core/events/common.js";
import type { RecordView } from "../../core/project/state.js";
import { cardIncompleteness } from "../../core/rules/completeness.js";
import type { AppContext } from "../dependencies.js";
import { loadProject } from "../log/load.js";
import { currentActor, detectAgent } from "./actor.js";
import { checkedWrite } from "./domain-lock.js";
import { findRecord } from "./records.js";
import { writeEvents } from "./writer.js";

/** How a confirmation reached adrift: a person's command, or their reply in an agent's chat. */
export type ConfirmOptions = {
  /**
   * The person's own words in the agent's chat, read by the prompt hook (the agent did not
   * write them): the hook runs in the agent's environment, so the markers there do not make
   * this an agent's confirmation.
   */
  from_chat?: boolean;
};

/** Who proposed the record: the agent of its latest change, else its author. */
export function proposer(record: RecordView): string {
  const change = [...record.amendments].reverse().find((a) => a.actor.kind === "agent");
  return (change ?? record).actor.name;
}

/**
 * Confirms a record an agent proposed, as the person (docs/agents.md#propose-and-consent): one `intent_confirmed`
 * event, with the fields the person changed in the same breath; nothing is rewritten. Only a
 * person confirms (`only_human`); a record that waits for nobody is a `conflict`.
 */
async function confirmRecordUnlocked(
  ctx: AppContext,
  ref: string,
  changes: Partial<CardFields> = {},
  options: ConfirmOptions = {},
) {
  const { state } = await loadProject(ctx);
  const record = findRecord(state, ref);
  const actor = await currentActor(ctx);
  // `--as` names a person but does not make an agent's shell a person's.
  const agent = options.from_chat ? undefined : detectAgent(ctx.env);
  if (actor.kind === "agent" || agent)
    throw new AdriftError(
      "only_human",
      `an agent (${agent ?? actor.name}) cannot confirm ${record.id}: only a person consents to a proposal, from their own shell (adrift intent confirm ${record.id.slice(0, 10)}) or by answering the agent's request in the chat`,
      { id: record.id, reason: "agent" },
    );
  if (record.consent === "confirmed") {
    const last = record.confirmations.at(-1);
    throw new AdriftError(
      "conflict",
      last
        ? `${record.id} was already confirmed by ${last.actor.name} (${last.at}); change it with adrift intent amend`
        : `${record.id} was recorded by a person (${record.actor.name}) and waits for no confirmation; change it with adrift intent amend`,
      { id: record.id, consent: record.consent },
    );
  }
  const changed = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as Partial<CardFields>;
  const [event] = (
    await writeEvents(ctx, [
      {
        type: "intent_confirmed",
        data: {
          target_id: record.id,
          ...(Object.keys(changed).length > 0 ? { changes: changed } : {}),
        },
      },
    ])
  ).slice(-1);
  const card = { ...record.card, ...changed };
  return {
    id: event!.id,
    target_id: record.id,
    kind: record.kind,
    was: "proposed" as const,
    consent: "confirmed" as const,
    proposed_by: proposer(record),
    changes: changed,
    card,
    incomplete: cardIncompleteness({ ...record, card }),
  };
}

/** `confirmRecordUnlocked` as one critical section: the log read, checked and appended under the clone's lock. */
export const confirmRecord = checkedWrite(confirmRecordUnlocked);
