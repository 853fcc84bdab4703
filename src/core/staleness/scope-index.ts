import {
  compileScope,
  compileScopes,
  globBase,
  isExclusion,
  type Scope,
  scopeKind,
  unescapeEntry,
} from "../rules/scope.js";

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

/** A governor's entry; compiled on first need (most lookups are plain map hits). */
type Slot = { governor: Governor; entry: string; scope?: Scope };

/** One glob entry and the slots of every governor that has it. */
type GlobEntry = { entry: string; slots: Slot[]; scope?: Scope };

/**
 * An index from paths to the governors whose scopes match them. Literal paths and directory
 * prefixes are looked up by ancestor (a few map hits per path), globs are tested only under their literal prefix,
 * so 5,000 paths against 10,000 decisions stays linear. Matching agrees with `scope.ts`.
 */
export type ScopeIndex = {
  exact: Map<string, Slot[]>;
  dirs: Map<string, Slot[]>;
  /**
   * globs by their literal directory prefix ("" for globs starting with a pattern), the slots
   * of one entry together: many governors sharing `src/api/**\/*.ts` cost one test per path
   */
  globs: Map<string, GlobEntry[]>;
  size: number;
  /** compiled entries, shared by the slots of one entry */
  compiled: Map<string, Scope>;
  /**
   * the slots of governors with exclusions (`!src/errors/**`), their scopes compiled with them:
   * tested one by one against every path (few governors exclude)
   */
  guarded: Slot[];
};

function scopeOf(index: ScopeIndex, slot: Slot): Scope {
  if (slot.scope) return slot.scope;
  let scope = index.compiled.get(slot.entry);
  if (!scope) {
    scope = compileScope(slot.entry);
    index.compiled.set(slot.entry, scope);
  }
  slot.scope = scope;
  return scope;
}

function push(map: Map<string, Slot[]>, key: string, slot: Slot): void {
  const list = map.get(key);
  if (list) list.push(slot);
  else map.set(key, [slot]);
}

/** Adds a glob slot to its entry's group (`seen`: the groups made so far, by entry). */
function pushGlob(index: ScopeIndex, seen: Map<string, GlobEntry>, slot: Slot): void {
  const same = seen.get(slot.entry);
  if (same) return void same.slots.push(slot);
  const glob: GlobEntry = { entry: slot.entry, slots: [slot] };
  seen.set(slot.entry, glob);
  const base = globBase(slot.entry);
  const list = index.globs.get(base);
  if (list) list.push(glob);
  else index.globs.set(base, [glob]);
}

/** The compiled matcher of a glob entry (shared with the slots that have it). */
function globScope(index: ScopeIndex, glob: GlobEntry): Scope {
  glob.scope ??= scopeOf(index, glob.slots[0]!);
  return glob.scope;
}

/** Builds the index of a set of governors. */
export function buildScopeIndex(governors: Iterable<Governor>): ScopeIndex {
  const index: ScopeIndex = {
    exact: new Map(),
    dirs: new Map(),
    globs: new Map(),
    size: 0,
    compiled: new Map(),
    guarded: [],
  };
  const globs = new Map<string, GlobEntry>();
  for (const governor of governors) {
    index.size++;
    if (governor.entries.some(isExclusion)) {
      const scopes = compileScopes(governor.entries);
      for (const scope of scopes)
        if (!scope.exclude) index.guarded.push({ governor, entry: scope.entry, scope });
      continue;
    }
    for (const entry of governor.entries) {
      const kind = scopeKind(entry);
      const slot: Slot = { governor, entry };
      // Paths and directories are keyed by the path they name (`app/\[id\]/` by `app/[id]/`).
      if (kind === "glob") pushGlob(index, globs, slot);
      else if (kind === "directory") push(index.dirs, unescapeEntry(entry), slot);
      else push(index.exact, unescapeEntry(entry), slot);
    }
  }
  return index;
}

/** Calls `visit` with every slot whose entry matches `path` (a governor once per entry). */
function eachMatch(index: ScopeIndex, path: string, visit: (slot: Slot) => void): void {
  for (const slot of index.guarded) if (slot.scope!.matches(path)) visit(slot);
  for (const slot of index.exact.get(path) ?? []) visit(slot);
  const globs = (prefix: string) => {
    for (const glob of index.globs.get(prefix) ?? [])
      if (globScope(index, glob).matches(path)) for (const slot of glob.slots) visit(slot);
  };
  globs("");
  globs(`${path}/`); // `lib/**` matches `lib` itself
  for (let cut = path.lastIndexOf("/"); cut > 0; cut = path.lastIndexOf("/", cut - 1)) {
    const ancestor = path.slice(0, cut);
    for (const slot of index.exact.get(ancestor) ?? []) visit(slot);
    for (const slot of index.dirs.get(`${ancestor}/`) ?? []) visit(slot);
    globs(`${ancestor}/`);
  }
}

/** The governors matching `path`, most specific first (ties by id), each once. */
export function governorsOf(index: ScopeIndex, path: string): GoverningMatch[] {
  const best = new Map<string, GoverningMatch>();
  eachMatch(index, path, (slot) => {
    const scope = scopeOf(index, slot);
    const seen = best.get(slot.governor.id);
    if (!seen || scope.specificity > seen.specificity)
      best.set(slot.governor.id, {
        id: slot.governor.id,
        kind: slot.governor.kind,
        entry: scope.entry,
        specificity: scope.specificity,
      });
  });
  return [...best.values()].sort(bySpecificity);
}

/**
 * The governors matching `path`, each once, unranked: what coverage needs (who, not through which
 * entry), without compiling the literal entries `governorsOf` ranks.
 */
export function governorsMatching(index: ScopeIndex, path: string): Governor[] {
  const found = new Map<string, Governor>();
  eachMatch(index, path, (slot) => found.set(slot.governor.id, slot.governor));
  return [...found.values()];
}

/**
 * The governors matching paths, in groups many paths share: one array for what a file's
 * directory and its ancestors bring (their literal and directory entries), one per glob entry
 * (every governor that has it), the file's own literal entries, and each guarded governor that
 * matches. Together a path's groups hold exactly the governors `governorsMatching` gives (some
 * more than once); a caller summarising many files (coverage by area) summarises each shared
 * group once instead of visiting its governors for every file.
 */
export function governorGroups(index: ScopeIndex): (path: string) => (readonly Governor[])[] {
  type Directory = { fixed: readonly Governor[]; globs: readonly GlobEntry[] };
  const directories = new Map<string, Directory>();
  const none: Directory = { fixed: [], globs: [] };
  const governorsOfSlots = (slots: readonly Slot[] | undefined) =>
    slots ? slots.map((slot) => slot.governor) : [];
  /** `dir` and its ancestors (each cut before a `/` past the first character), as `eachMatch` walks them. */
  const directory = (dir: string): Directory => {
    let found = directories.get(dir);
    if (found) return found;
    const cut = dir.lastIndexOf("/");
    const parent = cut > 0 ? directory(dir.slice(0, cut)) : none;
    const own = [
      ...governorsOfSlots(index.exact.get(dir)),
      ...governorsOfSlots(index.dirs.get(`${dir}/`)),
    ];
    const globs = index.globs.get(`${dir}/`);
    found = {
      fixed: own.length > 0 ? [...parent.fixed, ...own] : parent.fixed,
      globs: globs ? [...globs, ...parent.globs] : parent.globs,
    };
    directories.set(dir, found);
    return found;
  };
  const ofGlob = new Map<GlobEntry, readonly Governor[]>();
  const globGovernors = (glob: GlobEntry) => {
    let list = ofGlob.get(glob);
    if (!list) {
      list = governorsOfSlots(glob.slots);
      ofGlob.set(glob, list);
    }
    return list;
  };
  const rootGlobs = index.globs.get("") ?? [];
  return (path) => {
    const groups: (readonly Governor[])[] = [];
    for (const slot of index.guarded) if (slot.scope!.matches(path)) groups.push([slot.governor]);
    const exact = index.exact.get(path);
    if (exact) groups.push(governorsOfSlots(exact));
    const cut = path.lastIndexOf("/");
    const dir = cut > 0 ? directory(path.slice(0, cut)) : none;
    if (dir.fixed.length > 0) groups.push(dir.fixed);
    for (const list of [rootGlobs, index.globs.get(`${path}/`) ?? [], dir.globs])
      for (const glob of list)
        if (globScope(index, glob).matches(path)) groups.push(globGovernors(glob));
    return groups;
  };
}

/** Coverage of many paths by an index: see `coverageOf`. */
export type Coverage = {
  /** true when any governor matches `path`; adds the ids of all that do to `ids` */
  covers(path: string): boolean;
  ids: Set<string>;
};

/**
 * Coverage of many paths (what the PR comment needs: covered or not, and by whom, unranked).
 * What a directory contributes (its literal and directory governors, and the globs that may
 * match below it) is gathered once, however many changed paths lie below it; globs are still
 * tested per path.
 */
export function coverageOf(index: ScopeIndex): Coverage {
  const ids = new Set<string>();
  const take = (slots: Slot[] | undefined): boolean => {
    if (!slots) return false;
    for (const slot of slots) ids.add(slot.governor.id);
    return true;
  };
  const tested = (globs: readonly GlobEntry[] | undefined, path: string): boolean => {
    let any = false;
    for (const glob of globs ?? [])
      if (globScope(index, glob).matches(path)) {
        take(glob.slots);
        any = true;
      }
    return any;
  };
  type Directory = { hit: boolean; globs: readonly GlobEntry[] };
  const directories = new Map<string, Directory>();
  /** `dir` ("" for the root) and its ancestors: any literal or directory governor, and the globs. */
  const directory = (dir: string): Directory => {
    let found = directories.get(dir);
    if (found) return found;
    if (dir === "") found = { hit: false, globs: index.globs.get("") ?? [] };
    else {
      const parent = directory(dir.slice(0, Math.max(0, dir.lastIndexOf("/"))));
      const literal = take(index.exact.get(dir));
      const hit = take(index.dirs.get(`${dir}/`)) || literal || parent.hit;
      const own = index.globs.get(`${dir}/`);
      found = { hit, globs: own ? [...parent.globs, ...own] : parent.globs };
    }
    directories.set(dir, found);
    return found;
  };
  const covers = (path: string): boolean => {
    let any = take(index.exact.get(path));
    for (const slot of index.guarded)
      if (slot.scope!.matches(path)) {
        ids.add(slot.governor.id);
        any = true;
      }
    if (tested(index.globs.get(`${path}/`), path)) any = true; // `lib/**` matches `lib` itself
    const dir = directory(path.slice(0, Math.max(0, path.lastIndexOf("/"))));
    if (dir.hit) any = true;
    if (tested(dir.globs, path)) any = true;
    return any;
  };
  return { covers, ids };
}

/** Most specific first, then decisions before ADRs, then by id. */
export function bySpecificity(a: GoverningMatch, b: GoverningMatch): number {
  if (a.specificity !== b.specificity) return b.specificity - a.specificity;
  if (a.kind !== b.kind) return a.kind < b.kind ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Something with a scope, as staleness sees it (a record's basis). */
type Scoped = { kind: Governor["kind"]; basis: { touched_paths: readonly string[] } };

/**
 * The records (by their index in the list given) whose scope matches a path, each once: the
 * scope index over records, for staleness (the history scan and the staged change).
 */
export class ScopeMatcher {
  private readonly index: ScopeIndex;
  private readonly stamp: Int32Array;
  private generation = 0;

  constructor(records: readonly Scoped[]) {
    this.stamp = new Int32Array(records.length);
    this.index = buildScopeIndex(
      records.map((r, i) => ({ id: String(i), kind: r.kind, entries: r.basis.touched_paths })),
    );
  }

  /** Indices of the records some scope entry of which matches `path`. */
  recordsFor(path: string): Int32Array {
    const out: number[] = [];
    const generation = ++this.generation;
    eachMatch(this.index, path, (slot) => {
      const r = Number(slot.governor.id);
      if (this.stamp[r] === generation) return;
      this.stamp[r] = generation;
      out.push(r);
    });
    return Int32Array.from(out);
  }
}
