import type { CardFields } from "../events/common.js";
import type { RecordView } from "../project/state.js";
import { clip, flatten } from "../render/text.js";

/** The card fields a person may change in their reply, by the names they would type. */
const FIELD_NAMES: Record<string, keyof CardFields> = {
  outcome: "outcome",
  trigger: "trigger",
  why: "selection_rationale",
  chosen: "chosen_approach",
  "chosen approach": "chosen_approach",
  approach: "chosen_approach",
  rationale: "selection_rationale",
  constraints: "constraints",
  check: "validation_plan",
  validation: "validation_plan",
};

/** "Yes" as people write it, in the languages of the project's users. */
const YES = /^(yes|y|yep|ok|okay|confirm|confirmed|да|ага|sim|sí|si|oui|ja)$/iu;

/** What a person's reply to a proposal block says: consent, with at most the fields changed. */
export type ConsentReply = { changes: Partial<CardFields> };

/**
 * Reads a person's reply to the block `renderProposal` made: "yes" (in a few languages), or
 * "<field>: <new value>" (optionally after a yes), the field named as the block names it.
 * Anything else is no consent (undefined): the card stays proposed.
 */
export function parseConsentReply(prompt: string): ConsentReply | undefined {
  let body = prompt.trim();
  const opening = /^(\p{L}+)[\s,;.!—-]*/u.exec(body);
  const said = opening !== null && YES.test(opening[1]!);
  if (said) body = body.slice(opening[0].length).trim();
  if (body === "") return said ? { changes: {} } : undefined;
  const match = /^([\p{L} ]{1,20}?)\s*[:=]\s*([\s\S]+)$/u.exec(body);
  const field = match ? FIELD_NAMES[match[1]!.trim().toLowerCase()] : undefined;
  if (!field) return undefined;
  const value = match![2]!.trim();
  // One field: a second "field:" line makes the reply something else than a short consent.
  const another = value
    .split("\n")
    .slice(1)
    .some((l) => {
      const name = /^\s*([\p{L} ]{1,20}?)\s*[:=]/u.exec(l)?.[1];
      return name !== undefined && FIELD_NAMES[name.trim().toLowerCase()] !== undefined;
    });
  return another ? undefined : { changes: { [field]: value } };
}

const line = (label: string, value: string) =>
  value.trim() ? [`> ${label}: ${clip(flatten(value), 200)}`] : [];

/**
 * The block an agent shows the person for a card it proposed: one line per field it has, and
 * how to answer in one reply. The agent is asked to show it as it is and wait.
 */
export function renderProposal(record: RecordView, others: number): string {
  const rejected = record.considered
    .map(
      (c) =>
        `${flatten(c.approach)}${c.rejected_because.trim() ? ` (${flatten(c.rejected_because)})` : ""}`,
    )
    .join("; ");
  const chosen = [record.card.chosen_approach, record.card.selection_rationale]
    .map((v) => flatten(v))
    .filter(Boolean)
    .join(" — because ");
  return [
    `adrift: you proposed this ${record.kind === "decision" ? "decision" : "intent card"}; a person has not confirmed it. End your reply with the block below as it is, and wait for their answer (adrift reads it; do not confirm it yourself).`,
    "",
    `> **Proposed ${record.kind === "decision" ? "decision" : "intent card"} ${record.id.slice(0, 10)}** (adrift)`,
    ...line("outcome", record.card.outcome),
    ...line("trigger", record.card.trigger),
    ...line("rejected", rejected || (record.trivial ? "nothing else was on the table" : "")),
    ...line("chosen", chosen),
    ...line("check", record.card.validation_plan),
    "> Reply **yes** to confirm it, or name one field to change (`outcome: …`, `trigger: …`, `chosen: …`, `why: …`, `check: …`).",
    ...(others > 0
      ? [`> (${others} more proposal(s) wait: \`adrift list --status proposed\`)`]
      : []),
  ].join("\n");
}

/**
 * The block an agent shows the person for a re-verification it proposed: the decision, what the
 * agent checked, and how to answer (a plain yes: nothing of the decision changes here).
 */
export function renderReverifyProposal(record: RecordView, note: string, others: number): string {
  return [
    "adrift: you proposed that this decision still holds; a person has not confirmed it. End your reply with the block below as it is, and wait for their answer (adrift reads it; do not confirm it yourself).",
    "",
    `> **Proposed re-verification of decision ${record.id.slice(0, 10)}** (adrift)`,
    ...line("outcome", record.card.outcome),
    ...line("checked", note),
    "> Reply **yes** to confirm it still holds (`adrift review` shows the diff).",
    ...(others > 0
      ? [`> (${others} more proposal(s) wait: \`adrift list --status proposed\`)`]
      : []),
  ].join("\n");
}

/** What the agent hears once the person's reply confirmed its proposal. */
export function renderConfirmed(id: string, changes: Partial<CardFields>): string {
  const changed = Object.keys(changes);
  return `adrift: the person confirmed ${id.slice(0, 10)}${changed.length > 0 ? ` and changed ${changed.join(", ")}` : ""} (recorded as their consent; nothing more to do).`;
}
