import type { List, ListItem, Root } from "mdast";
import { gfmToMarkdown, toMarkdown } from "../../vendor/markdown.js";
import type { RecordView } from "../project/state.js";
import { clip, flatten } from "./text.js";

/** The heading user decisions reach a worker under: they win over the story's RF and DoR. */
export const USER_DECISIONS_HEADING = "User decisions — they override RF/DoR when they conflict";

/** At most this many user decisions, and this many characters of Markdown, reach a worker. */
export const USER_DECISIONS_LIMITS = { items: 10, chars: 1_500 } as const;

/** One user decision as the worker sees it. */
export type UserDecision = {
  id: string;
  question_id?: string;
  question: string;
  decision: string;
  decided_by: string;
  at: string;
};

/** The rendered block: what fitted, what was left out, and the Markdown text. */
export type UserDecisionsBlock = {
  heading: string;
  decisions: UserDecision[];
  omitted: number;
  text: string;
};

const flat = (text: string, max: number) => clip(flatten(text), max);

/** Who decided: the person who last confirmed an agent's record, else its author. */
function decider(record: RecordView): string {
  const person = record.confirmations.at(-1)?.actor ?? record.actor;
  return person.email ?? person.name;
}

function toUserDecision(record: RecordView): UserDecision {
  // An intent card is not an answer to a question: its outcome and chosen approach are the decision.
  const card = record.kind === "intent";
  const chosen = card && record.card.chosen_approach ? `: ${record.card.chosen_approach}` : "";
  return {
    id: record.id,
    question_id: record.question_id,
    question: card ? "" : (record.card.trigger ?? ""),
    decision: `${record.card.outcome ?? ""}${chosen}`,
    decided_by: decider(record),
    at: record.at,
  };
}

function item(decision: UserDecision): ListItem {
  const text = `${flat(decision.decision, 400)}${decision.question ? ` (asked: ${flat(decision.question, 200)})` : ""} — ${decision.decided_by}, ${decision.id}`;
  return {
    type: "listItem",
    spread: false,
    children: [{ type: "paragraph", children: [{ type: "text", value: text }] }],
  };
}

function render(decisions: UserDecision[], omitted: number): string {
  const list: List = { type: "list", ordered: false, spread: false, children: decisions.map(item) };
  const root: Root = {
    type: "root",
    children: [
      { type: "heading", depth: 3, children: [{ type: "text", value: USER_DECISIONS_HEADING }] },
      list,
      ...(omitted > 0
        ? [
            {
              type: "paragraph" as const,
              children: [{ type: "text" as const, value: `${omitted} more not shown` }],
            },
          ]
        : []),
    ],
  };
  return toMarkdown(root, { extensions: [gfmToMarkdown()], bullet: "-" });
}

/** Renders newest-first decisions within at most 10 items and 1,500 characters. */
export function renderUserDecisions(records: RecordView[]): UserDecisionsBlock {
  const all = records.map(toUserDecision);
  const kept: UserDecision[] = [];
  for (const decision of all.slice(0, USER_DECISIONS_LIMITS.items)) {
    const next = [...kept, decision];
    if (render(next, all.length - next.length).length > USER_DECISIONS_LIMITS.chars) break;
    kept.push(decision);
  }
  const omitted = all.length - kept.length;
  return {
    heading: USER_DECISIONS_HEADING,
    decisions: kept,
    omitted,
    text: kept.length === 0 ? "" : render(kept, omitted),
  };
}
