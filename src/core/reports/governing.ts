import { bySpecificity, governorsOf, type ScopeIndex } from "../staleness/scope-index.js";

/** A decision or ADR governing some of a diff's paths. */
export type GoverningItem = {
  id: string;
  kind: "decision" | "adr";
  /** the most specific of its scope entries that matched */
  entry: string;
  specificity: number;
  /** changed paths it governs (sorted) */
  paths: string[];
  /** a decision the log marks stale: it still governs, to be checked again before relying on it */
  stale?: boolean;
};

/** The governors of a set of paths, most specific first, each with the paths it governs. */
export function governingFor(index: ScopeIndex, paths: readonly string[]): GoverningItem[] {
  const items = new Map<string, GoverningItem>();
  for (const path of [...paths].sort()) {
    for (const match of governorsOf(index, path)) {
      if (match.kind === "intent") continue;
      const item = items.get(match.id);
      if (!item)
        items.set(match.id, {
          id: match.id,
          kind: match.kind,
          entry: match.entry,
          specificity: match.specificity,
          paths: [path],
        });
      else {
        item.paths.push(path);
        if (match.specificity > item.specificity) {
          item.specificity = match.specificity;
          item.entry = match.entry;
        }
      }
    }
  }
  return [...items.values()].sort(bySpecificity);
}
