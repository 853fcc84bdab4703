import { readFile, stat } from "node:fs/promises";
import { listLogFiles, logDirsOf } from "../../adapters/log-files.js";
import type { AppContext } from "../dependencies.js";

/** The event types that create what a shell completes, by the kind of id an argument takes. */
const CREATES: Record<string, string[]> = {
  record: ["intent_card_recorded", "decision_recorded"],
  story: ["story_created"],
  task: ["task_created"],
  epic: ["epic_created"],
  rule: ["business_rule_recorded"],
  question: ["open_question_declared"],
  workline: ["workline_opened"],
  session: ["session_started"],
};

/** Past this much log, completing ids would make a Tab wait: it offers none. */
export const COMPLETION_LOG_LIMIT = 16 * 1024 * 1024;

const LINE = /^\{"id":"([0-9A-HJKMNP-TV-Z]{26})","type":"([a-z_]+)"/;
const KEY = /"key":"([A-Za-z0-9_.-]{1,40})"/;

/**
 * The ids (and human keys) a shell offers for an argument of this kind, newest first. Read
 * straight from the log lines' first bytes as adrift writes them, without validating the log:
 * a completion that is cheap, or none (a log past `COMPLETION_LOG_LIMIT` gives none).
 */
export async function completionIds(ctx: AppContext, kind: string): Promise<string[]> {
  const types = new Set(kind === "any" ? Object.values(CREATES).flat() : (CREATES[kind] ?? []));
  const files = await listLogFiles(logDirsOf(ctx.git.location.root, ctx.config.log_dir));
  let size = 0;
  for (const file of files) size += (await stat(file)).size;
  if (size > COMPLETION_LOG_LIMIT) return [];
  const found: [id: string, key?: string][] = [];
  for (const file of files)
    for (const line of (await readFile(file, "utf8")).split("\n")) {
      const match = LINE.exec(line);
      if (!match || !types.has(match[2]!)) continue;
      const key = line.includes('"key":"') ? KEY.exec(line)?.[1] : undefined;
      found.push([match[1]!, key]);
    }
  found.sort((a, b) => (a[0] < b[0] ? 1 : a[0] > b[0] ? -1 : 0));
  return [...new Set(found.flatMap(([id, key]) => (key ? [key, id] : [id])))];
}
