import { describe, expect, it } from "vitest";
import { connectMcp, logEvents } from "../support/mcp.js";
import { makeRepo } from "../support/repo.js";

type Staleness = { findings: { record_id: string; state: string }[] };

describe("adrift mcp: staleness", () => {
  it("checks staleness without writing anything", async () => {
    const repo = makeRepo();
    repo.commit("api", { "src/api.ts": "export const v = 1;\n", "src/db.ts": "x\n" });
    const mcp = await connectMcp(repo.dir);
    const { id } = await mcp.ok<{ id: string }>("record_decision", {
      card: { outcome: "The API returns cents", trigger: "rounding", chosen_approach: "ints" },
      trivial: true,
      basis: { touched_paths: ["src/api.ts"] },
    });
    const other = await mcp.ok<{ id: string }>("record_decision", {
      card: { outcome: "One database", trigger: "cost" },
      trivial: true,
      basis: { touched_paths: ["src/db.ts"] },
    });
    repo.commit("change the api", { "src/api.ts": "export const v = 2;\n" });
    const before = logEvents(repo.dir);
    const report = await mcp.ok<Staleness>("check_staleness");
    expect(report.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ record_id: id, state: "stale" }),
        expect.objectContaining({ record_id: other.id, state: "fresh" }),
      ]),
    );
    const checked = await mcp.call("check_staleness", { staged: true });
    expect(checked.isError).toBeFalsy();
    expect(logEvents(repo.dir)).toEqual(before);
  });
});
