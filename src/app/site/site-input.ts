import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Root } from "mdast";
import { startSpan, timed } from "../../adapters/profile.js";
import { AdriftError } from "../../core/errors.js";
import { normalizedText } from "../../core/inputs/saved-text.js";
import type { ProjectState } from "../../core/project/state.js";
import { matchCounter } from "../../core/reports/areas.js";
import { computeCoverage } from "../../core/rules/coverage.js";
import type { SiteAdr, SiteDiff, SiteInput } from "../../core/site/site-model.js";
import type { AppContext } from "../dependencies.js";
import { coverageFileTest } from "../reports/diff-range.js";
import { loadReportInputs } from "../reports/inputs.js";
import { stalenessForReports } from "../reports/staleness.js";
import { loadReportState, logKey } from "../reports/state.js";
import { isBasis, keepsStaleness, type SiteBasis, statesByState } from "./site-basis.js";
import { readDiffs } from "./site-diffs.js";
import { computedParts, keptStaleness, type Parts } from "./site-staleness.js";

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
  const normalized = normalizedText(text);
  const front = /^---\n([\s\S]*?)\n---(?:\n|$)/.exec(normalized);
  const date =
    /^date:\s*["']?([0-9]{4}-[0-9]{2}-[0-9]{2})/m.exec(front?.[1] ?? "")?.[1] ??
    /^[-*]\s*Date:\s*([0-9]{4}-[0-9]{2}-[0-9]{2})/im.exec(normalized)?.[1];
  return {
    source: front ? normalized.slice(front[0].length) : normalized,
    ...(date ? { date } : {}),
  };
}

/**
 * Options of a site build: the script every page runs in a preview (live reload); the pages the
 * last build wrote, as it wrote them (`SiteInput.grown`).
 */
export type SiteInputOptions = {
  liveReload?: string;
  pageBefore?: (path: string) => string | undefined;
};

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
 * change no drift were appended since (`overviewAsBefore`). `keep`: staleness may be taken as
 * that build left it when the log only grew by new records based on HEAD since (`keptStaleness`;
 * the input then holds only the new records' findings whole: `SiteInput.complete`).
 */
export async function loadSiteInput(
  ctx: AppContext,
  options: SiteInputOptions = {},
  before?: unknown,
  keep = true,
): Promise<LoadedSite> {
  const head = await ctx.git.resolveRevision("HEAD");
  if (!head)
    throw new AdriftError("validation_failed", "the repository has no commits yet: commit first");
  const key = await logKey(ctx);
  const state: ProjectState = await timed("site: the folded log", () => loadReportState(ctx, key));
  // A rebuild may take staleness as the last build left it (`stalenessAsBefore`): then it is
  // not computed at all; else it is computed beside the ADRs.
  const mayKeep = keep && isBasis(before) && keepsStaleness(before);
  const computing = () =>
    // A site only shows staleness: a report carried over appends alone is not written back.
    timed("site: staleness", () => stalenessForReports(ctx, state, head, { leaveCarried: true }));
  const early = mayKeep ? undefined : computing();
  early?.catch(() => undefined);
  const [inputs, tree] = await Promise.all([
    timed("site: ADRs", () => loadReportInputs(ctx, state)),
    ctx.git.listFiles(head),
  ]);
  // HEAD's files, the ADRs' texts; with a kept staleness, the last build's overview patched.
  const sourcesRead = startSpan("site: sources (files, ADR texts; kept staleness)");
  const counted = coverageFileTest(ctx);
  const files = tree.map((t) => t.path).filter(counted.counts);
  // The date is the ADR reader's (an adr-tools `Date:` line too), as `adr list` shows it.
  const texts = new Map(
    inputs.adrs.map((a) => [
      a.path,
      { ...readAdrSource(ctx, a.path), ...(a.date ? { date: a.date } : {}) },
    ]),
  );
  const name = path.basename(ctx.git.location.root);
  const sources = {
    name,
    ...(options.liveReload ? { liveReload: options.liveReload } : {}),
    head,
    adrs: inputs.adrs,
    texts,
    files,
  };
  const overviewInput = {
    state,
    adrs: inputs.adrs,
    backlog: inputs.backlog,
    files,
    depth: ctx.config.coverage_depth,
  };
  const kept = mayKeep
    ? await keptStaleness(ctx, before, sources, key, state, overviewInput)
    : undefined;
  sourcesRead();
  let parts: Parts;
  if (kept) parts = kept;
  else {
    const staleness = await (early ?? computing());
    const correspondence = startSpan("site: correspondence");
    parts = await computedParts(ctx, before, sources, key, state, { ...overviewInput, staleness });
    correspondence();
  }
  const { findings, states, diffRecords, jobs, basis, report } = parts;
  basis.overview = report;
  basis.notices = [...parts.notices];
  basis.records = state.records.size;
  basis.states = statesByState(states);
  // The lists add the new records to what the last build drew when they are the fold's last.
  const added = kept?.added ?? [];
  const last = added.length ? [...state.records.keys()].slice(-added.length) : [];
  const grown =
    options.pageBefore && last.length > 0 && last.every((id, i) => id === added[i]?.id)
      ? { added, page: options.pageBefore }
      : undefined;
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
    states,
    ...(kept ? { complete: new Set(kept.findings.keys()) } : {}),
    ...(grown ? { grown } : {}),
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
