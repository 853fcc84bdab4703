import { graphlib, layout } from "../../vendor/graph-layout.js";
import { escapeHtml as e } from "./html-escape.js";
import { userText } from "./site/html.js";
import { clip, flatten } from "./text.js";

/** How a node of a relation graph is drawn: its kind and the state its colour tells. */
export type GraphNode = {
  id: string;
  label: string;
  kind: "adr" | "decision" | "intent" | "area" | "note";
  /** fresh, current, stale, drifted, superseded, uncovered …: picks the colour */
  state: string;
  /** where the node links to (already relative to the page); none: not a link */
  href?: string;
  /** the longer text a pointer or a screen reader gets */
  title?: string;
};

/** A typed arrow between two nodes (`supersedes`, `relates-to`, `holds`, …). */
export type GraphEdge = { from: string; to: string; label?: string };

/** A relation graph: nodes and edges, drawn left to right. */
export type RelationGraph = { nodes: GraphNode[]; edges: GraphEdge[] };

const CHAR_WIDTH = 7;
const NODE_HEIGHT = 34;
const MAX_LABEL = 38;

const FILL: Record<string, [string, string]> = {
  stale: ["#ffebe9", "#cf222e"],
  drifted: ["#ffebe9", "#cf222e"],
  superseded: ["#eaeef2", "#6e7781"],
  uncovered: ["#fff8c5", "#9a6700"],
  review: ["#fff8c5", "#9a6700"],
  moved: ["#ddf4ff", "#0969da"],
};

function colours(node: GraphNode): [string, string] {
  return (
    FILL[node.state] ?? (node.kind === "area" ? ["#f6f8fa", "#57606a"] : ["#dafbe1", "#1a7f37"])
  );
}

/** Rounds to one decimal: layout coordinates, byte-stable. */
const r = (n: number) => String(Math.round(n * 10) / 10);

/**
 * Draws a relation graph as one inline SVG (no script, no external reference): laid out at
 * build time with dagre, every node a link when it has `href`, arrows labelled with their type,
 * each node and arrow named for screen readers. `label` names the whole figure.
 */
export function renderGraphSvg(graph: RelationGraph, label: string): string {
  const g = new graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: "LR", nodesep: 18, ranksep: 60, marginx: 8, marginy: 8 });
  g.setDefaultEdgeLabel(() => ({}));
  const known = new Set<string>();
  for (const node of graph.nodes) {
    if (known.has(node.id)) continue;
    known.add(node.id);
    const text = clip(flatten(node.label), MAX_LABEL);
    g.setNode(node.id, { width: Math.max(60, text.length * CHAR_WIDTH + 20), height: NODE_HEIGHT });
  }
  const edges = graph.edges.filter((edge) => known.has(edge.from) && known.has(edge.to));
  edges.forEach((edge, i) => {
    const text = edge.label ? clip(flatten(edge.label), 24) : "";
    g.setEdge(
      edge.from,
      edge.to,
      text ? { width: text.length * 6 + 6, height: 14, labelpos: "c" } : {},
      `e${i}`,
    );
  });
  layout(g);
  const size = g.graph() as { width?: number; height?: number };
  const width = Math.max(1, size.width ?? 1);
  const height = Math.max(1, size.height ?? 1);
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" class="graph" role="group" aria-label="${userText(label)}" width="${r(width)}" height="${r(height)}" viewBox="0 0 ${r(width)} ${r(height)}" font-family="system-ui,sans-serif" font-size="12">`;
  svg += `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#57606a"/></marker></defs>`;
  edges.forEach((edge, i) => {
    const laid = g.edge({ v: edge.from, w: edge.to, name: `e${i}` }) as {
      points?: { x: number; y: number }[];
      x?: number;
      y?: number;
    };
    const points = laid.points ?? [];
    if (points.length < 2) return;
    const d = points.map((p, j) => `${j === 0 ? "M" : "L"}${r(p.x)} ${r(p.y)}`).join("");
    svg += `<path d="${d}" fill="none" stroke="#57606a" stroke-width="1.2" marker-end="url(#arrow)"><title>${userText(`${edge.from} ${edge.label ?? "→"} ${edge.to}`)}</title></path>`;
    if (edge.label && laid.x !== undefined && laid.y !== undefined)
      svg += `<text x="${r(laid.x)}" y="${r(laid.y + 4)}" text-anchor="middle" fill="#424a53" stroke="#fff" stroke-width="4" paint-order="stroke">${userText(clip(flatten(edge.label), 24))}</text>`;
  });
  for (const node of graph.nodes) {
    const laid = g.node(node.id) as { x: number; y: number; width: number; height: number };
    if (!laid || laid.x === undefined) continue;
    const [fill, stroke] = colours(node);
    const x = laid.x - laid.width / 2;
    const y = laid.y - laid.height / 2;
    const name = flatten(node.title ?? node.label);
    const shape =
      node.kind === "area"
        ? `<rect x="${r(x)}" y="${r(y)}" width="${r(laid.width)}" height="${r(laid.height)}" fill="${fill}" stroke="${stroke}" stroke-dasharray="4 3"/>`
        : `<rect x="${r(x)}" y="${r(y)}" width="${r(laid.width)}" height="${r(laid.height)}" rx="${node.kind === "adr" ? 2 : 12}" fill="${fill}" stroke="${stroke}" stroke-width="${node.state === "stale" || node.state === "drifted" ? 2 : 1}"/>`;
    const text = `<text x="${r(laid.x)}" y="${r(laid.y + 4)}" text-anchor="middle" fill="#1f2328">${userText(clip(flatten(node.label), MAX_LABEL))}</text>`;
    const body = `<title>${userText(clip(name, 300))}</title>${shape}${text}`;
    svg += node.href ? `<a href="${e(node.href)}">${body}</a>` : `<g>${body}</g>`;
  }
  return `${svg}</svg>`;
}
