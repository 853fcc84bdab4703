import * as z from "zod";
import { unreadableLinesWarning } from "../../core/project/unreadable-lines.js";
import type { StaleFinding } from "../../core/staleness/types.js";
import { defineTool } from "../tool.js";

/** One line of a finding that needs attention: id, state, the paths and the first commit. */
function findingRow(f: StaleFinding): string {
  const paths = f.paths
    .slice(0, 3)
    .map((p) => (p.new_path ? `${p.path} → ${p.new_path}` : `${p.path} (${p.change})`))
    .join(", ");
  const more = f.paths.length - 3 + (f.omitted_paths ?? 0);
  const commit = f.commits[0]
    ? ` in ${f.commits[0].hash.slice(0, 10)} "${f.commits[0].subject}"`
    : "";
  const anchors = (f.anchors ?? [])
    .filter((a) => a.change !== "unchanged")
    .map(
      (a) =>
        `${a.path}#${a.symbol} ${a.change}${a.new_symbol ? ` → ${a.new_symbol}` : ""}${a.new_path ? ` → ${a.new_path}` : ""}`,
    )
    .join(", ");
  return `${f.record_id}  ${f.state}${f.recorded ? " (marked)" : ""}  ${paths}${more > 0 ? `, +${more} more` : ""}${anchors ? `; ${anchors}` : ""}${commit}`;
}

/** check_staleness → computeStaleness (read-only: hooks and `adrift stale --record` write the marks). */
export const checkStaleness = defineTool({
  name: "check_staleness",
  title: "Check staleness",
  description:
    "Which records later commits moved away from: stale, moved (renamed), review (new files in scope), touched (outside anchors: no action) or fresh. staged counts the staged change.",
  input: z.object({ staged: z.boolean().default(false) }).strict(),
  writes: false,
  run: async (repo, args) => {
    const report = await repo.stale({ staged: args.staged });
    const count = (state: string) => report.findings.filter((f) => f.state === state).length;
    const changed = report.findings.filter((f) => f.state !== "fresh");
    return {
      data: report,
      text: [
        `${count("stale")} stale, ${count("moved")} moved, ${count("review")} to review, ${count("touched")} touched outside their anchors, ${count("fresh")} fresh (of ${report.findings.length} records with a basis)${report.log_problems ? `; ${unreadableLinesWarning(report.log_problems)}` : ""}`,
        ...changed.slice(0, 50).map(findingRow),
        ...(changed.length > 50 ? [`…and ${changed.length - 50} more`] : []),
        ...report.notices,
      ].join("\n"),
    };
  },
});
