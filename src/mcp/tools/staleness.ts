import * as z from "zod";
import { unreadableLinesWarning } from "../../core/project/unreadable-lines.js";
import { defineTool } from "../tool.js";

/** check_staleness → computeStaleness (read-only: hooks and `adrift stale --record` write the marks). */
export const checkStaleness = defineTool({
  name: "check_staleness",
  title: "Check which decisions the code has moved away from",
  description:
    "Compute, for every record with a basis, whether later commits changed its paths: stale (re-verify it or record a new decision), moved (pure renames), review (new files under its scope) or fresh. With staged: true, the staged change counts as one more commit. Writes nothing.",
  input: z.object({ staged: z.boolean().default(false) }).strict(),
  writes: false,
  run: async (repo, args) => {
    const report = await repo.stale({ staged: args.staged });
    const count = (state: string) => report.findings.filter((f) => f.state === state).length;
    return {
      data: report,
      text: `${count("stale")} stale, ${count("moved")} moved, ${count("review")} to review, ${count("fresh")} fresh (of ${report.findings.length} records with a basis)${report.log_problems ? `; ${unreadableLinesWarning(report.log_problems)}` : ""}`,
    };
  },
});
