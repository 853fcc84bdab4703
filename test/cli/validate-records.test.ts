import { appendFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { logEvents } from "../support/mcp.js";
import { makeRepo, type TestRepo, testEnv } from "../support/repo.js";

type Report = {
  ok: boolean;
  problems: { file: string; line: number; severity: string; code: string; message: string }[];
};

/** Appends hand-written events (as another tool or a hand edit would) to the repo's log file. */
function appendRaw(repo: TestRepo, events: Record<string, unknown>[]): void {
  const dir = path.join(repo.dir, ".decisions/log");
  const file = path.join(dir, readdirSync(dir)[0]!);
  const session = logEvents(repo.dir)[0]!.id;
  for (const event of events)
    appendFileSync(
      file,
      `${JSON.stringify({ schema_version: 1, at: "2026-01-01T00:00:00Z", actor: { kind: "human", name: "Ana" }, session_id: session, ...event })}\n`,
    );
}

const card = { outcome: "o", trigger: "t" };

/**
 * `validate --json`, less the `future_dated` warnings: the hand-written ids here (7ZZZ…) stand for
 * another clone's events and lie far ahead of any clock; that warning has its own tests
 * (test/lib/future-dated.test.ts).
 */
function validate(repo: TestRepo) {
  const result = repo.adrift(["validate", "--json"]);
  const report = JSON.parse(result.stdout) as Report;
  report.problems = report.problems.filter((p) => p.code !== "future_dated");
  return { code: result.code, report };
}

describe("adrift validate: what records point to", () => {
  it("reports a superseded_by naming nothing, or something that is not a record, and a record superseded by itself", () => {
    const repo = makeRepo();
    const { id } = repo.adriftJson<{ id: string }>([
      "decision",
      "record",
      "--outcome",
      "o",
      "--trivial",
    ]);
    const rule = repo.adriftJson<{ id: string }>(["rule", "add", "R", "--text", "T"]).id;
    appendRaw(repo, [
      {
        id: "7ZZZZZZZZZZZZZZZZZZZZZZZZ1",
        type: "decision_superseded",
        data: { decision_id: id, superseded_by: "01KYYYYYYYYYYYYYYYYYYYYYYY" },
      },
      {
        id: "7ZZZZZZZZZZZZZZZZZZZZZZZZ2",
        type: "decision_superseded",
        data: { decision_id: id, superseded_by: rule },
      },
      {
        id: "7ZZZZZZZZZZZZZZZZZZZZZZZZ3",
        type: "decision_superseded",
        data: { decision_id: id, superseded_by: id },
      },
    ]);
    const { code, report } = validate(repo);
    expect(code).toBe(2);
    const lines = report.problems
      .filter((p) => p.severity === "error")
      .map((p) => [p.line, p.code, p.message]);
    expect(lines).toEqual([
      [
        4,
        "unknown_reference",
        expect.stringContaining(
          "data.superseded_by names 01KYYYYYYYYYYYYYYYYYYYYYYY, which no event in the log created",
        ),
      ],
      [
        5,
        "unknown_reference",
        expect.stringContaining("which is a business rule, not an intent card or decision"),
      ],
      [6, "self_reference", expect.stringContaining("names the record it supersedes")],
    ]);
  });

  it("accepts a successor that sorts after the supersession (another clone's clock ran ahead)", () => {
    const repo = makeRepo();
    const { id } = repo.adriftJson<{ id: string }>([
      "decision",
      "record",
      "--outcome",
      "o",
      "--trivial",
    ]);
    const head = repo.git("rev-parse", "HEAD").trim();
    appendRaw(repo, [
      {
        id: "7ZZZZZZZZZZZZZZZZZZZZZZZZ1",
        type: "decision_superseded",
        data: { decision_id: id, superseded_by: "7ZZZZZZZZZZZZZZZZZZZZZZZZ2" },
      },
      {
        id: "7ZZZZZZZZZZZZZZZZZZZZZZZZ2",
        type: "decision_recorded",
        data: { card, trivial: true, basis: { revision: head, touched_paths: [] } },
      },
    ]);
    const { code, report } = validate(repo);
    expect(report.problems).toEqual([]);
    expect(code).toBe(0);
  });

  it("reports basis revisions that are not commit ids (errors) and commit ids this clone lacks (warnings)", () => {
    const repo = makeRepo();
    repo.adriftJson([
      "decision",
      "record",
      "--outcome",
      "fine",
      "--trivial",
      "--path",
      "README.md",
    ]);
    const tree = repo.git("rev-parse", "HEAD^{tree}").trim();
    appendRaw(repo, [
      {
        id: "7ZZZZZZZZZZZZZZZZZZZZZZZZ1",
        type: "decision_recorded",
        data: { card, trivial: true, basis: { revision: "main", touched_paths: ["README.md"] } },
      },
      {
        id: "7ZZZZZZZZZZZZZZZZZZZZZZZZ2",
        type: "decision_recorded",
        data: { card, trivial: true, basis: { revision: "1a2b3c4", touched_paths: ["README.md"] } },
      },
      {
        id: "7ZZZZZZZZZZZZZZZZZZZZZZZZ3",
        type: "decision_reverified",
        data: {
          decision_id: "7ZZZZZZZZZZZZZZZZZZZZZZZZ1",
          basis: { revision: "HEAD", touched_paths: ["README.md"] },
        },
      },
      {
        id: "7ZZZZZZZZZZZZZZZZZZZZZZZZ4",
        type: "decision_recorded",
        data: {
          card,
          trivial: true,
          basis: { revision: "f".repeat(40), touched_paths: ["README.md"] },
        },
      },
      {
        id: "7ZZZZZZZZZZZZZZZZZZZZZZZZ5",
        type: "intent_card_recorded",
        data: { card, trivial: true, basis: { revision: tree, touched_paths: ["README.md"] } },
      },
    ]);
    const { code, report } = validate(repo);
    expect(code).toBe(2);
    expect(report.problems.map((p) => [p.line, p.severity, p.code])).toEqual([
      [3, "error", "invalid_basis_revision"],
      [4, "error", "invalid_basis_revision"],
      [5, "error", "invalid_basis_revision"],
      [6, "warning", "missing_basis_revision"],
      [7, "warning", "missing_basis_revision"],
    ]);
    expect(report.problems[0]!.message).toContain('"main" is not a commit id');
    expect(report.problems[1]!.message).toContain("abbreviated commit id");
  });

  it("counts a confirmation only from a person, and says so for an agent's", () => {
    const repo = makeRepo();
    const { id } = repo.adriftJson<{ id: string }>(
      ["intent", "record", "--outcome", "o", "--trivial"],
      {
        env: testEnv({ AI_AGENT: "aider" }),
      },
    );
    appendRaw(repo, [
      {
        id: "7ZZZZZZZZZZZZZZZZZZZZZZZZ1",
        type: "intent_confirmed",
        actor: { kind: "agent", name: "aider" },
        data: { target_id: id },
      },
    ]);
    const { code, report } = validate(repo);
    expect(code).toBe(0);
    expect(report.problems).toEqual([
      expect.objectContaining({ severity: "warning", code: "agent_confirmation" }),
    ]);
    expect(repo.adriftJson<{ record: { consent: string } }>(["show", id]).record.consent).toBe(
      "proposed",
    );
  });

  it("warns about a re-verification an agent wrote alone (it still counts)", () => {
    const repo = makeRepo();
    const { id, event } = repo.adriftJson<{ id: string; event: { data: { basis: unknown } } }>([
      ...["decision", "record", "--outcome", "o", "--trivial", "--path", "README.md"],
    ]);
    appendRaw(repo, [
      {
        id: "7ZZZZZZZZZZZZZZZZZZZZZZZZ2",
        type: "decision_reverified",
        actor: { kind: "agent", name: "aider" },
        data: { decision_id: id, basis: event.data.basis },
      },
    ]);
    const { code, report } = validate(repo);
    expect(code).toBe(0);
    expect(report.problems).toEqual([
      expect.objectContaining({ severity: "warning", code: "agent_reverification" }),
    ]);
  });
});
