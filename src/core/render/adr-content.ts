import type { RecordView } from "../project/state.js";
import { type AdrWords, sentence } from "./adr-words.js";

/** One option of a draft: a chosen or rejected approach, with what speaks for and against it. */
export type DraftOption = { name: string; chosen: boolean; pros: string[]; cons: string[] };

/** One decision of a draft: the option chosen, what it achieves, and why it was chosen. */
export type DraftChoice = { option: string; outcome: string; why: string };

/**
 * What a draft says, as prose fields: adrift fills them from the records, or an agent writes
 * them (`adr draft --for-agent`) and adrift checks the options against the records.
 */
export type DraftContent = {
  /** paragraphs: the problem and why it came up */
  context: string[];
  /** constraints the options were judged by */
  drivers: string[];
  options: DraftOption[];
  outcome: DraftChoice[];
  consequences: { good: string[]; bad: string[]; neutral: string[] };
  /** how it will be checked that the decision holds */
  confirmation: string[];
  /** findings and anything else a reader may want */
  more: string[];
};

/** An answer to a question, as a draft tells it. */
export type AnsweredQuestion = { question: string; answered_by: string; answer: string };

const flat = (s: string) => s.replace(/\s+/g, " ").trim();
const unique = (values: readonly string[]) => {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = v.toLocaleLowerCase();
    if (!v || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** The name an option is known by when two records write it with other spaces or case. */
export const optionKey = (name: string) => flat(name).toLocaleLowerCase();

/** The options the records chose and rejected, each once (a draft must keep every one). */
export function recordOptions(records: readonly RecordView[]): DraftOption[] {
  const byKey = new Map<string, DraftOption>();
  const add = (name: string, chosen: boolean, pro?: string, con?: string) => {
    const key = optionKey(name);
    if (!key) return;
    let option = byKey.get(key);
    if (!option) {
      option = { name: flat(name), chosen, pros: [], cons: [] };
      byKey.set(key, option);
    }
    option.chosen ||= chosen;
    if (pro && !option.pros.includes(pro)) option.pros.push(pro);
    if (con && !option.cons.includes(con)) option.cons.push(con);
  };
  for (const r of records) {
    add(r.card.chosen_approach, true, sentence(r.card.selection_rationale) || undefined);
    for (const c of r.considered)
      add(c.approach, false, undefined, sentence(c.rejected_because) || undefined);
  }
  return [...byKey.values()];
}

/**
 * The draft's prose from its records: the decisions' triggers (and the questions answered) as the context,
 * constraints as drivers, chosen and rejected approaches with their reasons as options, each
 * chosen approach with its outcome and rationale as the outcome, outcomes as good and side
 * effects as bad consequences, validation plans as confirmation; what a record has not decided
 * yet is named under more information.
 */
export function contentFromRecords(
  records: readonly RecordView[],
  answers: ReadonlyMap<string, AnsweredQuestion>,
  words: Pick<AdrWords, "asked" | "dependsOn" | "open">,
): DraftContent {
  const { asked, dependsOn } = words;
  const decided = records.filter((r) => r.card.chosen_approach.trim());
  // A record that chose nothing yet is named as open, not told as part of the problem decided.
  const open = records.filter((r) => !r.card.chosen_approach.trim() && !answers.has(r.id));
  const triggers = unique(decided.map((r) => sentence(r.card.trigger)));
  const answered = records
    .map((r) => answers.get(r.id))
    .filter((a): a is AnsweredQuestion => a !== undefined)
    .map((a) => sentence(asked(flat(a.question), a.answered_by, flat(a.answer))));
  return {
    context: [triggers.join(" "), unique(answered).join(" ")].filter(Boolean),
    drivers: unique(records.map((r) => sentence(r.card.constraints))),
    options: recordOptions(records),
    outcome: decided.map((r) => ({
      option: flat(r.card.chosen_approach),
      outcome: sentence(r.card.outcome),
      why: sentence(r.card.selection_rationale),
    })),
    consequences: {
      good: unique(decided.map((r) => sentence(r.card.outcome))),
      bad: unique(records.flatMap((r) => r.tier_b?.side_effects ?? []).map(sentence)),
      neutral: unique(
        records.flatMap((r) => r.tier_b?.dependencies ?? []).map((d) => sentence(dependsOn(d))),
      ),
    },
    confirmation: unique(records.map((r) => sentence(r.card.validation_plan))),
    more: unique([
      ...records.flatMap((r) => r.findings).map(sentence),
      ...open
        .filter((r) => r.card.outcome.trim())
        .map((r) => sentence(words.open(flat(r.card.outcome)))),
    ]),
  };
}
