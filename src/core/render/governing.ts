import type { RecordView } from "../project/state.js";
import type { GoverningItem } from "../reports/governing.js";
import { shownEntry } from "../rules/scope.js";
import { charCount, clip, flatten } from "./text.js";

/** A governing item with the text an agent reads. */
export type GoverningEntry = GoverningItem & { title: string; text: string };

/** What fits the budget and what it left out. */
export type FittedGoverning = {
  items: GoverningEntry[];
  left_out: { id: string; kind: GoverningItem["kind"] }[];
  chars: number;
  max_chars: number;
};

/** The full card of a record as plain text lines (for --verbose). */
export function cardText(record: RecordView): string {
  const lines = [
    `outcome: ${flatten(record.card.outcome)}`,
    record.card.trigger && `trigger: ${flatten(record.card.trigger)}`,
    record.card.chosen_approach && `chosen: ${flatten(record.card.chosen_approach)}`,
    record.card.selection_rationale && `rationale: ${flatten(record.card.selection_rationale)}`,
    record.card.constraints && `constraints: ${flatten(record.card.constraints)}`,
    record.card.validation_plan && `validation: ${flatten(record.card.validation_plan)}`,
    ...record.considered.map(
      (c) => `rejected: ${flatten(c.approach)} (${flatten(c.rejected_because)})`,
    ),
  ];
  return lines.filter(Boolean).join("\n");
}

/** The header line of an item: id, kind (stale as `adrift stale` says: marked, or computed stale), one-line title and the scope that matched. */
export function headerLine(item: GoverningItem, title: string): string {
  const files = `${item.paths.length} file${item.paths.length === 1 ? "" : "s"}`;
  const kind = item.stale ? `${item.kind} (stale: check it again)` : item.kind;
  return `${item.id} ${kind} ${clip(flatten(title), 100)} [${shownEntry(item.entry)}: ${files}]`;
}

/**
 * Keeps items in order (most specific first) while their text fits `max_chars`; every item
 * that does not fit is named in `left_out`, never silently dropped.
 */
export function fitGoverning(
  items: readonly GoverningItem[],
  describe: (item: GoverningItem) => { title: string; body?: string },
  options: { verbose: boolean; max_chars: number },
): FittedGoverning {
  const fitted: FittedGoverning = {
    items: [],
    left_out: [],
    chars: 0,
    max_chars: options.max_chars,
  };
  for (const item of items) {
    const { title, body } = describe(item);
    const text = [headerLine(item, title), options.verbose && body ? body : ""]
      .filter(Boolean)
      .join("\n");
    const size = charCount(text) + 1;
    if (fitted.left_out.length === 0 && fitted.chars + size <= options.max_chars) {
      fitted.items.push({ ...item, title, text });
      fitted.chars += size;
    } else fitted.left_out.push({ id: item.id, kind: item.kind });
  }
  return fitted;
}
