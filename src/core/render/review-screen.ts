import type { ReviewItem } from "../review/review-item.js";
import { quotePath, safeText } from "./terminal.js";
import { charCount, clip, flatten } from "./text.js";

/** Colours the screen uses; the caller decides whether they are printed. */
export type ScreenColor = "red" | "green" | "yellow" | "cyan" | "gray" | "bold" | "dim";
export type Painter = (color: ScreenColor, text: string) => string;

/** Where the screen is: the item's position, the width, and how many diff lines fit. */
export type ScreenOptions = {
  index: number;
  total: number;
  width?: number;
  /** most diff lines shown (the `d` key shows them all) */
  diffLines?: number;
};

const LABEL = 12;

/** Words of flattened, escaped text in lines of at most `width`, at most `max` lines. */
export function wrapText(text: string, width: number, max = 3): string[] {
  const words = safeText(flatten(text)).split(" ").filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    if (line !== "" && charCount(line) + 1 + charCount(word) > width) {
      lines.push(line);
      line = "";
    }
    line = line === "" ? clip(word, width) : `${line} ${word}`;
  }
  if (line !== "") lines.push(line);
  if (lines.length > max) {
    const kept = lines.slice(0, max);
    kept[max - 1] = clip(`${kept[max - 1]!} …`, width);
    if (!kept[max - 1]!.endsWith("…")) kept[max - 1] = `${clip(kept[max - 1]!, width - 1)}…`;
    return kept;
  }
  return lines;
}

/** A labelled field: the label in the margin, the text wrapped beside it. */
function field(paint: Painter, label: string, text: string, width: number, max = 3): string[] {
  if (text.trim() === "") return [];
  return wrapText(text, width - LABEL, max).map(
    (line, i) => `${i === 0 ? paint("dim", label.padEnd(LABEL)) : " ".repeat(LABEL)}${line}`,
  );
}

/** The title rule: position, state, kind and id, filled with `─` to the width. */
function titleLine(paint: Painter, item: ReviewItem, options: ScreenOptions, width: number) {
  const state = `${item.state}${item.recorded && item.state === "stale" ? " (marked)" : ""}`;
  const text = `── ${options.index + 1} of ${options.total} ── ${state} ${item.kind} ${item.id.slice(0, 10)} `;
  return paint("bold", `${text}${"─".repeat(Math.max(0, width - charCount(text)))}`);
}

/** The diff of the item's files, as `diff -u` hunks, at most `max` lines. */
export function diffLines(
  paint: Painter,
  item: ReviewItem,
  width: number,
  max = Number.POSITIVE_INFINITY,
): { lines: string[]; hidden: number } {
  const all: string[] = [];
  for (const file of item.files) {
    const name = file.new_path
      ? `${quotePath(file.path)} → ${quotePath(file.new_path)}`
      : quotePath(file.path);
    all.push(paint("cyan", clip(`${name} (${file.change})`, width)));
    if (file.note) all.push(paint("dim", clip(`  ${file.note}`, width)));
    if (file.outside_anchors)
      all.push(
        paint(
          "dim",
          file.outside_anchors === file.hunks?.length
            ? "  changed only outside its anchors:"
            : `  ${file.outside_anchors} hunk(s) outside its anchors not shown`,
        ),
      );
    for (const hunk of file.hunks ?? []) {
      all.push(
        paint(
          "cyan",
          `@@ -${hunk.old_start},${hunk.old_lines} +${hunk.new_start},${hunk.new_lines} @@`,
        ),
      );
      for (const line of hunk.lines) {
        const text = clip(`${line.op}${safeText(line.text.replace(/\t/g, "  "))}`, width);
        all.push(
          line.op === "+" ? paint("green", text) : line.op === "-" ? paint("red", text) : text,
        );
      }
    }
  }
  if (item.omitted_paths) all.push(paint("dim", `… ${item.omitted_paths} more changed file(s)`));
  return all.length > max
    ? { lines: all.slice(0, max), hidden: all.length - max }
    : { lines: all, hidden: 0 };
}

/** The keys line: one key per available action, and quit (wrapped to the width). */
export function keysLine(paint: Painter, item: ReviewItem, width: number, more: boolean): string {
  const keys: [string, string][] = [
    ...item.actions.map((a): [string, string] => [a.key, a.label]),
    ...(more ? [["d", "whole diff"] as [string, string]] : []),
    ["q", "quit"],
  ];
  const lines: string[] = [];
  let line = "";
  let visible = 0;
  for (const [key, label] of keys) {
    const length = charCount(`${key} ${label}`);
    if (line !== "" && visible + 2 + length > width) {
      lines.push(line);
      line = "";
      visible = 0;
    }
    line = `${line}${line === "" ? "" : "  "}${paint("bold", key)} ${label}`;
    visible += (visible === 0 ? 0 : 2) + length;
  }
  lines.push(line);
  return lines.join("\n");
}

/** The screen of one item: card, scope, commits, proposals, diff and keys, in `width` columns. */
export function reviewScreen(paint: Painter, item: ReviewItem, options: ScreenOptions): string {
  const width = Math.max(40, options.width ?? 80);
  const out = [titleLine(paint, item, options, width)];
  out.push(...field(paint, "Outcome", item.card.outcome || "(no outcome)", width));
  out.push(...field(paint, "Chosen", item.card.chosen_approach, width, 2));
  out.push(...field(paint, "Rationale", item.card.selection_rationale, width, 4));
  out.push(...field(paint, "Constraints", item.card.constraints, width, 2));
  for (const reason of item.incomplete)
    out.push(paint("yellow", clip(`incomplete: ${safeText(flatten(reason))}`, width)));
  out.push(...field(paint, "Scope", item.scope.map(quotePath).join(", "), width, 2));
  out.push(...field(paint, "Basis", item.basis_revision.slice(0, 12) || "(no revision)", width, 1));
  const anchors = (item.anchors ?? []).map((a) => {
    const to =
      a.new_path || a.new_symbol ? ` → ${a.new_path ?? a.path}#${a.new_symbol ?? a.symbol}` : "";
    return `${quotePath(`${a.path}#${a.symbol}`)} ${a.change}${to}`;
  });
  out.push(...field(paint, "Anchors", anchors.join("; "), width, 3));
  item.commits.forEach((c, i) => {
    const text = `${c.hash.slice(0, 10)} ${safeText(flatten(c.author))}: ${safeText(flatten(c.subject))}`;
    out.push(
      `${paint("dim", (i === 0 ? "Commits" : "").padEnd(LABEL))}${clip(text, width - LABEL)}`,
    );
  });
  if (item.omitted_commits)
    out.push(`${" ".repeat(LABEL)}${paint("dim", `… ${item.omitted_commits} more`)}`);
  if (item.consent === "proposed")
    out.push(
      paint(
        "yellow",
        clip("Proposed    this card is an agent's, not confirmed by a person (c)", width),
      ),
    );
  for (const p of item.proposals)
    out.push(
      ...field(
        paint,
        "Proposed",
        `by ${p.by} at ${p.revision.slice(0, 10)}: "${p.note}" (c confirms)`,
        width,
        3,
      ).map((line) => paint("yellow", line)),
    );
  const diff = diffLines(paint, item, width, options.diffLines ?? 40);
  if (diff.lines.length > 0) out.push("", ...diff.lines);
  if (diff.hidden > 0) out.push(paint("dim", `… ${diff.hidden} more diff line(s): d shows them`));
  out.push("", keysLine(paint, item, width, diff.hidden > 0));
  return out.join("\n");
}
