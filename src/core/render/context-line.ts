import { charCount, clip, flatten, shortId } from "./text.js";

/** What the agent one-liner (`adrift context`, docs/reports.md) is made of. */
export type ContextLineInput = {
  card?: { id: string; outcome: string; chosen_approach: string };
  open_worklines: number;
  /** records agents proposed that wait for a person's confirmation */
  proposed?: number;
  stale: { id: string; outcome: string }[];
  /** the budget in characters (tokens × 4) */
  max_chars: number;
};

const SEP = " · ";

/**
 * The one-liner: the outcome first, then the chosen approach, "N open worklines", "N proposed
 * waiting" (for a person's confirmation), and a short line per stale record, each added only while it fits the budget; stale records that
 * do not fit are counted ("+N stale"). Never longer than `max_chars` code points.
 */
export function renderContextLine(input: ContextLineInput): string {
  const max = Math.max(1, input.max_chars);
  const outcome = input.card ? flatten(input.card.outcome) || "(no outcome)" : "no intent card yet";
  let line = clip(outcome, max);
  const room = () => max - charCount(line);
  const add = (part: string) => {
    if (charCount(part) <= room()) {
      line += part;
      return true;
    }
    return false;
  };
  const chosen = input.card ? flatten(input.card.chosen_approach) : "";
  if (chosen) {
    const part = ` — ${chosen}`;
    if (!add(part) && room() >= 12) line += ` — ${clip(chosen, room() - 3)}`;
  }
  if (input.open_worklines > 0)
    add(`${SEP}${input.open_worklines} open workline${input.open_worklines === 1 ? "" : "s"}`);
  const proposed = input.proposed ?? 0;
  if (proposed > 0) add(`${SEP}${proposed} proposed waiting`);
  let shown = 0;
  for (const record of input.stale) {
    const left = input.stale.length - shown - 1;
    const tail = left > 0 ? `${SEP}+${left} stale`.length : 0;
    const part = `${SEP}stale ${shortId(record.id)}: ${clip(flatten(record.outcome), 40)}`;
    if (charCount(part) + tail > room()) break;
    line += part;
    shown++;
  }
  if (shown < input.stale.length) add(`${SEP}+${input.stale.length - shown} stale`);
  return line;
}
