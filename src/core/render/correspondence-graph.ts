import { drawsRelation } from "../adr/relations.js";
import type { CorrespondenceReport } from "../reports/correspondence.js";
import type { GraphEdge, GraphNode, RelationGraph } from "./graph-svg.js";

const MAX_ADRS = 60;
const MAX_AREAS = 60;

/** Where a graph's boxes link to: an ADR's or an area's anchor or page; none leaves them plain. */
export type GraphLinks = {
  adr?: (id: string) => string | undefined;
  area?: (area: string) => string | undefined;
};

/** `{href}` when `to` gives a place for `key`, else nothing. */
const linkTo = <K>(to: ((key: K) => string | undefined) | undefined, key: K) => {
  const href = to?.(key);
  return href === undefined ? {} : { href };
};

/**
 * The correspondence report's relation graph, for `renderGraphSvg`: ADRs (drifted ones red) with
 * their typed relations, the code areas they govern, the decisions outside ADRs per area, and
 * uncovered areas marked (the same picture as the report's Mermaid, drawn without script).
 */
export function correspondenceGraph(
  report: CorrespondenceReport,
  links: GraphLinks = {},
): RelationGraph {
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const adrs = report.adrs.slice(0, MAX_ADRS);
  const shown = new Set(adrs.map((a) => a.id));
  const byId = new Map(report.adrs.map((a) => [a.id, a.relations]));
  const relationsOf = (id: string) => byId.get(id);
  for (const adr of adrs) {
    const name = adr.number === null ? adr.id : `ADR-${String(adr.number).padStart(4, "0")}`;
    nodes.push({
      id: `adr:${adr.id}`,
      label: `${name} ${adr.title}`,
      kind: "adr",
      state: adr.state,
      title: `${name} ${adr.title} (${adr.status}, ${adr.state})`,
      ...linkTo(links.adr, adr.id),
    });
    for (const rel of adr.relations)
      if (shown.has(rel.target) && drawsRelation(rel.type, adr.id, rel.target, relationsOf))
        edges.push({ from: `adr:${adr.id}`, to: `adr:${rel.target}`, label: rel.type });
  }
  const inAdr = new Set(report.adrs.flatMap((a) => a.record_ids));
  let loose = false;
  for (const area of report.areas.slice(0, MAX_AREAS)) {
    const id = `area:${area.area}`;
    const state =
      area.covered_files === 0 ? "uncovered" : area.covered_by_stale > 0 ? "stale" : "fresh";
    nodes.push({
      id,
      label: `${area.area} · ${area.covered_files}/${area.files} files`,
      kind: "area",
      state,
      title: `${area.area}: ${area.covered_files} of ${area.files} files covered, ${area.covered_by_stale} by stale decisions`,
      ...linkTo(links.area, area.area),
    });
    for (const adr of area.adrs) if (shown.has(adr)) edges.push({ from: `adr:${adr}`, to: id });
    const outside = area.decisions.filter((d) => !inAdr.has(d)).length;
    if (outside > 0) {
      loose = true;
      edges.push({ from: "decisions", to: id, label: String(outside) });
    }
  }
  if (loose)
    nodes.unshift({
      id: "decisions",
      label: "decisions outside ADRs",
      kind: "note",
      state: "fresh",
    });
  return { nodes, edges };
}
