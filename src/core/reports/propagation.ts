import type { RecordView } from "../project/state.js";
import type { AdrInput, BacklogInput } from "./inputs.js";

/** A node of the traceability graph. */
export type TraceKind = "decision" | "intent" | "adr" | "story" | "task" | "rule";

/** One step of a chain of reasons: this node, and why the previous one reached it. */
export type ChainStep = { id: string; kind: TraceKind; reason: string };

/** An artifact that a stale decision puts in doubt, with the chain from that decision. */
export type Propagated = {
  id: string;
  kind: Exclude<TraceKind, "decision" | "intent">;
  state: "drifted" | "suspect";
  chain: ChainStep[];
};

type Edge = { to: string; kind: Propagated["kind"]; reason: string };

const SUPERSEDING = /supersed/i;

function graph(
  records: Map<string, RecordView>,
  adrs: readonly AdrInput[],
  backlog: BacklogInput,
): Map<string, Edge[]> {
  const edges = new Map<string, Edge[]>();
  const add = (from: string, edge: Edge) => {
    const list = edges.get(from);
    if (list) list.push(edge);
    else edges.set(from, [edge]);
  };
  for (const adr of adrs) {
    for (const id of adr.record_ids) add(id, { to: adr.id, kind: "adr", reason: "built from it" });
    for (const rel of adr.relations)
      if (!SUPERSEDING.test(rel.type))
        add(rel.target, { to: adr.id, kind: "adr", reason: `${rel.type} it` });
  }
  for (const record of records.values()) {
    const a = record.affects;
    if (!a) continue;
    for (const id of a.stories)
      add(record.id, { to: id, kind: "story", reason: "named in its affects" });
    for (const id of a.tasks)
      add(record.id, { to: id, kind: "task", reason: "named in its affects" });
    for (const id of a.rules)
      add(record.id, { to: id, kind: "rule", reason: "named in its affects" });
  }
  for (const task of backlog.tasks)
    add(task.story_id, { to: task.id, kind: "task", reason: "a task of it" });
  for (const story of backlog.stories)
    for (const rule of story.rule_ids)
      add(rule, { to: story.id, kind: "story", reason: "covers it" });
  for (const list of edges.values())
    list.sort((x, y) => (x.to < y.to ? -1 : x.to > y.to ? 1 : x.reason < y.reason ? -1 : 1));
  return edges;
}

/**
 * Propagates staleness (pure): a stale decision makes the ADRs built from it `drifted` (and
 * ADRs that amend or extend a drifted one), and the stories, tasks and rules its `affects`
 * names `suspect` (and a suspect story's tasks, a suspect rule's stories), transitively.
 * Each artifact keeps the shortest chain of reasons, ties broken by id, so the answer is
 * the same whatever order the inputs come in.
 */
export function propagateStaleness(
  staleIds: readonly string[],
  records: Map<string, RecordView>,
  adrs: readonly AdrInput[],
  backlog: BacklogInput,
): Propagated[] {
  const edges = graph(records, adrs, backlog);
  const reached = new Map<string, Propagated>();
  let frontier: { id: string; chain: ChainStep[] }[] = [...new Set(staleIds)].sort().map((id) => ({
    id,
    chain: [{ id, kind: records.get(id)?.kind ?? "decision", reason: "stale" }],
  }));
  const seen = new Set(frontier.map((f) => f.id));
  while (frontier.length > 0) {
    const next: typeof frontier = [];
    for (const node of frontier) {
      for (const edge of edges.get(node.id) ?? []) {
        if (seen.has(edge.to)) continue;
        seen.add(edge.to);
        const chain = [...node.chain, { id: edge.to, kind: edge.kind, reason: edge.reason }];
        reached.set(edge.to, {
          id: edge.to,
          kind: edge.kind,
          state: edge.kind === "adr" ? "drifted" : "suspect",
          chain,
        });
        next.push({ id: edge.to, chain });
      }
    }
    frontier = next;
  }
  return [...reached.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
}
