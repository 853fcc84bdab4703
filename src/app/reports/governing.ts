import { AdriftError } from "../../core/errors.js";
import { cardText, type FittedGoverning, fitGoverning } from "../../core/render/governing.js";
import { governingFor } from "../../core/reports/governing.js";
import { adrGovernors, decisionGovernors } from "../../core/reports/governors.js";
import { buildScopeIndex } from "../../core/staleness/scope-index.js";
import type { AppContext } from "../dependencies.js";
import { staleRecordIds } from "../staleness/stale-records.js";
import { isAdriftFile, resolveRange, touchedPaths } from "./diff-range.js";
import { loadReportInputs } from "./inputs.js";
import { loadReportState } from "./state.js";

/** Options of `governingDecisions`: a diff (`base`…`head`) or explicit paths. */
export type GoverningOptions = {
  base?: string;
  head?: string;
  paths?: string[];
  verbose?: boolean;
  maxChars?: number;
};

/** The governing decisions and ADRs of a diff, fitted to a budget. */
export type GoverningReport = FittedGoverning & {
  base?: string;
  head?: string;
  /** changed = covered + ungoverned.length */
  changed: number;
  covered: number;
  ungoverned: string[];
  notices: string[];
};

/** Default budget of `context --base`, in characters. */
export const DEFAULT_GOVERNING_CHARS = 4000;

/**
 * The decisions (not superseded, whatever their state: a stale one says so) and accepted ADRs
 * governing the changed paths of `base...head` (or the given paths), most specific first, ids
 * and one-line outcomes (full cards when verbose), within `maxChars`, naming what the budget
 * left out. A `base` or `head` that names no commit here is a usage error.
 */
export async function governingDecisions(
  ctx: AppContext,
  options: GoverningOptions,
): Promise<GoverningReport> {
  if (!options.base && !options.paths)
    throw new AdriftError(
      "usage",
      "give --base <ref> (a diff) or paths to find governing decisions",
    );
  const notices: string[] = [];
  let paths = options.paths ?? [];
  let range: { base?: string; head?: string } = {};
  if (options.base) {
    const resolved = await resolveRange(ctx, options.base, options.head);
    if (resolved.unavailable) notices.push(`${resolved.unavailable}: no changed paths known`);
    paths = [...paths, ...touchedPaths(resolved.changed)];
    range = { base: resolved.base, head: resolved.head };
  }
  const state = await loadReportState(ctx);
  const inputs = await loadReportInputs(ctx, state);
  const index = buildScopeIndex([
    ...decisionGovernors(state.records.values()),
    ...adrGovernors(inputs.adrs, state.records),
  ]);
  const unique = [...new Set(paths)].filter((p) => !isAdriftFile(ctx, p)).sort();
  const found = governingFor(index, unique);
  // Stale as `adrift stale` says: marked in the log, or computed stale at HEAD.
  const staleIds = found.some((item) => state.records.has(item.id))
    ? await staleRecordIds(ctx, state)
    : new Set<string>();
  const items = found.map((item) => (staleIds.has(item.id) ? { ...item, stale: true } : item));
  const governed = new Set(items.flatMap((i) => i.paths));
  const adrs = new Map(inputs.adrs.map((a) => [a.id, a]));
  const fitted = fitGoverning(
    items,
    (item) => {
      const record = state.records.get(item.id);
      if (record) return { title: record.card.outcome, body: cardText(record) };
      const adr = adrs.get(item.id);
      const title = adr
        ? `ADR-${String(adr.number ?? "?").padStart(4, "0")} ${adr.title}`
        : item.id;
      return { title, body: adr ? `path: ${adr.path}` : undefined };
    },
    { verbose: Boolean(options.verbose), max_chars: options.maxChars ?? DEFAULT_GOVERNING_CHARS },
  );
  return {
    ...range,
    ...fitted,
    changed: unique.length,
    covered: unique.filter((p) => governed.has(p)).length,
    ungoverned: unique.filter((p) => !governed.has(p)),
    notices,
  };
}
