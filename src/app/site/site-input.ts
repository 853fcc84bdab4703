import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Root } from "mdast";
import { profileNote, startSpan, timed } from "../../adapters/profile.js";
import { AdriftError } from "../../core/errors.js";
import type { ProjectState } from "../../core/project/state.js";
import { matchCounter } from "../../core/reports/areas.js";
import {
  buildCorrespondenceOverview,
  overviewWithNewRecords,
} from "../../core/reports/correspondence.js";
import { diffTexts } from "../../core/review/line-diff.js";
import { computeCoverage } from "../../core/rules/coverage.js";
import type { SiteAdr, SiteDiff, SiteInput } from "../../core/site/site-model.js";
import type { StaleFinding } from "../../core/staleness/types.js";
import type { AppContext } from "../dependencies.js";
import { coverageFileTest } from "../reports/diff-range.js";
import { loadReportInputs } from "../reports/inputs.js";
import { stalenessForReports } from "../reports/staleness.js";
import { loadReportState, logKey } from "../reports/state.js";
import { overviewAsBefore, type SiteBasis, siteBasis } from "./site-basis.js";

/** Most stale records whose diffs the site shows, files per record, and bytes of a file read. */
const DIFF_RECORDS = 500;
const DIFF_FILES = 3;
const DIFF_BYTES = 256 * 1024;
const DIFF_LINES = 400;

/** The base64 SHA-256 of a script, as a Content-Security-Policy names it. */
export function scriptHash(script: string): string {
  return createHash("sha256").update(script, "utf8").digest("base64");
}

/** An ADR file's Markdown without its front matter, and the `date:` it gives when it has one. */
function readAdrSource(ctx: AppContext, file: string): { source?: string; date?: string } {
  let text: string;
  try {
    text = readFileSync(path.join(ctx.git.location.root, file), "utf8");
  } catch {
    return {};
  }
  const normalized = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const front = /^---\n([\s\S]*?)\n---(?:\n|$)/.exec(normalized);
  const date =
    /^date:\s*["']?([0-9]{4}-[0-9]{2}-[0-9]{2})/m.exec(front?.[1] ?? "")?.[1] ??
    /^[-*]\s*Date:\s*([0-9]{4}-[0-9]{2}-[0-9]{2})/im.exec(normalized)?.[1];
  return {
    source: front ? normalized.slice(front[0].length) : normalized,
    ...(date ? { date } : {}),
  };
}

/** One file of a stale record to show the change of: where it was, where it is. */
type DiffJob = { record: string; from: string; path: string; to: string; change: string };

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
function diffJobs(state: ProjectState, findings: readonly StaleFinding[]): DiffJob[] {
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
async function readDiffs(
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

/** Options of a site build: the script every page runs in a preview (live reload). */
export type SiteInputOptions = { liveReload?: string };

/**
 * What the site is drawn from, and how to read the one costly part only its drawn pages need:
 * the diffs of the records whose pages are drawn (`readDiffs` fills `input.diffs` for them).
 */
export type LoadedSite = {
  input: SiteInput;
  readDiffs: (records: ReadonlySet<string>) => Promise<void>;
  /** loads what drawing an ADR's page needs (the Markdown parser) */
  loadMarkdown: () => Promise<void>;
  /** what the build is made from, for the next build to compare */
  basis: SiteBasis;
};

/**
 * Reads everything the site shows: the folded log, staleness at HEAD, ADRs, coverage. `before`:
 * what the last build into the same folder was made from (its manifest's basis), whose
 * correspondence overview is patched instead of computed again when only new records that
 * change no drift were appended since (`overviewAsBefore`).
 */
export async function loadSiteInput(
  ctx: AppContext,
  options: SiteInputOptions = {},
  before?: unknown,
): Promise<LoadedSite> {
  const head = await ctx.git.resolveRevision("HEAD");
  if (!head)
    throw new AdriftError("validation_failed", "the repository has no commits yet: commit first");
  const key = await logKey(ctx);
  const state: ProjectState = await timed("site: the folded log", () => loadReportState(ctx, key));
  const [inputs, staleness, tree] = await Promise.all([
    timed("site: ADRs", () => loadReportInputs(ctx, state)),
    // A site only shows staleness: a report carried over appends alone is not written back.
    timed("site: staleness", () => stalenessForReports(ctx, state, head, { leaveCarried: true })),
    ctx.git.listFiles(head),
  ]);
  const correspondence = startSpan("site: correspondence");
  const counted = coverageFileTest(ctx);
  const files = tree.map((t) => t.path).filter(counted.counts);
  const texts = new Map(inputs.adrs.map((a) => [a.path, readAdrSource(ctx, a.path)]));
  const findings = new Map(staleness.findings.map((f) => [f.record_id, f]));
  const jobs = diffJobs(state, staleness.findings);
  const diffRecords = new Set(jobs.map((j) => j.record));
  const name = path.basename(ctx.git.location.root);
  const basis = siteBasis(
    ctx,
    {
      name,
      ...(options.liveReload ? { liveReload: options.liveReload } : {}),
      head: staleness.head,
      adrs: inputs.adrs,
      texts,
      files,
      notices: staleness.notices,
    },
    key,
    state.event_count,
    diffRecords,
  );
  const overviewInput = {
    state,
    adrs: inputs.adrs,
    backlog: inputs.backlog,
    staleness,
    files,
    depth: ctx.config.coverage_depth,
  };
  const carried = await overviewAsBefore(ctx, before, basis, state, findings, inputs.adrs);
  if (carried)
    profileNote(`the last build's overview patched with ${carried.added.length} new record(s)`);
  const report = carried
    ? overviewWithNewRecords(carried.overview, overviewInput, carried.added)
    : buildCorrespondenceOverview(overviewInput);
  basis.overview = report;
  correspondence();
  const adrs: SiteAdr[] = report.adrs.map((a) => ({ ...a, ...texts.get(a.path) }));
  // The Markdown parser is loaded only when an ADR's page is drawn (`loadMarkdown`).
  let parser: ((text: string) => Root) | undefined;
  const parseMarkdown = (text: string): Root => {
    if (!parser) throw new Error("the Markdown parser is not loaded: call loadMarkdown first");
    return parser(text);
  };
  const loadMarkdown = async () => {
    parser ??= await (await import("../adr/markdown.js")).markdownParser();
  };
  const diffs = new Map<string, SiteDiff[]>();
  const input: SiteInput = {
    name,
    state,
    report,
    countMatches: matchCounter(files),
    findings,
    adrs,
    diffRecords,
    diffs,
    coverage: computeCoverage(state),
    scriptHash,
    parseMarkdown,
    ...(options.liveReload ? { liveReload: options.liveReload } : {}),
  };
  const readSome = async (records: ReadonlySet<string>) => {
    const read = await timed("site: diffs", () =>
      readDiffs(
        ctx,
        jobs.filter((j) => records.has(j.record)),
        head,
      ),
    );
    for (const [id, list] of read) diffs.set(id, list);
  };
  return { input, readDiffs: readSome, loadMarkdown, basis };
}
