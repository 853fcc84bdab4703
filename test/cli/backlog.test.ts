import { beforeAll, describe, expect, it } from "vitest";
import { expectFailure } from "../support/log-snapshot.js";
import { makeRepo, type TestRepo } from "../support/repo.js";

type Created = { id: string; status?: string; missing?: { item: string }[]; warnings?: string[] };

describe("backlog from the CLI", () => {
  let repo: TestRepo;
  const ids: Record<string, string> = {};
  beforeAll(() => {
    repo = makeRepo();
    ids.rule = repo.adriftJson<Created>([
      "rule",
      "add",
      "Refunds within 7 days",
      "--key",
      "RN-858",
      "--text",
      "7 days",
    ]).id;
    ids.lonely = repo.adriftJson<Created>([
      "rule",
      "add",
      "Lonely rule",
      "--text",
      "no story covers it",
    ]).id;
    ids.epic = repo.adriftJson<Created>(["epic", "add", "Refunds", "--key", "EP-1"]).id;
    const story = repo.adriftJson<Created>([
      "story",
      "add",
      "Refund by code",
      "--epic",
      "EP-1",
      "--key",
      "ST-1",
      "--rule",
      "RN-858",
      "--rf",
      "GET /refunds/:code",
      "--dod",
      "tests green",
      "--dor",
      "API agreed",
    ]);
    expect(story.status).toBe("ready");
    ids.story = story.id;
    const draft = repo.adriftJson<Created>([
      "story",
      "add",
      "Draft story",
      "--epic",
      ids.epic!.slice(0, 20),
      "--key",
      "ST-2",
    ]);
    expect(draft.status).toBe("draft");
    expect(draft.missing?.map((m) => m.item)).toEqual([
      "definition_of_done",
      "definition_of_ready",
      "functional_requirement",
      "business_rule",
    ]);
    ids.task = repo.adriftJson<Created>([
      "task",
      "add",
      "Endpoint",
      "--story",
      "ST-1",
      "--key",
      "TK-1",
    ]).id;
  });

  it("lists rules, epics, stories and tasks, and resolves keys everywhere", () => {
    const rules = repo.adriftJson<{ rules: { id: string; key?: string; stories: number }[] }>([
      "rule",
      "list",
    ]);
    expect(rules.rules.map((r) => [r.key, r.stories])).toEqual([
      ["RN-858", 1],
      [undefined, 0],
    ]);
    expect(
      repo.adriftJson<{ epics: { stories: number }[] }>(["epic", "list"]).epics[0]!.stories,
    ).toBe(2);
    const stories = repo.adriftJson<{ stories: { key: string; status: string }[] }>([
      "story",
      "list",
      "--epic",
      "EP-1",
    ]);
    expect(stories.stories.map((s) => [s.key, s.status])).toEqual([
      ["ST-1", "ready"],
      ["ST-2", "draft"],
    ]);
    const shown = repo.adriftJson<{ task: { id: string }; rules: { id: string }[] }>([
      "task",
      "show",
      "TK-1",
    ]);
    expect(shown.task.id).toBe(ids.task);
    expect(shown.rules.map((r) => r.id)).toEqual([ids.rule]);
    expect(
      repo.adriftJson<{ story: { id: string } }>([
        "story",
        "show",
        ids.story!.toLowerCase().slice(0, 22),
      ]).story.id,
    ).toBe(ids.story);
  });

  it("shows any backlog artifact by key with the generic show", () => {
    expect(repo.adriftJson<{ rule: { id: string } }>(["show", "RN-858"]).rule.id).toBe(ids.rule);
    expect(repo.adriftJson<{ task: { id: string } }>(["show", "TK-1"]).task.id).toBe(ids.task);
  });

  it("coverage --check exits 1 while a rule is uncovered, with the finding", () => {
    const result = repo.adrift(["coverage", "--check", "--json"]);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.findings.map((f: { rule_id: string }) => f.rule_id)).toEqual([ids.lonely]);
    expect(report.rules[0].tasks.map((t: { id: string }) => t.id)).toEqual([ids.task]);
    expect(repo.adrift(["coverage"]).code).toBe(0);
  });

  it("refuses a story naming an unknown rule or epic: unknown_reference, exit 2", () => {
    expectFailure(repo, ["story", "add", "X", "--epic", "EP-1", "--rule", "RN-404"], {
      exit: 2,
      code: "unknown_reference",
    });
    expectFailure(repo, ["story", "add", "X", "--epic", "EP-404"], {
      exit: 2,
      code: "unknown_reference",
    });
    expectFailure(repo, ["task", "add", "X", "--story", "ST-404"], {
      exit: 2,
      code: "unknown_reference",
    });
  });

  it("refuses to promote a story that is not ready, listing every missing item", () => {
    const { error } = expectFailure(repo, ["story", "ready", "ST-2"], {
      exit: 2,
      code: "not_ready",
    });
    expect((error.details.missing as { item: string }[]).map((m) => m.item)).toEqual([
      "definition_of_done",
      "definition_of_ready",
      "functional_requirement",
      "business_rule",
    ]);
  });

  it("refuses transitions the state machines do not allow, naming the allowed ones", () => {
    const story = expectFailure(repo, ["story", "review", "ST-1"], {
      exit: 2,
      code: "invalid_transition",
    });
    expect(story.error.details).toMatchObject({
      from: "ready",
      to: "in_review",
      allowed: ["in_progress"],
    });
    const task = expectFailure(repo, ["task", "done", "TK-1"], {
      exit: 2,
      code: "invalid_transition",
    });
    expect(task.error.details).toMatchObject({ from: "todo", allowed: ["in_progress"] });
    expectFailure(repo, ["verdict", "TK-1", "approved"], { exit: 2, code: "invalid_transition" });
  });

  it("says not_found, exit 3, for unknown ids and keys", () => {
    expectFailure(repo, ["story", "show", "ST-404"], { exit: 3, code: "not_found" });
    expectFailure(repo, ["task", "start", "01ZZZZZZZZ"], { exit: 3, code: "not_found" });
    expectFailure(repo, ["story", "amend", "ST-1", "--question", "01ZZZZZZZZ", "--dor", "x"], {
      exit: 3,
      code: "not_found",
    });
  });

  it("refuses a taken key (conflict, exit 4) and a malformed one (exit 2)", () => {
    expectFailure(repo, ["rule", "add", "Again", "--key", "RN-858", "--text", "t"], {
      exit: 4,
      code: "conflict",
    });
    expectFailure(repo, ["epic", "add", "Again", "--key", "ST-1"], { exit: 4, code: "conflict" });
    expectFailure(repo, ["rule", "add", "Bad", "--key", "01 bad key", "--text", "t"], {
      exit: 2,
      code: "validation_failed",
    });
  });

  it("amends a draft freely, a ready story only with an answered question", () => {
    const amended = repo.adriftJson<{ missing: unknown[] }>([
      "story",
      "amend",
      "ST-2",
      "--rf",
      "a",
      "--dod",
      "b",
      "--dor",
      "c",
      "--rule",
      "RN-858",
    ]);
    expect(amended.missing).toEqual([]);
    expectFailure(repo, ["story", "amend", "ST-1", "--dor", "changed"], {
      exit: 4,
      code: "conflict",
    });
    const asked = repo.adriftJson<Created>([
      "question",
      "ask",
      "Numeric code?",
      "--affects",
      "story:ST-1",
    ]);
    expectFailure(repo, ["story", "amend", "ST-1", "--question", asked.id, "--dor", "changed"], {
      exit: 4,
      code: "conflict",
    });
    expectFailure(repo, ["story", "amend", "ST-1", "--question", asked.id], {
      exit: 2,
      code: "usage",
    });
    repo.adriftJson(["question", "answer", asked.id, "--answer", "yes, 6 digits"]);
    expectFailure(repo, ["story", "amend", "ST-1", "--question", asked.id, "--dod", "  "], {
      exit: 2,
      code: "not_ready",
    });
    repo.adriftJson([
      "story",
      "amend",
      "ST-1",
      "--question",
      asked.id,
      "--dor",
      "code is 6 digits (user)",
    ]);
    expect(
      repo.adriftJson<{ story: { definition_of_ready: string[] } }>(["story", "show", "ST-1"]).story
        .definition_of_ready,
    ).toEqual(["code is 6 digits (user)"]);
  });

  it("warns of open questions on story ready without blocking", () => {
    repo.adriftJson(["question", "ask", "Which currency?", "--affects", "story:ST-2"]);
    const ready = repo.adriftJson<{ to: string; warnings: string[] }>(["story", "ready", "ST-2"]);
    expect(ready.to).toBe("ready");
    expect(ready.warnings).toHaveLength(1);
    expect(ready.warnings[0]).toMatch(
      /^1 question still open — answer with adrift question answer/,
    );
    repo.adriftJson(["question", "ask", "Any rounding rule?"]);
    const promoted = repo.adriftJson<Created>([
      "story",
      "add",
      "Refund history",
      "--epic",
      "EP-1",
      "--rule",
      "RN-858",
      "--rf",
      "list refunds",
      "--dod",
      "d",
      "--dor",
      "r",
    ]);
    expect(promoted.status).toBe("ready");
    expect(promoted.warnings?.[0]).toMatch(/^1 question still open/);
  });

  it("rejects verdict flags that do not fit: usage, exit 2", () => {
    repo.adriftJson(["task", "start", "TK-1"]);
    repo.adriftJson(["task", "review", "TK-1"]);
    expectFailure(repo, ["verdict", "TK-1", "needs_user_decision"], { exit: 2, code: "usage" });
    expectFailure(repo, ["verdict", "TK-1", "approved", "--question", "why?"], {
      exit: 2,
      code: "usage",
    });
    expectFailure(repo, ["verdict", "TK-1", "maybe"], { exit: 2, code: "usage" });
    expectFailure(repo, ["story", "list", "--status", "finished"], { exit: 2, code: "usage" });
    expectFailure(repo, ["task", "list", "--status", "waiting"], { exit: 2, code: "usage" });
    expectFailure(repo, ["story", "amend", "ST-1", "--dor", "x"], { exit: 4, code: "conflict" });
  });
});
