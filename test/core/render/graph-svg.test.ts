import { describe, expect, it } from "vitest";
import { type RelationGraph, renderGraphSvg } from "../../../src/core/render/graph-svg.js";

const graph: RelationGraph = {
  nodes: [
    {
      id: "a",
      label: "ADR-0001 <script>alert(1)</script>",
      kind: "adr",
      state: "drifted",
      href: "adrs/a.html",
    },
    {
      id: "b",
      label: "Кэш \u202Eevil",
      kind: "decision",
      state: "stale",
      href: 'records/b.html" onload="x',
    },
    { id: "c", label: "Area", kind: "area", state: "uncovered" },
  ],
  edges: [
    { from: "a", to: "b", label: "holds" },
    { from: "a", to: "c" },
    { from: "a", to: "missing" },
  ],
};

describe("renderGraphSvg", () => {
  it("draws every node as a box (a link where it has one) and every known edge as an arrow", () => {
    const svg = renderGraphSvg(graph, "Relations");
    expect(svg.startsWith("<svg ")).toBe(true);
    expect(svg.match(/<rect /g)).toHaveLength(3);
    expect(svg.match(/marker-end=/g)).toHaveLength(2); // the edge to an unknown node is left out
    expect(svg.match(/<a href=/g)).toHaveLength(2);
    expect(svg).toContain('aria-label="Relations"');
    expect(svg).toContain(">holds</text>");
  });

  it("keeps user text inert: escaped, bidi overrides shown, attributes not broken out of", () => {
    const svg = renderGraphSvg(graph, "Relations");
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&lt;script&gt;");
    expect(svg).not.toContain("\u202E");
    expect(svg).toContain("&lt;U+202E&gt;evil");
    expect(svg).toContain('href="records/b.html&quot; onload=&quot;x"');
  });

  it("is the same bytes for the same graph (layout at build time, no randomness)", () => {
    expect(renderGraphSvg(graph, "R")).toBe(renderGraphSvg(graph, "R"));
  });
});
