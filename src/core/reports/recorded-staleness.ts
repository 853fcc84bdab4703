import type { ProjectState } from "../project/state.js";
import type { StaleFinding, StalenessReport } from "../rules/staleness-types.js";

/**
 * A staleness report from the marks already in the log (`decision_marked_stale`), without
 * looking at git: what reports show when computing staleness is not possible or not wanted.
 */
export function recordedStaleness(state: ProjectState, head: string): StalenessReport {
  const findings: StaleFinding[] = [];
  for (const record of state.records.values()) {
    if (!record.basis) continue;
    const marks = record.stale_marks;
    const commits = new Map<string, { hash: string; author: string; subject: string }>();
    const paths = new Set<string>();
    for (const mark of marks) {
      for (const c of mark.data.commits) {
        const hash = typeof c === "string" ? c : c.hash;
        if (!commits.has(hash))
          commits.set(hash, {
            hash,
            author: typeof c === "string" ? "" : (c.author ?? ""),
            subject: typeof c === "string" ? "" : (c.subject ?? ""),
          });
      }
      for (const p of mark.data.paths) paths.add(p);
    }
    const hashes = [...commits.keys()];
    findings.push({
      record_id: record.id,
      kind: record.kind,
      state: record.status === "stale" ? "stale" : "fresh",
      recorded: marks.length > 0,
      commits: [...commits.values()],
      paths: [...paths].sort().map((path) => ({ path, change: "modified", commits: hashes })),
      method: "history",
    });
  }
  return { head, findings, notices: [] };
}
