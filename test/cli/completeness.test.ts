import { describe, expect, it } from "vitest";
import { makeRepo } from "../support/repo.js";

type Row = {
  id: string;
  card: { outcome: string };
  incomplete: { rule: string; message: string }[];
};

describe("list --status incomplete", () => {
  it("shows each SPEC §3 rule with its reason, and leaves out complete and trivial cards", () => {
    const repo = makeRepo();
    const record = (...args: string[]) =>
      repo.adriftJson<{ id: string; incomplete: unknown[] }>(["intent", "record", ...args]);
    const noRationale = record(
      "--outcome",
      "r1",
      "--trigger",
      "t",
      "--chosen",
      "cache",
      "--considered",
      "x :: y",
    );
    const noConsidered = record(
      "--outcome",
      "r2",
      "--trigger",
      "t",
      "--chosen",
      "c",
      "--rationale",
      "why",
    );
    const noOutcome = record("--trigger", "t", "--trivial");
    const noTrigger = record("--outcome", "r3b", "--trivial");
    const trivial = record(
      "--outcome",
      "r4",
      "--trigger",
      "t",
      "--chosen",
      "keep",
      "--rationale",
      "status quo",
      "--trivial",
    );
    const complete = record("--outcome", "r5", "--trigger", "t", "--considered", "a :: b");
    expect(noRationale.incomplete).toEqual([
      expect.objectContaining({ rule: "rationale_missing" }),
    ]);
    expect(trivial.incomplete).toEqual([]);

    const listed = repo.adriftJson<{ records: Row[]; total: number }>([
      "list",
      "--status",
      "incomplete",
    ]);
    const rules = Object.fromEntries(
      listed.records.map((r) => [r.id, r.incomplete.map((i) => i.rule)]),
    );
    expect(rules).toEqual({
      [noRationale.id]: ["rationale_missing"],
      [noConsidered.id]: ["no_considered_options"],
      [noOutcome.id]: ["outcome_missing"],
      [noTrigger.id]: ["trigger_missing"],
    });
    expect(rules[trivial.id]).toBeUndefined();
    expect(rules[complete.id]).toBeUndefined();
    for (const row of listed.records)
      for (const reason of row.incomplete) expect(reason.message).not.toBe("");

    const human = repo.adrift(["list", "--status", "incomplete"]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain("[incomplete: rationale_missing]");
    expect(human.stdout).toContain("[incomplete: no_considered_options]");
    expect(human.stdout).not.toContain("r4");

    // completing a card by amendment takes it off the list
    repo.adriftJson(["intent", "amend", noRationale.id, "--rationale", "fastest"]);
    const after = repo.adriftJson<{ records: Row[] }>(["list", "--status", "incomplete"]);
    expect(after.records.map((r) => r.id)).not.toContain(noRationale.id);
  });
});
