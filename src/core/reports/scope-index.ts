import { compileScope, type Scope } from "../rules/scope.js";

/** Something that governs code through scope entries: an active decision or an accepted ADR. */
export type Governor = {
  id: string;
  kind: "decision" | "intent" | "adr";
  entries: readonly string[];
};

/** One governor matching a path, through its most specific entry. */
export type GoverningMatch = {
  id: string;
  kind: Governor["kind"];
  entry: string;
  specificity: number;
};

type Slot = { governor: Governor; scope: Scope };

/**
 * An index from paths to the governors whose scopes match them. Literal paths and directory
 * prefixes are looked up by ancestor (a few map hits per path), globs are tested only under their literal prefix,
 * so 5,000 paths against 10,000 decisions stays linear. Matching agrees with `scope.ts`.
 */
export type ScopeIndex = {
  exact: Map<string, Slot[]>;
  dirs: Map<string, Slot[]>;
  /** globs by their literal directory prefix ("" for globs starting with a pattern) */
  globs: Map<string, Slot[]>;
  size: number;
};

function push(map: Map<string, Slot[]>, key: string, slot: Slot): void {
  const list = map.get(key);
  if (list) list.push(slot);
  else map.set(key, [slot]);
}

/** The literal directories a glob starts with (`src/api/` for `src/api/**\/*.ts`). */
function globPrefix(entry: string): string {
  const segments = entry.split("/");
  let prefix = "";
  for (const segment of segments.slice(0, -1)) {
    if (/[*?[\]{}!()+@]/.test(segment)) break;
    prefix += `${segment}/`;
  }
  return prefix;
}

/** Builds the index of a set of governors. */
export function buildScopeIndex(governors: Iterable<Governor>): ScopeIndex {
  const index: ScopeIndex = { exact: new Map(), dirs: new Map(), globs: new Map(), size: 0 };
  for (const governor of governors) {
    index.size++;
    for (const entry of governor.entries) {
      const scope = compileScope(entry);
      const slot = { governor, scope };
      if (scope.kind === "glob") push(index.globs, globPrefix(entry), slot);
      else if (scope.kind === "directory") push(index.dirs, entry, slot);
      else push(index.exact, entry, slot);
    }
  }
  return index;
}

/** The governors matching `path`, most specific first (ties by id), each once. */
export function governorsOf(index: ScopeIndex, path: string): GoverningMatch[] {
  const best = new Map<string, GoverningMatch>();
  const consider = (slot: Slot) => {
    const seen = best.get(slot.governor.id);
    if (!seen || slot.scope.specificity > seen.specificity)
      best.set(slot.governor.id, {
        id: slot.governor.id,
        kind: slot.governor.kind,
        entry: slot.scope.entry,
        specificity: slot.scope.specificity,
      });
  };
  for (const slot of index.exact.get(path) ?? []) consider(slot);
  const globs = (prefix: string) => {
    for (const slot of index.globs.get(prefix) ?? []) if (slot.scope.matches(path)) consider(slot);
  };
  globs("");
  globs(`${path}/`); // `lib/**` matches `lib` itself
  for (let cut = path.lastIndexOf("/"); cut > 0; cut = path.lastIndexOf("/", cut - 1)) {
    const ancestor = path.slice(0, cut);
    for (const slot of index.exact.get(ancestor) ?? []) consider(slot);
    for (const slot of index.dirs.get(`${ancestor}/`) ?? []) consider(slot);
    globs(`${ancestor}/`);
  }
  return [...best.values()].sort(bySpecificity);
}

/** Most specific first, then decisions before ADRs, then by id. */
export function bySpecificity(a: GoverningMatch, b: GoverningMatch): number {
  if (a.specificity !== b.specificity) return b.specificity - a.specificity;
  if (a.kind !== b.kind) return a.kind < b.kind ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
