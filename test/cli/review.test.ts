import { describe, expect, it } from "vitest";
import type { ReviewItem } from "../../src/core/review/review-item.js";
import { logEvents } from "../support/mcp.js";
import { makeRepo, type TestRepo, testEnv } from "../support/repo.js";

const ADAPTERS = ["cli", "embedded"] as const;

const CODE = `${Array.from({ length: 12 }, (_, i) => `export const line${i} = ${i};`).join("\n")}\n`;

/** A repo with two committed decisions (on a.ts and b.ts), both then made stale by one commit. */
function twoStale(env: NodeJS.ProcessEnv) {
  const repo = makeRepo();
  repo.commit("code", { "src/a.ts": CODE, "src/b.ts": CODE });
  const record = (outcome: string, file: string) =>
    repo.adriftJson<{ id: string }>(
      [
        ...["decision", "record", "--outcome", outcome, "--chosen", "consts"],
        ...["--rationale", "simple", "--trivial", "--path", file],
      ],
      { env },
    ).id;
  const a = record("Lines are constants", "src/a.ts");
  const b = record("B stays flat", "src/b.ts");
  repo.commit("record");
  repo.commit("change line 6 of both", {
    "src/a.ts": CODE.replace("line6 = 6", "line6 = 60"),
    "src/b.ts": CODE.replace("line6 = 6", "line6 = 61"),
  });
  return { repo, a, b };
}

const items = (repo: TestRepo, env: NodeJS.ProcessEnv, args: string[] = []) =>
  repo.adriftJson<{ items: ReviewItem[] }>(["review", ...args], { env }).items;

describe.each(ADAPTERS)("adrift review (%s adapter)", (adapter) => {
  const env = testEnv(adapter === "embedded" ? { ADRIFT_GIT: "embedded" } : {});

  it("--json gives each stale record's card, commits, hunks and the command of each action", () => {
    const { repo, a, b } = twoStale(env);
    const list = items(repo, env);
    expect(list.map((i) => i.id)).toEqual([a, b]);
    const item = list[0]!;
    expect(item).toMatchObject({
      state: "stale",
      card: { outcome: "Lines are constants", chosen_approach: "consts" },
      scope: ["src/a.ts"],
      proposals: [],
    });
    expect(item.commits).toEqual([
      {
        hash: expect.stringMatching(/^[0-9a-f]{40}$/),
        author: "Ana Souza",
        subject: "change line 6 of both",
      },
    ]);
    expect(item.files).toEqual([
      {
        path: "src/a.ts",
        change: "modified",
        hunks: [
          {
            old_start: 4,
            old_lines: 7,
            new_start: 4,
            new_lines: 7,
            lines: [
              { op: " ", text: "export const line3 = 3;" },
              { op: " ", text: "export const line4 = 4;" },
              { op: " ", text: "export const line5 = 5;" },
              { op: "-", text: "export const line6 = 6;" },
              { op: "+", text: "export const line6 = 60;" },
              { op: " ", text: "export const line7 = 7;" },
              { op: " ", text: "export const line8 = 8;" },
              { op: " ", text: "export const line9 = 9;" },
            ],
          },
        ],
      },
    ]);
    const commands = Object.fromEntries(item.actions.map((x) => [x.action, x.command]));
    expect(commands.reverify).toBe(
      `adrift decision reverify ${a.slice(0, 10)} --note '<what you checked>'`,
    );
    expect(commands.supersede).toBe(`adrift decision supersede ${a.slice(0, 10)} --by <record id>`);
    expect(item.actions.map((x) => x.key)).toEqual(["r", "s", "a", "n", "e", "space"]);
  });

  it("--apply re-verifies with the note in the event, supersedes by a new record, and exits 0", () => {
    const { repo, a, b } = twoStale(env);
    const verdicts = [
      { id: a, action: "reverify", note: "checked line6 is still a constant" },
      {
        id: b,
        action: "supersede",
        new: { outcome: "B holds sixty-one", selection_rationale: "measured" },
      },
    ];
    const result = repo.adrift(["review", "--apply", "-", "--json"], {
      env,
      input: verdicts.map((v) => JSON.stringify(v)).join("\n"),
    });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const { results } = JSON.parse(result.stdout) as {
      results: { ok: boolean; new_id?: string }[];
    };
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    const events = logEvents(repo.dir);
    const reverified = events.find((e) => e.type === "decision_reverified")!;
    expect(reverified.data).toMatchObject({
      decision_id: a,
      note: "checked line6 is still a constant",
    });
    const created = events.find(
      (e) => e.type === "decision_recorded" && e.id === results[1]!.new_id,
    )!;
    expect(created.data).toMatchObject({
      card: { outcome: "B holds sixty-one" },
      basis: { touched_paths: ["src/b.ts"] },
    });
    expect(events.find((e) => e.type === "decision_superseded")!.data).toEqual({
      decision_id: b,
      superseded_by: results[1]!.new_id,
    });
    expect(items(repo, env)).toEqual([]);
  });
});

describe("adrift review --apply refuses a bad verdict file whole", () => {
  it("writes nothing when one verdict is bad, lists every problem, exits with validation_failed", () => {
    const env = testEnv();
    const { repo, a, b } = twoStale(env);
    const before = logEvents(repo.dir).length;
    const result = repo.adrift(["review", "--apply", "-", "--json"], {
      env,
      input: [
        JSON.stringify({ id: a, action: "reverify", note: "fine" }),
        JSON.stringify({ id: b, action: "reverify" }),
        JSON.stringify({ id: "01ZZZZZZZZ", action: "skip" }),
        JSON.stringify({ id: a, action: "amend", changes: { outcome: "x" } }),
        "{not json",
      ].join("\n"),
    });
    expect(result.code).not.toBe(0);
    const error = JSON.parse(result.stderr).error as {
      code: string;
      details: { problems: { line: number; message: string }[] };
    };
    expect(error.code).toBe("validation_failed");
    expect(error.details.problems.map((p) => p.line).sort()).toEqual([2, 3, 4, 5]);
    expect(error.details.problems.find((p) => p.line === 2)!.message).toMatch(/note/);
    expect(error.details.problems.find((p) => p.line === 4)!.message).toMatch(/second verdict/);
    expect(logEvents(repo.dir)).toHaveLength(before);
  });

  it("says how to use it without a terminal", () => {
    const { repo } = twoStale(testEnv());
    const result = repo.adrift(["review"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--json .* --apply/);
  });
});
