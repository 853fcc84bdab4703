import { drawsRelation } from "../../adr/relations.js";
import { adrPath, recordPath, type SiteInput } from "../../site/site-model.js";
import { type GraphEdge, type GraphNode, renderGraphSvg } from "../graph-svg.js";
import { adrName } from "./adr-page.js";
import { link, placeOf } from "./html.js";
import { renderPage } from "./layout.js";
import { recordTitle } from "./record-page.js";

/**
 * Most nodes the graph draws: every ADR first, then records in supersessions, then stale ones,
 * then the records ADRs hold.
 */
export const GRAPH_LIMIT = 400;

/**
 * The relation graph of the site: ADRs and their typed relations, the records that supersede
 * others or are stale, and which ADR holds each record drawn. `root` prefixes the links.
 */
export function siteGraph(
  input: SiteInput,
  root: string,
): { nodes: GraphNode[]; edges: GraphEdge[]; omitted: number } {
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const drawn = new Set<string>();
  for (const adr of input.adrs.slice(0, GRAPH_LIMIT)) {
    drawn.add(adr.id);
    nodes.push({
      id: adr.id,
      label: `${adrName(adr)} ${adr.title}`,
      kind: "adr",
      state: adr.state,
      href: root + adrPath(adr.id),
      title: `${adrName(adr)} ${adr.title} (${adr.status}, ${adr.state})`,
    });
  }
  const records = [...input.state.records.values()];
  const inChain = records.filter((r) => r.supersedes.length > 0 || r.superseded_by);
  const stale = records.filter(
    (r) =>
      r.status !== "superseded" && (r.status === "stale" || input.states.get(r.id) === "stale"),
  );
  const held = input.adrs.flatMap((a) =>
    a.record_ids.flatMap((id) => input.state.records.get(id) ?? []),
  );
  let omitted = Math.max(0, input.adrs.length - GRAPH_LIMIT);
  for (const record of [...inChain, ...stale, ...held]) {
    if (drawn.has(record.id)) continue;
    if (drawn.size >= GRAPH_LIMIT) {
      omitted++;
      continue;
    }
    drawn.add(record.id);
    const state =
      record.status === "superseded"
        ? "superseded"
        : (input.states.get(record.id) ?? record.status);
    nodes.push({
      id: record.id,
      label: recordTitle(record, 40),
      kind: record.kind,
      state,
      href: root + recordPath(record.id),
      title: `${record.kind} ${recordTitle(record, 300)} (${state})`,
    });
  }
  const relationsOf = new Map(input.adrs.map((a) => [a.id, a.relations]));
  for (const adr of input.adrs) {
    for (const rel of adr.relations)
      if (
        drawn.has(rel.target) &&
        drawsRelation(rel.type, adr.id, rel.target, (id) => relationsOf.get(id))
      )
        edges.push({ from: adr.id, to: rel.target, label: rel.type });
    for (const id of adr.record_ids)
      if (drawn.has(id) && drawn.has(adr.id)) edges.push({ from: adr.id, to: id, label: "holds" });
  }
  for (const record of records)
    if (drawn.has(record.id))
      for (const old of record.supersedes)
        if (drawn.has(old)) edges.push({ from: record.id, to: old, label: "supersedes" });
  return { nodes, edges, omitted };
}

/** The graph page: the relation graph as inline SVG, drawn when the site is built. */
export function renderGraphPage(
  input: SiteInput,
  graph = siteGraph(input, placeOf("graph.html").root),
): string {
  const place = placeOf("graph.html");
  let body = `<h1>Relation graph</h1><p>ADRs with their relations and the records they hold, the records that supersede others, and the stale ones; each box links to its page. Red: stale or drifted; grey: superseded.</p>`;
  body += graph.nodes.length
    ? `<div class="graph-wrap">${renderGraphSvg(graph, "Relation graph of ADRs and records")}</div>`
    : "<p>Nothing to draw yet: no ADR, no supersession, nothing stale.</p>";
  if (graph.omitted > 0)
    body += `<p>${graph.omitted} more left out of the drawing: see ${link(place, "records.html", "the records")}.</p>`;
  return renderPage(input, place, { title: "Graph", body });
}
