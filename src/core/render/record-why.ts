// A record's why — what prompted it, what was chosen, why, within which limits — as the PR
// comment and the reports show it: one list of labelled lines, rendered as Markdown (mdast) or
// HTML. Labels are adrift's words; values are user text, escaped by each renderer.
import type { BlockContent } from "mdast";
import type { RecordWhy } from "../reports/report-index.js";
import type { IncompletenessReason } from "../rules/completeness.js";
import { escapeHtml } from "./html-escape.js";
import { paragraph, strong, text } from "./report-md.js";
import { clip, flatten } from "./text.js";

/** One line of a record's why: adrift's label and the user's text (one line, clipped). */
export type WhyLine = { label: string; value: string };

/** Most characters of one field shown (a longer rationale ends with "…"). */
export const MAX_WHY_FIELD = 600;

/** The labels, in the order a reviewer reads a decision. */
const FIELDS: readonly [keyof RecordWhy, string][] = [
  ["trigger", "Why now"],
  ["chosen", "Chosen"],
  ["rationale", "Rationale"],
  ["constraints", "Constraints"],
];

/**
 * The lines of a record's why: its filled fields in reading order, then what it lacks in words
 * ("no trigger: say what hurts, why now"), never as codes. Empty when nothing is known.
 */
export function whyLines(
  why: RecordWhy | undefined,
  incomplete: readonly Pick<IncompletenessReason, "message">[] = [],
  max = MAX_WHY_FIELD,
): WhyLine[] {
  const out: WhyLine[] = [];
  for (const [field, label] of FIELDS) {
    const value = clip(flatten(why?.[field] ?? "", max * 4), max);
    if (value !== "") out.push({ label, value });
  }
  if (incomplete.length > 0)
    out.push({ label: "Incomplete", value: incomplete.map((i) => i.message).join("; ") });
  return out;
}

/** The why as Markdown paragraphs: the label strong, the value escaped text. */
export function whyBlocks(lines: readonly WhyLine[]): BlockContent[] {
  return lines.map((l) => paragraph(strong(text(l.label)), `: ${l.value}`) as BlockContent);
}

/** The why as an HTML description list (every value escaped); empty when there are no lines. */
export function whyHtml(lines: readonly WhyLine[]): string {
  if (lines.length === 0) return "";
  const items = lines
    .map((l) => `<dt>${escapeHtml(l.label)}</dt><dd><bdi>${escapeHtml(l.value)}</bdi></dd>`)
    .join("");
  return `<dl class="why">${items}</dl>`;
}
