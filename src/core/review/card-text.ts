import { AdriftError } from "../errors.js";
import type { CardFields } from "../events/common.js";

/** The card fields a person edits, in the order a card reads, with what each holds. */
const FIELDS: readonly [keyof CardFields, string][] = [
  ["outcome", "what must become true"],
  ["trigger", "the pain: why now"],
  ["chosen_approach", "short label of the chosen approach"],
  ["selection_rationale", "why this approach and not the considered ones"],
  ["constraints", "constraints the approach must respect"],
  ["validation_plan", "how we will know it worked"],
];

/** The card as text to edit: one `## field` section each, comment lines (`# `) explaining. */
export function cardEditText(id: string, card: CardFields): string {
  const out = [
    `# The card of ${id}. Change what no longer holds, save and close: the changed fields`,
    "# are amended (an event; the history is kept). Leave it unchanged to change nothing.",
    "# Lines starting with '# ' are left out; keep the '## field' headings.",
  ];
  for (const [name, what] of FIELDS) out.push("", `## ${name}`, `# ${what}`, card[name]);
  return `${out.join("\n")}\n`;
}

/** The fields of an edited card text that differ from `card` (empty when nothing changed). */
export function editedCardChanges(text: string, card: CardFields): Partial<CardFields> {
  const fields = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of text.replace(/\r\n/g, "\n").split("\n")) {
    const heading = /^##\s+(\S+)\s*$/.exec(line);
    if (heading) {
      const name = heading[1]!;
      if (!FIELDS.some(([field]) => field === name))
        throw new AdriftError(
          "validation_failed",
          `expected a card field heading (${FIELDS.map(([f]) => f).join(", ")}), got "## ${name.slice(0, 40)}"; nothing was amended`,
        );
      current = [];
      fields.set(name, current);
    } else if (line === "#" || line.startsWith("# ")) continue;
    else current?.push(line);
  }
  const changes: Partial<CardFields> = {};
  for (const [name] of FIELDS) {
    const lines = fields.get(name);
    if (!lines) continue;
    const value = lines.join("\n").trim();
    if (value !== card[name].trim()) changes[name] = value;
  }
  return changes;
}
