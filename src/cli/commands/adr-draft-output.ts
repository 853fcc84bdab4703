import type { DraftOutcome, WaitingRecord } from "../../app/adr/draft.js";
import { quotePath, safeText } from "../../core/render/terminal.js";
import { oneLine } from "../format.js";
import { paint } from "../io.js";

const RESULT_COLOR = {
  created: "green",
  updated: "cyan",
  unchanged: "dim",
  edited: "yellow",
} as const;

type DraftResult = {
  drafts: DraftOutcome[];
  waiting: WaitingRecord[];
  unclustered: string[];
  orphaned: string[];
};

/** What `adr draft` prints for people; with `explain`, why each record landed in its draft. */
export function formatDrafts(
  result: DraftResult,
  options: { by: string; explain?: boolean },
): string {
  const lines: string[] = [];
  for (const d of result.drafts) {
    lines.push(
      `${paint(RESULT_COLOR[d.result], d.result.padEnd(9))} ${quotePath(d.path)}  ${oneLine(d.title, 100)}  (${d.record_ids.length} record${d.record_ids.length === 1 ? "" : "s"})`,
    );
    if (d.regenerated_path)
      lines.push(
        paint(
          "yellow",
          `  edited since adrift wrote it (by a person, or in an agent's words); kept, and wrote the new version beside it: ${quotePath(d.regenerated_path)}`,
        ),
      );
    if (options.explain) {
      lines.push(paint("dim", `  ${safeText(d.reason)} (cluster ${safeText(d.cluster)})`));
      for (const p of d.placements)
        lines.push(
          `  ${p.record_id.slice(0, 10)} ${safeText(short(p.outcome))}: ${paint("dim", safeText(p.why))}`,
        );
    }
  }
  if (result.drafts.length === 0 && result.waiting.length === 0)
    lines.push("no records need a draft");
  if (result.waiting.length) {
    lines.push(paint("dim", `${result.waiting.length} record(s) wait for a draft:`));
    for (const w of result.waiting)
      lines.push(
        `  ${w.record_id.slice(0, 10)} ${safeText(short(w.outcome))}${options.explain ? `: ${paint("dim", safeText(w.why))}` : ""}`,
      );
    if (!options.explain) lines.push(paint("dim", "  why: adrift adr draft --explain"));
  }
  for (const p of result.orphaned)
    lines.push(paint("yellow", `no longer matches any records: ${quotePath(p)}`));
  if (result.unclustered.length)
    lines.push(
      paint("dim", `${result.unclustered.length} record(s) left out by --by ${options.by}`),
    );
  if (!options.explain && result.drafts.length > 0)
    lines.push(paint("dim", "why each record is where it is: adrift adr draft --explain"));
  return lines.join("\n");
}

function short(text: string, max = 70): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 15))}…`;
}

type Brief = {
  clusters: { cluster: string; title: string; language: string; records: unknown[] }[];
};

/** What `adr draft --for-agent` prints without --json: the clusters an agent would get. */
export function formatBrief(brief: Brief): string {
  return [
    ...brief.clusters.map(
      (c) =>
        `${safeText(c.cluster)}  ${oneLine(c.title, 100)}  (${c.language}, ${c.records.length} record${c.records.length === 1 ? "" : "s"})`,
    ),
    paint("dim", "the fields to fill: adrift adr draft --for-agent --json"),
  ].join("\n");
}
