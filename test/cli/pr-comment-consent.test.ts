import { describe, expect, it } from "vitest";
import { makeRepo, testEnv } from "../support/repo.js";

type Model = {
  summary: { proposed: number };
  records: { id: string; proposed?: boolean }[];
  body: string;
};

describe("adrift pr-comment: records an agent proposed in the PR and no person confirmed", () => {
  it("counts them in the summary and marks them in the records section, until a person confirms", () => {
    const repo = makeRepo();
    repo.git("checkout", "-q", "-b", "feature");
    const { id } = repo.adriftJson<{ id: string }>(
      ["intent", "record", "--outcome", "Retry webhooks", "--trigger", "lost events", "--trivial"],
      { env: testEnv({ CLAUDECODE: "1" }) },
    );
    repo.adriftJson([
      "intent",
      "record",
      "--outcome",
      "Sign webhooks",
      "--trigger",
      "spoofing",
      "--trivial",
    ]);
    repo.commit("records");
    const before = repo.adriftJson<Model>(["pr-comment", "--base", "main", "--format", "json"]);
    expect(before.summary.proposed).toBe(1);
    expect(before.records.filter((r) => r.proposed).map((r) => r.id)).toEqual([id]);
    expect(before.body).toContain("1 proposed by an agent, waiting for a person");
    expect(before.body).toMatch(
      new RegExp(
        `${id.slice(0, 10)}[0-9A-Z]*\`? Retry webhooks — proposed by an agent, not confirmed by a person`,
      ),
    );

    repo.adriftJson(["intent", "confirm", id]);
    repo.commit("confirmed");
    const after = repo.adriftJson<Model>(["pr-comment", "--base", "main", "--format", "json"]);
    expect(after.summary.proposed).toBe(0);
    expect(after.body).not.toContain("proposed by an agent");
  });
});
