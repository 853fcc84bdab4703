import { compileScope, isExclusion } from "../rules/scope.js";
import { RangeUnion } from "./range-union.js";

/** What clustering needs of a record. */
export type ClusterInput = {
  id: string;
  tags: readonly string[];
  workline_id?: string;
  touched_paths: readonly string[];
};

/** How records were grouped: a workline, a tag (over one code area), overlapping paths, or a record on its own. */
export type ClusterCriterion = "tag" | "workline" | "paths" | "record";

/** Why one record landed in its cluster. */
export type Placement = {
  record_id: string;
  /** `workline`: recorded in it; `tag`: the tag, and paths overlapping others of the tag (or none to compare);
   *  `workline-apart` / `tag-apart`: the workline or tag, but its code is unrelated to the other records of the tag; `paths`: its paths
   *  overlap others'; `alone`: nothing shared with any other record */
  reason: "workline" | "workline-apart" | "tag" | "tag-apart" | "paths" | "alone";
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

/** `auto` = workline, then tag (split by code area), then overlapping paths, then one draft per remaining record. */
export type ClusterBy = "auto" | "tag" | "workline" | "paths";

/** Clusters and the records no cluster took (only with a single `by`). */
export type Clustering = { clusters: Cluster[]; unclustered: string[] };

/**
 * Groups records deterministically in O(n log n). A workline's records make one cluster; the
 * rest go by their most shared tag. The records of one workline or tag are split where their
 * code is unrelated (no touched path of one overlaps one of another, as `scope.ts` matches
 * them), so neither puts unrelated decisions under one title; a card that names no code stays
 * with the decision of its workline. Untagged records outside worklines group by
 * overlapping paths; what is left stands alone.
 */
export function clusterRecords(
  records: readonly ClusterInput[],
  by: ClusterBy = "auto",
): Clustering {
  const sorted = [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const clusters: Cluster[] = [];
  let rest = sorted;
  if (by === "auto" || by === "workline") rest = groupByWorkline(rest, clusters);
  if (by === "auto" || by === "tag") rest = groupByTag(rest, clusters);
  if (by === "auto" || by === "paths") rest = groupByPaths(rest, clusters);
  if (by === "auto") {
    for (const record of rest)
      clusters.push({
        key: `record:${record.id}`,
        criterion: "record",
        shared: [],
        record_ids: [record.id],
        placements: [{ record_id: record.id, reason: "alone" }],
      });
    rest = [];
  }
  clusters.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { clusters, unclustered: rest.map((r) => r.id) };
}

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
  for (const [tag, members] of groups)
    out.push(
      ...splitByArea(members, "tag", tag, (r, apart) => ({
        record_id: r.id,
        reason: apart ? "tag-apart" : "tag",
        tag,
      })),
    );
  return rest;
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
    out.push(
      ...splitByArea(members, "workline", workline, (r, apart) => ({
        record_id: r.id,
        reason: apart ? "workline-apart" : "workline",
        workline_id: workline,
      })),
    );
  return rest;
}

function groupByPaths(records: readonly ClusterInput[], out: Cluster[]): ClusterInput[] {
  const rest = records.filter((r) => r.touched_paths.length === 0);
  for (const group of overlapGroups(records.filter((r) => r.touched_paths.length > 0))) {
    const ids = group.records.map((r) => r.id);
    out.push({
      key: `paths:${ids[0]}`,
      criterion: "paths",
      shared: group.shared,
      record_ids: ids,
      placements: group.records.map((r) =>
        ids.length === 1
          ? { record_id: r.id, reason: "alone" }
          : { record_id: r.id, reason: "paths", ...overlapsOf(r, group.records) },
      ),
    });
  }
  return rest;
}

/**
 * The records of one workline or tag as clusters, one per code area: records whose touched
 * paths overlap (transitively) share one; records that govern no code join the one area, or form
 * their own cluster when there are several. The key is `<criterion>:<shared>` for one area, and
 * `<criterion>:<shared>:<oldest id>` for each of several.
 */
function splitByArea(
  members: ClusterInput[],
  criterion: "tag" | "workline",
  shared: string,
  place: (r: ClusterInput, apart: boolean) => Placement,
): Cluster[] {
  const areas = overlapGroups(members.filter((r) => r.touched_paths.length > 0));
  const pathless = members.filter((r) => r.touched_paths.length === 0);
  if (areas.length === 1 && pathless.length > 0) areas[0]!.records.push(...pathless);
  else if (pathless.length > 0) areas.push({ records: pathless, shared: [] });
  for (const area of areas) area.records.sort((a, b) => (a.id < b.id ? -1 : 1));
  areas.sort((a, b) => (a.records[0]!.id < b.records[0]!.id ? -1 : 1));
  const apart = areas.length > 1;
  return areas.map((area) => {
    const ids = area.records.map((r) => r.id);
    return {
      key: apart ? `${criterion}:${shared}:${ids[0]}` : `${criterion}:${shared}`,
      criterion,
      shared: [shared],
      record_ids: ids,
      placements: area.records.map((r) => ({
        ...place(r, apart && ids.length === 1),
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
