import { AdriftError } from "../../core/errors.js";
import type { CardFields } from "../../core/events/common.js";
import type { RecordView } from "../../core/project/state.js";
import { cardIncompleteness } from "../../core/rules/completeness.js";
import type { AppContext } from "../dependencies.js";
import { loadProject } from "../log/load.js";
import { assertHuman } from "./actor.js";
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
  /**
   * The re-verification proposal the person was shown in the chat and said yes to: only that
   * one is confirmed from the chat (and only while it is still the one pending).
   */
  reverification?: string;
};

/** Who proposed the record: the agent of its latest change, else its author. */
export function proposer(record: RecordView): string {
  const change = [...record.amendments].reverse().find((a) => a.actor.kind === "agent");
  return (change ?? record).actor.name;
}

/** A re-verification an agent proposed and a person confirmed, as `confirmRecord` reports it. */
export type ConfirmedReverification = {
  id: string;
  proposal_id: string;
  proposed_by: string;
  note: string;
  basis: NonNullable<RecordView["basis"]>;
};

/**
 * Confirms, as the person, what an agent proposed about a record, one thing at a time: its
 * content while the record is `proposed` (one `intent_confirmed` event, with the fields the
 * person changed in the same breath), else its pending re-verification (a `decision_reverified`
 * with the proposal's basis and note, naming the proposal); nothing is rewritten. Only a person
 * confirms (`only_human`); a record that waits for nothing is a `conflict`.
 */
async function confirmRecordUnlocked(
  ctx: AppContext,
  ref: string,
  changes: Partial<CardFields> = {},
  options: ConfirmOptions = {},
) {
  const { state } = await loadProject(ctx);
  const record = findRecord(state, ref);
  await assertHuman(
    ctx,
    {
      what: `confirm ${record.id}`,
      how: `from their own shell (adrift intent confirm ${record.id.slice(0, 10)}, or adrift review) or by answering the agent's request in the chat`,
      details: { id: record.id },
    },
    options,
  );
  // One thing at a time, what the person saw: the card while it is proposed, else the latest
  // re-verification proposal — from the chat, only the one its block showed.
  const latest = record.reverify_proposals.at(-1);
  const proposal =
    record.consent === "proposed" ||
    record.status === "superseded" ||
    (options.from_chat && (!latest || latest.id !== options.reverification))
      ? undefined
      : latest;
  if (record.consent === "confirmed" && !proposal) {
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
  if (record.consent === "confirmed" && Object.keys(changed).length > 0)
    throw new AdriftError(
      "conflict",
      `${record.id} waits only for its re-verification to be confirmed, not for its content; change the content with adrift intent amend`,
      { id: record.id, consent: record.consent },
    );
  const written = await writeEvents(ctx, [
    ...(record.consent === "proposed"
      ? [
          {
            type: "intent_confirmed" as const,
            data: {
              target_id: record.id,
              ...(Object.keys(changed).length > 0 ? { changes: changed } : {}),
            },
          },
        ]
      : []),
    ...(proposal
      ? [
          {
            type: "decision_reverified" as const,
            data: {
              decision_id: record.id,
              basis: proposal.data.basis,
              note: proposal.data.note,
              proposal_id: proposal.id,
            },
          },
        ]
      : []),
  ]);
  const card = record.consent === "proposed" ? { ...record.card, ...changed } : record.card;
  const reverified: ConfirmedReverification | undefined = proposal && {
    id: written.at(-1)!.id,
    proposal_id: proposal.id,
    proposed_by: proposal.actor.name,
    note: proposal.data.note,
    basis: proposal.data.basis,
  };
  return {
    id: written[0]!.id,
    target_id: record.id,
    kind: record.kind,
    was: record.consent,
    consent: "confirmed" as const,
    proposed_by: record.consent === "proposed" ? proposer(record) : proposal!.actor.name,
    changes: record.consent === "proposed" ? changed : {},
    card,
    incomplete: cardIncompleteness({ ...record, card }),
    ...(reverified ? { reverified } : {}),
  };
}

/** `confirmRecordUnlocked` as one critical section: the log read, checked and appended under the clone's lock. */
export const confirmRecord = checkedWrite(confirmRecordUnlocked);
