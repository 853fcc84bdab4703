import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startSpan } from "../../adapters/profile.js";
import {
  planSite,
  readBuiltPage,
  readSearchEngineScript,
  readSiteFolder,
  type SiteManifest,
  type SiteWriteResult,
  writePlannedSite,
} from "../../adapters/site-files.js";
import { sitePages } from "../../core/render/site/site-pages.js";
import type { AppContext } from "../dependencies.js";
import { recordsAsBefore } from "./site-basis.js";
import { loadSiteInput } from "./site-input.js";

/** Where `site build` writes when no `--out` is given, from the repository's root. */
export const DEFAULT_SITE_DIR = ".adrift/site";

/** Options of `site build`: the folder (relative to the repository root or absolute). */
export type SiteBuildOptions = { out?: string; liveReload?: string };

/** What a build did, for `--json` and the summary line. */
export type SiteBuildResult = SiteWriteResult & {
  out: string;
  records: number;
  adrs: number;
  stale: number;
  head: string;
};

/** Resolves the output folder; the default one gets a `.gitignore` so git leaves it alone. */
export function siteFolder(ctx: AppContext, out?: string): string {
  const root = ctx.git.location.root;
  const dir = path.resolve(root, out ?? DEFAULT_SITE_DIR);
  if (out === undefined) {
    const parent = path.join(root, ".adrift");
    mkdirSync(parent, { recursive: true });
    const ignore = path.join(parent, ".gitignore");
    if (!existsSync(ignore)) writeFileSync(ignore, "# adrift's generated files (site build)\n*\n");
  }
  return dir;
}

/** Builds the static site of the whole decision graph into a folder, rewriting changed pages only. */
export async function buildSite(
  ctx: AppContext,
  options: SiteBuildOptions = {},
): Promise<SiteBuildResult> {
  const out = siteFolder(ctx, options.out);
  // The last build's manifest: what it was made from is compared before anything is drawn.
  const manifest = readSiteFolder(out);
  const built =
    (await buildWith(ctx, options, out, manifest, manifest?.basis)) ??
    // A page to draw needs a finding the last build's staleness does not hold: computed whole.
    (await buildWith(ctx, options, out, manifest, undefined, manifest?.basis));
  // Staleness computed holds every record's finding: the second build always writes.
  if (!built) throw new Error("a site build with staleness computed drew no site");
  return built;
}

/**
 * A build into `out` from the last build's `manifest`, `keep`ing staleness as its basis left it
 * when it can (see `loadSiteInput`); undefined when a page to draw needs a record's finding
 * that staleness does not hold (a record page to draw again that no new event names: its file
 * removed, say), and nothing was written.
 */
async function buildWith(
  ctx: AppContext,
  options: SiteBuildOptions,
  out: string,
  manifest: SiteManifest | undefined,
  keep: unknown,
  before: unknown = keep,
): Promise<SiteBuildResult | undefined> {
  const { input, readDiffs, loadMarkdown, basis } = await loadSiteInput(
    ctx,
    {
      ...(options.liveReload ? { liveReload: options.liveReload } : {}),
      ...(manifest ? { pageBefore: (page: string) => readBuiltPage(out, manifest, page) } : {}),
    },
    before,
    keep !== undefined,
  );
  const miniSearch = readSearchEngineScript();
  const keys = startSpan("site: page keys");
  const plan = await planSite(
    out,
    async (before) =>
      sitePages(input, miniSearch, await recordsAsBefore(ctx, input, before, basis)),
    manifest,
  );
  keys();
  // Only the pages drawn show diffs: a rebuild reads the blobs of a handful of records.
  const drawn = new Set<string>();
  let adrDrawn = false;
  for (const { page, kept } of plan.pages) {
    if (kept) continue;
    if (page.record !== undefined && input.complete && !input.complete.has(page.record))
      return undefined;
    if (page.record !== undefined && input.diffRecords.has(page.record)) drawn.add(page.record);
    adrDrawn ||= page.adr === true;
  }
  await readDiffs(drawn);
  if (adrDrawn) await loadMarkdown();
  const pages = startSpan("site: pages drawn and written");
  const written = writePlannedSite(plan, basis);
  pages();
  return {
    ...written,
    out,
    records: input.state.records.size,
    adrs: input.adrs.length,
    stale: [...input.states.values()].filter((state) => state === "stale").length,
    head: input.report.head,
  };
}
