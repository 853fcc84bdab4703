import { describe, expect, it } from "vitest";
import { makeRepo } from "../support/repo.js";

const COMPLETE = ["--trigger", "t", "--chosen", "c", "--rationale", "r", "--considered", "x :: y"];

describe("reports over ADRs", () => {
  it("governs a diff by an accepted ADR, lists drafts awaiting review, maps the ADR to its code", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/auth/login.ts": "a\n", "src/pay/card.ts": "b\n" });
    repo.adrift(["workline", "open", "Auth"]);
    const decision = repo.adriftJson<{ id: string }>([
      "decision",
      "record",
      "--outcome",
      "Login caches sessions",
      ...COMPLETE,
      "--path",
      "src/auth/",
    ]).id;
    repo.adrift(["adr", "draft"]);
    const draft = repo.git("ls-files", "--others", "docs/adr/drafts").trim().split("\n")[0]!;
    expect(repo.adrift(["adr", "accept", draft]).code).toBe(0);
    repo.commit("adr");
    repo.git("checkout", "-q", "-b", "feature");
    repo.adrift(["workline", "open", "Payments"]);
    repo.adrift([
      "decision",
      "record",
      "--outcome",
      "Cards are tokenized",
      ...COMPLETE,
      "--path",
      "src/pay/",
    ]);
    repo.adrift(["adr", "draft"]);
    repo.commit("change", { "src/auth/login.ts": "a2\n" });

    const governing = repo.adriftJson<{ items: { id: string; kind: string }[] }>([
      "context",
      "--base",
      "main",
    ]);
    expect(governing.items.map((i) => i.kind)).toEqual(["decision", "adr"]);
    expect(governing.items[0]!.id).toBe(decision);

    const model = repo.adriftJson<{ drafts: { path: string }[]; summary: { covered: number } }>([
      "pr-comment",
      "--base",
      "main",
    ]);
    expect(model.summary.covered).toBe(1);
    expect(model.drafts).toHaveLength(1);
    expect(repo.adrift(["pr-comment", "--base", "main"]).stdout).toContain(
      "adrift adr accept docs/adr/drafts/",
    );

    const report = repo.adriftJson<{
      adrs: { number: number; record_ids: string[]; scope: string[]; state: string }[];
      records: { id: string; paths: { state: string; commits: { hash: string }[] }[] }[];
    }>(["report", "correspondence"]);
    expect(report.adrs).toEqual([
      expect.objectContaining({
        number: 1,
        record_ids: [decision],
        scope: ["src/auth/"],
        state: "drifted",
      }),
    ]);
    const paths = report.records.find((r) => r.id === decision)!.paths;
    expect(paths.map((p) => [p.state, p.commits.length])).toEqual([["drifted", 1]]);
  });
});
