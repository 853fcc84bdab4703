import { appendFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { logFiles } from "../support/log-files.js";
import { connectMcp, logEvents } from "../support/mcp.js";
import { makeRepo, repoWithDecision } from "../support/repo.js";

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

  it("names the log lines it could not read, in its data and its text", async () => {
    const { repo } = repoWithDecision();
    const [file] = logFiles(repo.dir);
    appendFileSync(path.join(repo.dir, file!), "{not json\n");
    const mcp = await connectMcp(repo.dir);
    const result = await mcp.call("check_staleness");
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      log_problems: [expect.objectContaining({ file, line: 3, code: "invalid_json" })],
    });
    const text = (result.content as { type: string; text: string }[])[0]!.text;
    expect(text).toContain(`1 log line could not be read and was left out: ${file}:3`);
  });
});
