import { compileScope } from "../rules/scope.js";
import { RangeUnion } from "./range-union.js";

/** What clustering needs of a record. */
export type ClusterInput = {
  id: string;
  tags: readonly string[];
  workline_id?: string;
  touched_paths: readonly string[];
};

/** How records were grouped: a tag, a workline, overlapping paths, or a record on its own. */
export type ClusterCriterion = "tag" | "workline" | "paths" | "record";

/** A group of records that becomes one ADR draft. */
export type Cluster = {
  /** stable across runs while the group keeps its anchor: `tag:x`, `workline:<id>`, `paths:<oldest id>` */
  key: string;
  criterion: ClusterCriterion;
  /** the tag, the workline id, or the overlapping paths */
  shared: string[];
  /** record ids, oldest first */
  record_ids: string[];
};

/** `auto` = tag, then workline, then overlapping paths, then one draft per remaining record. */
export type ClusterBy = "auto" | "tag" | "workline" | "paths";

/** Clusters and the records no cluster took (only with a single `by`). */
export type Clustering = { clusters: Cluster[]; unclustered: string[] };

/**
 * Groups records deterministically in O(n log n): by explicit tag (the most shared tag of
 * each record), then workline, then overlap of touched paths as `scope.ts` matches them.
 */
export function clusterRecords(
  records: readonly ClusterInput[],
  by: ClusterBy = "auto",
): Clustering {
  const sorted = [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const clusters: Cluster[] = [];
  let rest = sorted;
  if (by === "auto" || by === "tag") rest = groupByTag(rest, clusters);
  if (by === "auto" || by === "workline") rest = groupByWorkline(rest, clusters);
  if (by === "auto" || by === "paths") rest = groupByPaths(rest, clusters);
  if (by === "auto") {
    for (const record of rest)
      clusters.push({
        key: `record:${record.id}`,
        criterion: "record",
        shared: [],
        record_ids: [record.id],
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
  const groups = new Map<string, string[]>();
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
      const ids = groups.get(best);
      if (ids) ids.push(record.id);
      else groups.set(best, [record.id]);
    }
  }
  for (const [tag, ids] of groups)
    out.push({ key: `tag:${tag}`, criterion: "tag", shared: [tag], record_ids: ids });
  return rest;
}

function groupByWorkline(records: readonly ClusterInput[], out: Cluster[]): ClusterInput[] {
  const groups = new Map<string, string[]>();
  const rest: ClusterInput[] = [];
  for (const record of records) {
    if (!record.workline_id) rest.push(record);
    else {
      const ids = groups.get(record.workline_id);
      if (ids) ids.push(record.id);
      else groups.set(record.workline_id, [record.id]);
    }
  }
  for (const [workline, ids] of groups)
    out.push({
      key: `workline:${workline}`,
      criterion: "workline",
      shared: [workline],
      record_ids: ids,
    });
  return rest;
}

type Entry = { path: string; owner: number };

function groupByPaths(records: readonly ClusterInput[], out: Cluster[]): ClusterInput[] {
  const entries: Entry[] = [];
  const rest: ClusterInput[] = [];
  const owners: ClusterInput[] = [];
  for (const record of records) {
    if (record.touched_paths.length === 0) {
      rest.push(record);
      continue;
    }
    const owner = owners.push(record) - 1;
    for (const path of new Set(record.touched_paths)) entries.push({ path, owner });
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
  for (const members of groups.values()) {
    const ids = members.map((m) => owners[m]!.id);
    const shared = [...new Set(members.flatMap((m) => owners[m]!.touched_paths))].sort();
    out.push({ key: `paths:${ids[0]}`, criterion: "paths", shared, record_ids: ids });
  }
  return rest;
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
    const literal = scope.entry.slice(0, scope.entry.search(/[*?[\]{}]/));
    const prefix = literal.slice(0, literal.lastIndexOf("/") + 1);
    const [from, to] = prefixRange(entries, prefix);
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
