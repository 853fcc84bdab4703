import { quotePath, safeText } from "../core/render/terminal.js";
import { clip, flatten } from "../core/render/text.js";
import type { StaleFinding, StalenessReport } from "../core/staleness/types.js";
import { paint } from "./io.js";

const COLOR = {
  stale: "yellow",
  moved: "cyan",
  review: "blue",
  touched: "dim",
  fresh: "green",
} as const;

/** "3 commits of its own workline not counted", when there were any. */
function ownWorkline(finding: StaleFinding): string {
  const n = finding.own_workline_commits ?? 0;
  return n === 0 ? "" : ` — ${n} commit${n === 1 ? "" : "s"} of its own workline not counted`;
}

/**
 * The lines describing one finding shown: state, record, paths, commits. A fresh one is shown
 * only when commits of its own workline changed its scope: one line saying how many.
 */
export function findingLines(finding: StaleFinding, outcome?: string): string[] {
  const mark =
    finding.state === "stale" && !finding.recorded
      ? " (not yet recorded)"
      : finding.computed_state
        ? ` (marked in the log; its scope is ${finding.computed_state} now: re-verify or supersede it to clear the mark)`
        : "";
  const lines = [
    `${paint(COLOR[finding.state], finding.state.padEnd(6))} ${finding.kind} ${finding.record_id}${paint("dim", mark)}${finding.method === "fingerprints" ? paint("dim", " [by fingerprints]") : ""}${paint("dim", ownWorkline(finding))}`,
  ];
  // What the record is, for a reader who does not know its id by heart.
  if (outcome) lines.push(`    ${safeText(clip(flatten(outcome), 100))}`);
  for (const p of finding.paths)
    lines.push(
      `    ${p.change.padEnd(8)} ${quotePath(p.path)}${p.new_path ? ` → ${quotePath(p.new_path)}` : ""}`,
    );
  for (const a of finding.anchors ?? [])
    if (a.change !== "unchanged")
      lines.push(
        `    ${a.change.padEnd(8)} ${quotePath(`${a.path}#${a.symbol}`)}${anchorTarget(a)}`,
      );
  for (const c of finding.commits)
    lines.push(
      paint("dim", `    ${c.hash.slice(0, 10)} ${safeText(c.author)}: ${safeText(c.subject)}`),
    );
  return lines;
}

/** Where a renamed or moved anchor went. */
function anchorTarget(a: NonNullable<StaleFinding["anchors"]>[number]): string {
  if (a.change === "renamed") return ` → ${safeText(a.new_symbol ?? "")}`;
  if (a.change === "moved")
    return ` → ${quotePath(`${a.new_path ?? a.path}#${a.new_symbol ?? a.symbol}`)}`;
  return "";
}

/** The findings `adrift stale` shows a person: all but the fresh ones nothing happened to. */
export function shownFindings(report: StalenessReport): StaleFinding[] {
  return report.findings.filter((f) => f.state !== "fresh" || f.own_workline_commits);
}

/** The human rendering of `adrift stale`, each record shown with its outcome (`outcomes`). */
export function staleReportText(
  report: StalenessReport & { marked: string[]; file?: string },
  outcomes: ReadonlyMap<string, string> = new Map(),
): string {
  const shown = shownFindings(report);
  const ownFresh = report.findings.filter(
    (f) => f.state === "fresh" && f.own_workline_commits,
  ).length;
  const count = (state: string) => report.findings.filter((f) => f.state === state).length;
  const open = report.findings.filter((f) => f.state === "stale" && !f.recorded).length;
  return [
    ...report.notices.map((n) => paint("yellow", `notice: ${safeText(n)}`)),
    ...shown.flatMap((f) => findingLines(f, outcomes.get(f.record_id))),
    ...(report.marked.length
      ? [
          paint(
            "green",
            `marked ${report.marked.length} record(s) stale in ${quotePath(report.file ?? "")}`,
          ),
        ]
      : []),
    paint(
      "dim",
      `${report.findings.length} record(s) checked: ${count("stale")} stale (${report.marked.length ? 0 : open} not recorded), ${count("moved")} moved, ${count("review")} to review, ${count("touched")} touched outside their anchors${ownFresh ? `, ${ownFresh} fresh with commits of their own workline not counted` : ""}`,
    ),
  ].join("\n");
}
