import { describe, expect, it } from "vitest";
import { correspondenceGraph } from "../../../src/core/render/correspondence-graph.js";
import { renderGraphSvg } from "../../../src/core/render/graph-svg.js";
import type { CorrespondenceReport } from "../../../src/core/reports/correspondence.js";

const adr = (
  id: string,
  number: number,
  state: "current" | "drifted",
  relations: { type: string; target: string }[] = [],
) => ({
  id,
  number,
  title: `Title ${number}`,
  status: "accepted",
  path: `docs/adr/${id}.md`,
  state,
  record_ids: [],
  relations,
  scope: [],
  chain: [],
});
const area = (
  name: string,
  files: number,
  covered: number,
  stale: number,
  adrs: string[],
  decisions: string[],
) => ({
  area: name,
  files,
  covered_files: covered,
  covered_by_stale: stale,
  adrs,
  decisions,
});

const report = {
  adrs: [adr("a1", 1, "drifted", [{ type: "supersedes", target: "a2" }]), adr("a2", 2, "current")],
  areas: [
    area("src/auth", 4, 4, 4, ["a1"], ["d1"]),
    area("src/pay", 2, 0, 0, [], []),
    area("src/ui", 3, 2, 0, [], ["d2"]),
  ],
} as unknown as CorrespondenceReport;

describe("correspondenceGraph", () => {
  it("draws ADRs with their relations, the areas they govern and the decisions outside ADRs, states as colours", () => {
    const graph = correspondenceGraph(report, { adr: (id) => `#adr-${id}` });
    const byId = new Map(graph.nodes.map((n) => [n.id, n]));
    expect(byId.get("adr:a1")).toMatchObject({
      state: "drifted",
      href: "#adr-a1",
      label: "ADR-0001 Title 1",
    });
    expect(byId.get("area:src/auth")?.state).toBe("stale");
    expect(byId.get("area:src/pay")?.state).toBe("uncovered");
    expect(byId.get("area:src/ui")?.state).toBe("fresh");
    expect(graph.edges).toContainEqual({ from: "adr:a1", to: "adr:a2", label: "supersedes" });
    expect(graph.edges).toContainEqual({ from: "adr:a1", to: "area:src/auth" });
    expect(graph.edges).toContainEqual({ from: "decisions", to: "area:src/ui", label: "1" });
    expect(renderGraphSvg(graph, "Relations").match(/<rect /g)).toHaveLength(graph.nodes.length);
  });
});
