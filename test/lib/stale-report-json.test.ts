import { describe, expect, it } from "vitest";
import { reportJson, serialiseFinding } from "../../src/adapters/stale-cache.js";
import type { StaleFinding, StalenessReport } from "../../src/core/staleness/types.js";

const finding = (n: number, text: string): StaleFinding => ({
  record_id: `R${n}`,
  kind: n % 2 ? "decision" : "intent",
  state: n % 3 ? "stale" : "fresh",
  recorded: false,
  commits: [{ hash: "a".repeat(40), author: `Ana "${text}"`, subject: `fix ${text}\u2028` }],
  ...(n % 4 === 0 ? { omitted_commits: n } : {}),
  paths: [{ path: `src/${text}.ts`, change: "modified", commits: ["a".repeat(40)] }],
  method: "history",
});

describe("the report serialised from findings serialised ahead", () => {
  it("is exactly JSON.stringify of the report, whichever findings were serialised ahead", () => {
    const findings = ["plain", "ünïcødé", 'quote"s', "back\\slash", "<script>", "emoji 🚀"].map(
      (text, n) => finding(n, text),
    );
    findings.filter((_, n) => n % 2 === 0).forEach(serialiseFinding);
    const report: StalenessReport = { head: "b".repeat(40), findings, notices: ['a "notice"'] };
    expect(reportJson(report)).toBe(JSON.stringify(report));
    const empty: StalenessReport = { head: "", findings: [], notices: [] };
    expect(reportJson(empty)).toBe(JSON.stringify(empty));
  });
});
