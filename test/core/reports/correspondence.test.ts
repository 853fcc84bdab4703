import { describe, expect, it } from "vitest";
import type { AdriftEvent } from "../../../src/core/events/envelope.js";
import { foldEvents } from "../../../src/core/project/fold.js";
import { renderCorrespondenceHtml } from "../../../src/core/render/correspondence-html.js";
import { stableJson } from "../../../src/core/render/json.js";
import { buildCorrespondence } from "../../../src/core/reports/correspondence.js";
import { NO_BACKLOG } from "../../../src/core/reports/inputs.js";
import { decisionEvent } from "../../support/events.js";
import { finding } from "../../support/findings.js";

const C1 = { hash: "1".repeat(40), author: "Ana", subject: "rework <b>login</b>" };

function decision(id: string, paths: string[]): AdriftEvent {
  return decisionEvent(id, `outcome of ${id}`, paths, {});
}

describe("the correspondence model", () => {
  const events = [
    decision("01JC0000000000000000000001", ["src/auth/"]),
    decision("01JC0000000000000000000002", ["src/old.ts"]),
    decision("01JC0000000000000000000003", ["src/gone.ts"]),
    decision("01JC0000000000000000000004", ["lib/x.ts"]),
  ];
  const input = {
    state: foldEvents(events),
    adrs: [
      {
        id: "A1",
        number: 1,
        title: "Auth",
        status: "accepted",
        path: "docs/adr/0001-auth.md",
        record_ids: ["01JC0000000000000000000001"],
        relations: [],
      },
    ],
    backlog: NO_BACKLOG,
    staleness: {
      head: "h".repeat(40),
      notices: [],
      findings: [
        finding("01JC0000000000000000000001", {
          state: "stale",
          commits: [C1],
          paths: [{ path: "src/auth/login.ts", change: "modified" as const, commits: [C1.hash] }],
        }),
        finding("01JC0000000000000000000002", {
          state: "moved",
          paths: [
            { path: "src/old.ts", change: "renamed" as const, new_path: "src/new.ts", commits: [] },
          ],
        }),
      ],
    },
    files: ["src/auth/login.ts", "src/new.ts", "lib/x.ts", "README.md"],
    depth: 2,
  };

  it("says per path: drifted with commits, moved with the new path, missing, exists", () => {
    const report = buildCorrespondence(input);
    const states = report.records.map((r) => [r.id.slice(-1), r.paths[0]!.state]);
    expect(states).toEqual([
      ["1", "drifted"],
      ["2", "moved"],
      ["3", "missing"],
      ["4", "exists"],
    ]);
    expect(report.records[0]!.paths[0]!.commits).toEqual([C1]);
    expect(report.records[1]!.paths[0]!.new_paths).toEqual(["src/new.ts"]);
    expect(report.adrs[0]).toMatchObject({ id: "A1", state: "drifted" });
    expect(report.summary.paths).toEqual({ exists: 1, moved: 1, missing: 1, drifted: 1 });
    expect(report.uncovered).toEqual([".", "src"]);
  });

  it("is the same bytes whatever order the tree and findings come in", () => {
    const shuffled = {
      ...input,
      files: [...input.files].reverse(),
      staleness: { ...input.staleness, findings: [...input.staleness.findings].reverse() },
    };
    expect(stableJson(buildCorrespondence(shuffled))).toBe(stableJson(buildCorrespondence(input)));
  });

  it("escapes every user text in the HTML page", () => {
    const html = renderCorrespondenceHtml(buildCorrespondence(input));
    expect(html).toContain("rework &lt;b&gt;login&lt;/b&gt;");
    expect(html).not.toContain("<b>login");
  });
});
