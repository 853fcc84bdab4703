import { DECISIONS_DIR } from "../../core/config-defaults.js";
import type { LogLocation } from "../../core/reports/pr-comment.js";
import type { AppContext } from "../dependencies.js";
import { reportGit } from "../reports/diff-range.js";

/** Most records looked up at once (a body shows a few hundred at most). */
const MAX_LOOKED_UP = 2000;

/**
 * Where each record's own event is in the log at `head` (a full commit id): file and line, for
 * a link a reviewer can click. One `git grep` over the log files for `"id":"<id>"` — the event
 * that created the record; an event naming it (`"decision_id":"<id>"`) does not match. Records
 * not committed at `head` have no location.
 */
export async function recordLocations(
  ctx: AppContext,
  head: string,
  ids: readonly string[],
): Promise<Map<string, LogLocation>> {
  const out = new Map<string, LogLocation>();
  const wanted = ids.filter((id) => /^[0-9A-Za-z]+$/.test(id)).slice(0, MAX_LOOKED_UP);
  if (wanted.length === 0) return out;
  const dirs = [...new Set([DECISIONS_DIR, ctx.config.log_dir])].map((d) => d.replace(/\/+$/, ""));
  const found = await reportGit(ctx).firstOccurrences(
    head,
    wanted.map((id) => `"id":"${id}"`),
    dirs.map((d) => `:(glob)${d}/**/*.events.ndjson`),
  );
  for (const id of wanted) {
    const at = found.get(`"id":"${id}"`);
    if (at) out.set(id, at);
  }
  return out;
}
