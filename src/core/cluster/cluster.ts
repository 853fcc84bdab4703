import { compileScope, isExclusion } from "../rules/scope.js";
import { RangeUnion } from "./range-union.js";

/** What clustering needs of a record. */
export type ClusterInput = {
  id: string;
  tags: readonly string[];
  workline_id?: string;
  touched_paths: readonly string[];
  /** it says what was chosen (a chosen approach, or the answer to a question) */
  decided?: boolean;
  /** the question it answers: it joins the draft of what the question affects, never one of its own */
  question_id?: string;
  /**
   * what ties an answer to other records: the ids of rules, stories and tasks a record affects,
   * and `record:<id>` of the record itself (or, for an answer, of the record its question arose from)
   */
  links?: readonly string[];
};

/** How records were grouped: a workline, a tag (over one code area), overlapping paths, or a record a person asked for. */
export type ClusterCriterion = "tag" | "workline" | "paths" | "record";

/** Why one record landed in its cluster. */
export type Placement = {
  record_id: string;
  /** `workline`: recorded in it; `tag`: the tag, and paths overlapping others of the tag (or none to compare);
   *  `paths`: its paths overlap others'; `answer`: it answers a question about what the cluster's records affect;
   *  `asked`: a person asked for a draft of it alone */
  reason: "workline" | "tag" | "paths" | "answer" | "asked";
  workline_id?: string;
  tag?: string;
  /** the paths it shares with the other records of its cluster */
  overlaps?: string[];
};

/** A group of records that becomes one ADR draft. */
export type Cluster = {
  /** stable across runs while the group keeps its anchor: `workline:<id>`, `tag:x` (or `tag:x:<oldest id>`
   *  when the tag's records govern unrelated code), `paths:<oldest id>`, `record:<id>` */
  key: string;
  criterion: ClusterCriterion;
  /** the workline id, the tag, or the overlapping paths */
  shared: string[];
  /** record ids, oldest first */
  record_ids: string[];
  /** why each record is here, in record order */
  placements: Placement[];
};

/** Why a record has no draft yet. */
export type Waiting = {
  record_id: string;
  /** `alone`: nothing shared with another record; `answer`: it answers a question whose subject has no draft;
   *  `undecided`: its cluster says nothing was chosen yet */
  reason: "alone" | "answer" | "undecided";
  /** the cluster it would make when decided */
  cluster?: string;
};

/** `auto` = workline, then tag (split by code area), then overlapping paths; a record alone waits. */
export type ClusterBy = "auto" | "tag" | "workline" | "paths";

/** Clusters, the records waiting for one, and those a single `by` leaves out. */
export type Clustering = { clusters: Cluster[]; waiting: Waiting[]; unclustered: string[] };

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Groups records deterministically in O(n log n). A workline's records make one cluster, whatever
 * code they touch: the workline is the question they answer together. The rest go by their most
 * shared tag, split where their code is unrelated, then by overlapping paths (a top-level folder
 * such as `src/` ties nothing together). A record that shares nothing waits until it does, or
 * until a person asks for it (`asked`); an answer to a question joins the cluster of what the
 * question affects; a cluster in which nothing was decided yet waits too.
 */
export function clusterRecords(
  records: readonly ClusterInput[],
  by: ClusterBy = "auto",
  asked: ReadonlySet<string> = new Set(),
): Clustering {
  const sorted = [...records].sort(byId);
  const clusters: Cluster[] = [];
  const answers = by === "auto" ? sorted.filter((r) => r.question_id && !r.workline_id) : [];
  let rest = by === "auto" ? sorted.filter((r) => !(r.question_id && !r.workline_id)) : sorted;
  if (by === "auto" || by === "workline") rest = groupByWorkline(rest, clusters);
  if (by === "auto" || by === "tag") rest = groupByTag(rest, clusters);
  if (by === "auto" || by === "paths") rest = groupByPaths(rest, clusters);
  const waiting: Waiting[] = [];
  const lone: ClusterInput[] = [];
  joinAnswers(answers, clusters, sorted, lone, waiting);
  for (const record of rest) {
    if (asked.has(record.id)) clusters.push(askedCluster(record));
    else if (by === "auto") waiting.push({ record_id: record.id, reason: "alone" });
    else lone.push(record);
  }
  const decided = new Set(sorted.filter((r) => r.decided !== false).map((r) => r.id));
  const drafted = clusters.filter((c) => c.record_ids.some((id) => decided.has(id)));
  for (const c of clusters)
    if (!drafted.includes(c))
      for (const id of c.record_ids)
        waiting.push({ record_id: id, reason: "undecided", cluster: c.key });
  drafted.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  waiting.sort((a, b) => (a.record_id < b.record_id ? -1 : 1));
  return { clusters: drafted, waiting, unclustered: lone.map((r) => r.id) };
}

function askedCluster(record: ClusterInput): Cluster {
  return {
    key: `record:${record.id}`,
    criterion: "record",
    shared: [],
    record_ids: [record.id],
    placements: [{ record_id: record.id, reason: "asked" }],
  };
}

/**
 * Each answer joins the cluster of a record that affects what its question affects (a rule,
 * story or task), else of the record its question arose from (`record:` links); the oldest
 * such cluster, so the choice does not depend on the order of the log's lines.
 */
function joinAnswers(
  answers: readonly ClusterInput[],
  clusters: Cluster[],
  all: readonly ClusterInput[],
  lone: ClusterInput[],
  waiting: Waiting[],
): void {
  if (answers.length === 0) return;
  const clusterOf = new Map<string, Cluster>();
  for (const c of clusters) for (const id of c.record_ids) clusterOf.set(id, c);
  const holders = new Map<string, Cluster[]>();
  for (const record of all) {
    const c = clusterOf.get(record.id);
    if (!c) continue;
    for (const link of record.links ?? []) {
      const list = holders.get(link);
      if (list) list.includes(c) || list.push(c);
      else holders.set(link, [c]);
    }
  }
  const oldest = (list: Cluster[]) => list.sort((a, b) => (a.key < b.key ? -1 : 1))[0];
  for (const answer of answers) {
    const links = answer.links ?? [];
    const found =
      oldest(links.filter((l) => !l.startsWith("record:")).flatMap((l) => holders.get(l) ?? [])) ??
      oldest(links.filter((l) => l.startsWith("record:")).flatMap((l) => holders.get(l) ?? []));
    if (!found) {
      waiting.push({ record_id: answer.id, reason: "answer" });
      lone.push(answer);
      continue;
    }
    found.record_ids.push(answer.id);
    found.record_ids.sort();
    found.placements.push({ record_id: answer.id, reason: "answer" });
    found.placements.sort((a, b) => (a.record_id < b.record_id ? -1 : 1));
  }
}

/**
 * A scope too broad to say two records are about the same code: the repository, or a folder at
 * its top (`src/`, `src`, `**\/*.ts`). Files at the top (`package.json`) are specific.
 */
export function isBroadScope(path: string): boolean {
  const glob = path.search(/[*?[\]{}]/);
  const literal = (glob >= 0 ? path.slice(0, path.lastIndexOf("/", glob) + 1) : path).replace(
    /\/+$/,
    "",
  );
  if (literal === "" || literal === ".") return true;
  if (literal.includes("/")) return false;
  return glob >= 0 || path.endsWith("/") || !literal.includes(".");
}

const specific = (r: ClusterInput): ClusterInput => {
  const kept = r.touched_paths.filter((p) => !isBroadScope(p));
  return kept.length === r.touched_paths.length ? r : { ...r, touched_paths: kept };
};

function groupByTag(records: readonly ClusterInput[], out: Cluster[]): ClusterInput[] {
  const counts = new Map<string, number>();
  for (const record of records)
    for (const tag of new Set(record.tags)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  const groups = new Map<string, ClusterInput[]>();
  const rest: ClusterInput[] = [];
  for (const record of records) {
    let best: string | undefined;
    for (const tag of record.tags) {
      const n = counts.get(tag)!;
      const m = best === undefined ? -1 : counts.get(best)!;
      if (n > m || (n === m && tag < best!)) best = tag;
    }
    if (best === undefined) rest.push(record);
    else {
      const members = groups.get(best);
      if (members) members.push(record);
      else groups.set(best, [record]);
    }
  }
  for (const [tag, members] of groups) {
    const original = new Map(members.map((r) => [r.id, r]));
    for (const cluster of splitByArea(members.map(specific), tag)) {
      // A record whose code no other record of the tag touches is not a cluster of the tag: it
      // may still share paths with an untagged record.
      if (cluster.record_ids.length === 1) rest.push(original.get(cluster.record_ids[0]!)!);
      else out.push(cluster);
    }
  }
  return rest.sort(byId);
}

function groupByWorkline(records: readonly ClusterInput[], out: Cluster[]): ClusterInput[] {
  const groups = new Map<string, ClusterInput[]>();
  const rest: ClusterInput[] = [];
  for (const record of records) {
    if (!record.workline_id) rest.push(record);
    else {
      const members = groups.get(record.workline_id);
      if (members) members.push(record);
      else groups.set(record.workline_id, [record]);
    }
  }
  for (const [workline, members] of groups)
    out.push({
      key: `workline:${workline}`,
      criterion: "workline",
      shared: [workline],
      record_ids: members.map((r) => r.id),
      placements: members.map((r) => ({
        record_id: r.id,
        reason: "workline",
        workline_id: workline,
        ...overlapsOf(specific(r), members.map(specific)),
      })),
    });
  return rest;
}

function groupByPaths(records: readonly ClusterInput[], out: Cluster[]): ClusterInput[] {
  const narrowed = records.map(specific);
  const rest = narrowed.filter((r) => r.touched_paths.length === 0);
  for (const group of overlapGroups(narrowed.filter((r) => r.touched_paths.length > 0))) {
    if (group.records.length === 1) {
      rest.push(group.records[0]!);
      continue;
    }
    const ids = group.records.map((r) => r.id);
    out.push({
      key: `paths:${ids[0]}`,
      criterion: "paths",
      shared: group.shared,
      record_ids: ids,
      placements: group.records.map((r) => ({
        record_id: r.id,
        reason: "paths",
        ...overlapsOf(r, group.records),
      })),
    });
  }
  return rest.sort(byId);
}

/**
 * The records of one tag as clusters, one per code area: records whose touched paths overlap
 * (transitively) share one; records that govern no code join the one area, or form their own
 * cluster when there are several. The key is `tag:<tag>` for one area, and
 * `tag:<tag>:<oldest id>` for each of several.
 */
function splitByArea(members: ClusterInput[], tag: string): Cluster[] {
  const areas = overlapGroups(members.filter((r) => r.touched_paths.length > 0));
  const pathless = members.filter((r) => r.touched_paths.length === 0);
  if (areas.length === 1 && pathless.length > 0) areas[0]!.records.push(...pathless);
  else if (pathless.length > 0) areas.push({ records: pathless, shared: [] });
  for (const area of areas) area.records.sort(byId);
  areas.sort((a, b) => (a.records[0]!.id < b.records[0]!.id ? -1 : 1));
  const apart = areas.filter((a) => a.records.length > 1).length > 1;
  return areas.map((area) => {
    const ids = area.records.map((r) => r.id);
    return {
      key: apart ? `tag:${tag}:${ids[0]}` : `tag:${tag}`,
      criterion: "tag",
      shared: [tag],
      record_ids: ids,
      placements: area.records.map((r) => ({
        record_id: r.id,
        reason: "tag",
        tag,
        ...overlapsOf(r, area.records),
      })),
    };
  });
}

/** Groups larger than this explain a record by its cluster's criterion only, not path by path (n² checks). */
const EXPLAINED_OVERLAPS = 200;

/** The paths of `record` that overlap a path of another record of `group` (either way). */
function overlapsOf(record: ClusterInput, group: readonly ClusterInput[]): { overlaps?: string[] } {
  if (group.length < 2 || group.length > EXPLAINED_OVERLAPS) return {};
  const others = [
    ...new Set(
      group.filter((r) => r.id !== record.id).flatMap((r) => r.touched_paths.filter(included)),
    ),
  ];
  const scopes = others.map((o) => compileScope(o));
  const mine = [...new Set(record.touched_paths.filter(included))].filter((p) => {
    const scope = compileScope(p);
    return others.some((o, i) => o === p || scope.matches(o) || scopes[i]!.matches(p));
  });
  return mine.length ? { overlaps: mine.sort() } : {};
}

type Entry = { path: string; owner: number };

/** An entry that covers code (an exclusion only narrows the others: no overlap through it). */
const included = (entry: string) => !isExclusion(entry);

/** Records whose touched paths overlap, transitively, as groups (oldest first), with their paths. */
function overlapGroups(
  records: readonly ClusterInput[],
): { records: ClusterInput[]; shared: string[] }[] {
  const entries: Entry[] = [];
  const owners: ClusterInput[] = [];
  for (const record of records) {
    const owner = owners.push(record) - 1;
    for (const path of new Set(record.touched_paths.filter(included)))
      entries.push({ path, owner });
  }
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.owner - b.owner));
  const union = new RangeUnion(entries.length);
  const firstOf = new Int32Array(owners.length).fill(-1);
  entries.forEach((entry, i) => {
    if (firstOf[entry.owner]! < 0) firstOf[entry.owner] = i;
    else union.join(firstOf[entry.owner]!, i);
    joinMatches(entries, i, union);
  });
  const groups = new Map<number, number[]>();
  owners.forEach((_, owner) => {
    const root = union.find(firstOf[owner]!);
    const members = groups.get(root);
    if (members) members.push(owner);
    else groups.set(root, [owner]);
  });
  return [...groups.values()].map((members) => ({
    records: members.map((m) => owners[m]!),
    shared: [...new Set(members.flatMap((m) => owners[m]!.touched_paths))].sort(),
  }));
}

/** Joins entry `i` with every entry its scope matches, found by binary search in sorted order. */
function joinMatches(entries: readonly Entry[], i: number, union: RangeUnion): void {
  const scope = compileScope(entries[i]!.path);
  const joinAll = (from: number, to: number) => {
    if (from >= to) return;
    union.joinRange(from, to);
    union.join(i, from);
  };
  if (scope.kind === "glob") {
    const [from, to] = prefixRange(entries, scope.literal);
    for (let j = from; j < to; j++)
      if (j !== i && (scope.matches(entries[j]!.path) || entries[j]!.path === scope.entry))
        union.join(i, j);
    return;
  }
  if (scope.kind === "path") {
    joinAll(...exactRange(entries, scope.entry));
    joinAll(...prefixRange(entries, `${scope.entry}/`));
    return;
  }
  joinAll(...prefixRange(entries, scope.entry));
}

function lowerBound(entries: readonly Entry[], below: (path: string) => boolean): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (below(entries[mid]!.path)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function prefixRange(entries: readonly Entry[], prefix: string): [number, number] {
  const from = lowerBound(entries, (p) => p < prefix);
  const to = lowerBound(entries, (p) => p < prefix || p.startsWith(prefix));
  return [from, to];
}

function exactRange(entries: readonly Entry[], path: string): [number, number] {
  return [lowerBound(entries, (p) => p < path), lowerBound(entries, (p) => p <= path)];
}
