import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Root } from "mdast";
import { AdriftError } from "../../core/errors.js";
import type { ProjectState } from "../../core/project/state.js";
import { buildCorrespondence } from "../../core/reports/correspondence.js";
import { diffTexts } from "../../core/review/line-diff.js";
import { computeCoverage } from "../../core/rules/coverage.js";
import type { SiteAdr, SiteDiff, SiteInput } from "../../core/site/site-model.js";
import type { StaleFinding } from "../../core/staleness/types.js";
import type { AppContext } from "../dependencies.js";
import { coverageFileTest } from "../reports/diff-range.js";
import { loadReportInputs } from "../reports/inputs.js";
import { stalenessForReports } from "../reports/staleness.js";
import { loadReportState } from "../reports/state.js";

/** Most stale records whose diffs the site shows, files per record, and bytes of a file read. */
const DIFF_RECORDS = 500;
const DIFF_FILES = 3;
const DIFF_BYTES = 256 * 1024;
const DIFF_LINES = 400;

/** The base64 SHA-256 of a script, as a Content-Security-Policy names it. */
export function scriptHash(script: string): string {
  return createHash("sha256").update(script, "utf8").digest("base64");
}

/** An ADR file's body parsed (front matter left out) and its `date:` when it has one. */
async function readAdrBody(ctx: AppContext, file: string): Promise<{ body?: Root; date?: string }> {
  let text: string;
  try {
    text = readFileSync(path.join(ctx.git.location.root, file), "utf8");
  } catch {
    return {};
  }
  const { parseMarkdown } = await import("../adr/markdown.js");
  const tree = await parseMarkdown(text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n"));
  const front = tree.children[0]?.type === "yaml" ? tree.children[0].value : "";
  const date =
    /^date:\s*["']?([0-9]{4}-[0-9]{2}-[0-9]{2})/m.exec(front)?.[1] ??
    /^[-*]\s*Date:\s*([0-9]{4}-[0-9]{2}-[0-9]{2})/im.exec(text)?.[1];
  const body: Root = { ...tree, children: tree.children.filter((c) => c.type !== "yaml") };
  return { body, ...(date ? { date } : {}) };
}

/** The changes of a stale record's first files since its basis, as line diffs. */
async function diffsOf(
  ctx: AppContext,
  finding: StaleFinding,
  from: string,
  head: string,
): Promise<SiteDiff[]> {
  const diffs: SiteDiff[] = [];
  for (const change of finding.paths.slice(0, DIFF_FILES)) {
    const to = change.new_path ?? change.path;
    const [before, after] = await Promise.all([
      change.change === "added" ? undefined : ctx.git.readFileAt(from, change.path),
      change.change === "deleted" ? undefined : ctx.git.readFileAt(head, to),
    ]);
    const base = { path: to === change.path ? to : `${change.path} → ${to}`, from, to: head };
    if ((before?.length ?? 0) > DIFF_BYTES || (after?.length ?? 0) > DIFF_BYTES) {
      diffs.push({ ...base, note: "too large to show here" });
      continue;
    }
    if (before?.includes(0) || after?.includes(0)) {
      diffs.push({ ...base, note: "a binary file changed" });
      continue;
    }
    const hunks = diffTexts(before?.toString("utf8") ?? "", after?.toString("utf8") ?? "");
    if (!hunks) {
      diffs.push({ ...base, note: "rewritten (too many changes to show line by line)" });
      continue;
    }
    let lines = 0;
    const kept = hunks.filter((h) => {
      lines += h.lines.length;
      return lines <= DIFF_LINES;
    });
    diffs.push({
      ...base,
      hunks: kept,
      ...(kept.length < hunks.length ? { note: `${hunks.length - kept.length} more hunks` } : {}),
    });
  }
  return diffs;
}

/** Options of a site build: the script every page runs in a preview (live reload). */
export type SiteInputOptions = { liveReload?: string };

/** Reads everything the site shows: the folded log, staleness at HEAD, ADRs, coverage, diffs. */
export async function loadSiteInput(
  ctx: AppContext,
  options: SiteInputOptions = {},
): Promise<SiteInput> {
  const head = await ctx.git.resolveRevision("HEAD");
  if (!head)
    throw new AdriftError("validation_failed", "the repository has no commits yet: commit first");
  const state: ProjectState = await loadReportState(ctx);
  const [inputs, staleness, tree] = await Promise.all([
    loadReportInputs(ctx, state),
    stalenessForReports(ctx, state, head),
    ctx.git.listFiles(head),
  ]);
  const counted = coverageFileTest(ctx);
  const report = buildCorrespondence({
    state,
    adrs: inputs.adrs,
    backlog: inputs.backlog,
    staleness,
    files: tree.map((t) => t.path).filter(counted.counts),
    depth: ctx.config.coverage_depth,
  });
  const bodies = await Promise.all(report.adrs.map((a) => readAdrBody(ctx, a.path)));
  const adrs: SiteAdr[] = report.adrs.map((a, i) => ({ ...a, ...bodies[i] }));
  const findings = new Map(staleness.findings.map((f) => [f.record_id, f]));
  const diffs = new Map<string, SiteDiff[]>();
  const stale = staleness.findings.filter((f) => f.state === "stale").slice(0, DIFF_RECORDS);
  for (const finding of stale) {
    const basis = state.records.get(finding.record_id)?.basis;
    if (basis && /^[0-9a-f]{40,64}$/.test(basis.revision))
      diffs.set(finding.record_id, await diffsOf(ctx, finding, basis.revision, head));
  }
  return {
    name: path.basename(ctx.git.location.root),
    state,
    report,
    findings,
    adrs,
    diffs,
    coverage: computeCoverage(state),
    scriptHash,
    ...(options.liveReload ? { liveReload: options.liveReload } : {}),
  };
}
