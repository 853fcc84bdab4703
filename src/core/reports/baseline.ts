import { areaOf } from "./areas.js";

/** The version of `.decisions/baseline.json`. */
export const BASELINE_VERSION = 1;

/** Uncovered files that existed when the team adopted the gate, grouped by area. */
export type Baseline = {
  version: typeof BASELINE_VERSION;
  depth: number;
  areas: { area: string; expires: string | null; files: string[] }[];
};

/** How the baseline treats an uncovered changed path. */
export type BaselineVerdict = "new" | "baselined" | "expired";

/** Builds a baseline from the uncovered files of a tree (sorted, so re-freezing is stable). */
export function freezeBaseline(
  uncovered: readonly string[],
  depth: number,
  expires: string | null,
): Baseline {
  const byArea = new Map<string, string[]>();
  for (const file of [...uncovered].sort()) {
    const area = areaOf(file, depth);
    byArea.set(area, [...(byArea.get(area) ?? []), file]);
  }
  return {
    version: BASELINE_VERSION,
    depth,
    areas: [...byArea.keys()].sort().map((area) => ({ area, expires, files: byArea.get(area)! })),
  };
}

/** Judges an uncovered path against the baseline on `today` (YYYY-MM-DD). */
export function baselineVerdict(
  baseline: Baseline | undefined,
  path: string,
  today: string,
): BaselineVerdict {
  if (!baseline) return "new";
  const entry = baseline.areas.find((a) => a.area === areaOf(path, baseline.depth));
  if (!entry?.files.includes(path)) return "new";
  return entry.expires !== null && entry.expires < today ? "expired" : "baselined";
}

/** `baselineVerdict` for many paths: the baseline indexed once (first entry of an area wins). */
export function baselineJudge(
  baseline: Baseline | undefined,
  today: string,
): (path: string) => BaselineVerdict {
  if (!baseline) return () => "new";
  const byArea = new Map<string, { expires: string | null; files: Set<string> }>();
  for (const a of baseline.areas)
    if (!byArea.has(a.area)) byArea.set(a.area, { expires: a.expires, files: new Set(a.files) });
  return (path) => {
    const entry = byArea.get(areaOf(path, baseline.depth));
    if (!entry?.files.has(path)) return "new";
    return entry.expires !== null && entry.expires < today ? "expired" : "baselined";
  };
}
