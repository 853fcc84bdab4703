// The changes of stale records' files since their bases, as the site shows them: which files of
// which records (the first of the stale ones), read from git as line diffs for the pages drawn.
import type { ProjectState } from "../../core/project/state.js";
import { diffTexts } from "../../core/review/line-diff.js";
import type { SiteDiff } from "../../core/site/site-model.js";
import type { StaleFinding } from "../../core/staleness/types.js";
import type { AppContext } from "../dependencies.js";

/** Most stale records whose diffs the site shows, files per record, and bytes of a file read. */
const DIFF_RECORDS = 500;
const DIFF_FILES = 3;
const DIFF_BYTES = 256 * 1024;
const DIFF_LINES = 400;

/** One file of a stale record to show the change of: where it was, where it is. */
export type DiffJob = { record: string; from: string; path: string; to: string; change: string };

/** A file's change as a diff, or a note on why it is not shown. */
function diffOf(job: DiffJob, head: string, before?: Buffer, after?: Buffer): SiteDiff {
  const base = {
    path: job.to === job.path ? job.to : `${job.path} → ${job.to}`,
    from: job.from,
    to: head,
  };
  if ((before?.length ?? 0) > DIFF_BYTES || (after?.length ?? 0) > DIFF_BYTES)
    return { ...base, note: "too large to show here" };
  if (before?.includes(0) || after?.includes(0)) return { ...base, note: "a binary file changed" };
  const hunks = diffTexts(before?.toString("utf8") ?? "", after?.toString("utf8") ?? "");
  if (!hunks) return { ...base, note: "rewritten (too many changes to show line by line)" };
  // No hunk at all: the bytes are the same (a pure rename, or only the file's mode changed).
  if (hunks.length === 0)
    return {
      ...base,
      note: job.to === job.path ? "its content is unchanged" : "renamed; its content is unchanged",
    };
  let lines = 0;
  const kept = hunks.filter((h) => {
    lines += h.lines.length;
    return lines <= DIFF_LINES;
  });
  if (kept.length === 0) {
    const changed = hunks.reduce((n, h) => n + h.lines.filter((l) => l.op !== " ").length, 0);
    return {
      ...base,
      note: `${changed.toLocaleString("en-US")} changed lines: too many to show here`,
    };
  }
  return {
    ...base,
    hunks: kept,
    ...(kept.length < hunks.length ? { note: `${hunks.length - kept.length} more hunks` } : {}),
  };
}

/** The files of stale records to show the changes of: the first DIFF_FILES of the first DIFF_RECORDS. */
export function diffJobs(state: ProjectState, findings: readonly StaleFinding[]): DiffJob[] {
  const jobs: DiffJob[] = [];
  for (const finding of findings.filter((f) => f.state === "stale").slice(0, DIFF_RECORDS)) {
    const from = state.records.get(finding.record_id)?.basis?.revision;
    if (!from || !/^[0-9a-f]{40,64}$/.test(from)) continue;
    for (const change of finding.paths.slice(0, DIFF_FILES))
      jobs.push({
        record: finding.record_id,
        from,
        path: change.path,
        to: change.new_path ?? change.path,
        change: change.change,
      });
  }
  return jobs;
}

/**
 * The changes of stale records' files since their bases, as line diffs: every file's blob ids
 * in one request and every blob in another (two git calls, whatever the count).
 */
export async function readDiffs(
  ctx: AppContext,
  jobs: readonly DiffJob[],
  head: string,
): Promise<Map<string, SiteDiff[]>> {
  const pairs = jobs.flatMap((job): [string, string][] => [
    [job.from, job.path],
    [head, job.to],
  ]);
  const oids = pairs.length ? await ctx.git.objectIdsAt(pairs) : [];
  const blobs = await ctx.git.readBlobs([...new Set(oids.filter((o) => o !== undefined))]);
  const diffs = new Map<string, SiteDiff[]>();
  jobs.forEach((job, i) => {
    const before = job.change === "added" ? undefined : blobs.get(oids[2 * i] ?? "");
    const after = job.change === "deleted" ? undefined : blobs.get(oids[2 * i + 1] ?? "");
    diffs.set(job.record, [...(diffs.get(job.record) ?? []), diffOf(job, head, before, after)]);
  });
  return diffs;
}
