import { existsSync, readFileSync } from "node:fs";
import type { ProjectState } from "../../core/project/state.js";
import { type AppContext, repoPath } from "../dependencies.js";
import { readFrontMatter, stringList } from "./front-matter.js";

/**
 * Records that no longer need a draft: in an accepted ADR, or in a rejected one and unchanged
 * since. An accepted ADR holds the records its file lists under `records:` (a person who splits
 * an ADR edits that list, and the records taken out are drafted again); the log's list stands
 * when the file is gone or lists none.
 */
export function settledRecords(state: ProjectState, ctx?: AppContext): Set<string> {
  const settled = new Set<string>();
  for (const adr of state.adrs.values()) {
    if (adr.status === "accepted")
      for (const id of (ctx && recordsOnDisk(ctx, adr.path)) ?? adr.record_ids) settled.add(id);
    if (adr.status === "rejected")
      for (const id of adr.record_ids) {
        const record = state.records.get(id);
        const changed = record?.amendments.some((a) => a.event_id > adr.event_id);
        if (!changed) settled.add(id);
      }
  }
  return settled;
}

function recordsOnDisk(ctx: AppContext, relative: string): string[] | undefined {
  const file = repoPath(ctx, relative);
  if (!existsSync(file)) return undefined;
  try {
    const { data } = readFrontMatter(readFileSync(file, "utf8"), relative);
    return Array.isArray(data.records) ? stringList(data.records) : undefined;
  } catch {
    return undefined;
  }
}
