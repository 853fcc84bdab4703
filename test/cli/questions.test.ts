import { describe, expect, it } from "vitest";
import { openRepository } from "../../src/app/repository.js";
import { expectFailure, logSnapshot } from "../support/log-snapshot.js";
import { makeRepo, testEnv } from "../support/repo.js";

type Asked = { id: string };
type Listed = {
  status: string;
  total: number;
  shown: number;
  questions: { id: string; status: string }[];
};

describe("open questions from the CLI", () => {
  it("answers with the decision and the answer in one append; the answer names the decision", () => {
    const repo = makeRepo();
    const asked = repo.adriftJson<Asked>([
      "question",
      "ask",
      "Moeda das faturas?",
      "--suggest",
      "BRL",
    ]);
    const events = () =>
      logSnapshot(repo.dir)
        .split("\n")
        .filter((l) => l.startsWith("{"));
    const before = events().length;
    const answered = repo.adriftJson<{
      decision_id: string;
      answer: string;
      accepted_suggestion: boolean;
    }>(["question", "answer", asked.id.slice(0, 12), "--accept-suggestion"]);
    expect(answered).toMatchObject({ answer: "BRL", accepted_suggestion: true });
    const lines = events();
    expect(lines.length - before).toBe(2);
    const [decision, answer] = lines.slice(-2).map((l) => JSON.parse(l));
    expect(decision.type).toBe("decision_recorded");
    expect(decision.data).toMatchObject({
      question_id: asked.id,
      card: { trigger: "Moeda das faturas?", outcome: "BRL" },
    });
    expect(answer.type).toBe("open_question_answered");
    expect(answer.data).toMatchObject({
      question_id: asked.id,
      decision_id: decision.id,
      answered_by: { email: "ana@example.com" },
    });
    const shown = repo.adriftJson<{ question: { status: string }; decision: { id: string } }>([
      "question",
      "show",
      asked.id,
    ]);
    expect(shown.question.status).toBe("answered");
    expect(shown.decision.id).toBe(decision.id);
  });

  it("only the session author answers: others and agents get exit 5; answered twice is exit 4", () => {
    const repo = makeRepo();
    const asked = repo.adriftJson<Asked>(["question", "ask", "Numeric code?"]);
    const bob = expectFailure(
      repo,
      ["question", "answer", asked.id, "--answer", "yes", "--as", "bob@example.com"],
      { exit: 5, code: "only_session_author" },
    );
    expect(bob.error.message).toContain("ana@example.com");
    expectFailure(
      repo,
      ["question", "answer", asked.id, "--answer", "yes"],
      { exit: 5, code: "only_session_author" },
      testEnv({ CLAUDECODE: "1" }),
    );
    const human = repo.adrift([
      "question",
      "answer",
      asked.id,
      "--answer",
      "yes",
      "--as",
      "Ana <ANA@example.com>",
    ]);
    expect(human.code, human.stderr).toBe(0);
    expectFailure(repo, ["question", "answer", asked.id, "--answer", "again"], {
      exit: 4,
      code: "already_answered",
    });
  });

  it("says not_found, exit 3, for an id from another repository's log", () => {
    const mine = makeRepo();
    const theirs = makeRepo();
    const asked = theirs.adriftJson<Asked>(["question", "ask", "Theirs?"]);
    mine.adriftJson(["question", "ask", "Mine?"]);
    expectFailure(mine, ["question", "answer", asked.id, "--answer", "x"], {
      exit: 3,
      code: "not_found",
    });
    expectFailure(mine, ["question", "show", asked.id], { exit: 3, code: "not_found" });
  });

  it("refuses bad input and writes nothing", () => {
    const repo = makeRepo();
    const asked = repo.adriftJson<Asked>(["question", "ask", "No suggestion here?"]);
    expectFailure(repo, ["question", "answer", asked.id, "--accept-suggestion"], {
      exit: 2,
      code: "validation_failed",
    });
    expectFailure(repo, ["question", "answer", asked.id], { exit: 2, code: "usage" });
    expectFailure(repo, ["question", "answer", asked.id, "--answer", "a", "--accept-suggestion"], {
      exit: 2,
      code: "usage",
    });
    expectFailure(repo, ["question", "ask", "x".repeat(501)], {
      exit: 2,
      code: "validation_failed",
    });
    expectFailure(repo, ["question", "ask", "q", "--suggest", "y".repeat(301)], {
      exit: 2,
      code: "validation_failed",
    });
    expectFailure(repo, ["question", "ask", "q", "--affects", "story:ST-404"], {
      exit: 2,
      code: "unknown_reference",
    });
    expectFailure(repo, ["question", "ask", "q", "--affects", "epic:EP-1"], {
      exit: 2,
      code: "usage",
    });
    expectFailure(repo, ["question", "list", "--status", "closed"], { exit: 2, code: "usage" });
  });

  it("lists by status, newest first, at most 50 rows with the total", async () => {
    const repo = makeRepo();
    const api = await openRepository(repo.dir, { env: testEnv() });
    const ids: string[] = [];
    for (let i = 0; i < 55; i++)
      ids.push((await api.askQuestion({ question: `Question ${i}?` })).id);
    await api.answerQuestion(ids[0]!, { answer: "first" });
    await api.answerQuestion(ids[1]!, { answer: "second" });
    const open = repo.adriftJson<Listed>(["question", "list"]);
    expect(open).toMatchObject({ status: "open", total: 53, shown: 50 });
    expect(open.questions).toHaveLength(50);
    expect(open.questions[0]!.id).toBe(ids[54]);
    const answered = repo.adriftJson<Listed>(["question", "list", "--status", "answered"]);
    expect(answered.questions.map((q) => q.id)).toEqual([ids[1], ids[0]]);
    expect(
      repo.adriftJson<Listed>(["question", "list", "--status", "all", "--limit", "500"]),
    ).toMatchObject({ total: 55, shown: 50 });
    expect(repo.adriftJson<Listed>(["question", "list", "--limit", "3"]).questions).toHaveLength(3);
  });
});

describe("verdicts from the CLI", () => {
  it("counts correction cycles up to the configured limit, then blocks the task", () => {
    const repo = makeRepo();
    repo.write(".decisions/config.json", JSON.stringify({ correction_cycle_limit: 2 }));
    repo.adriftJson(["epic", "add", "E", "--key", "EP-1"]);
    repo.adriftJson(["story", "add", "S", "--epic", "EP-1", "--key", "ST-1"]);
    repo.adriftJson(["task", "add", "T", "--story", "ST-1", "--key", "TK-1"]);
    repo.adriftJson(["task", "start", "TK-1"]);
    const outcomes: string[] = [];
    for (let round = 0; round < 3; round++) {
      repo.adriftJson(["task", "review", "TK-1"]);
      const verdict = repo.adriftJson<{ to: string; cycles: number }>([
        "verdict",
        "TK-1",
        "changes_requested",
        "--notes",
        `round ${round}`,
      ]);
      outcomes.push(`${verdict.to}:${verdict.cycles}`);
    }
    expect(outcomes).toEqual(["in_progress:1", "in_progress:2", "blocked:3"]);
    expectFailure(repo, ["task", "review", "TK-1"], { exit: 2, code: "invalid_transition" });
    expect(repo.adriftJson<{ to: string }>(["task", "start", "TK-1"]).to).toBe("in_progress");
    repo.adriftJson(["task", "review", "TK-1"]);
    expect(repo.adriftJson<{ to: string }>(["verdict", "TK-1", "approved"]).to).toBe("done");
  });

  it("waits for an existing open question, and refuses an answered one (exit 4)", () => {
    const repo = makeRepo();
    repo.adriftJson(["epic", "add", "E", "--key", "EP-1"]);
    repo.adriftJson(["story", "add", "S", "--epic", "EP-1", "--key", "ST-1"]);
    repo.adriftJson(["task", "add", "T", "--story", "ST-1", "--key", "TK-1"]);
    repo.adriftJson(["task", "start", "TK-1"]);
    repo.adriftJson(["task", "review", "TK-1"]);
    const open = repo.adriftJson<Asked>(["question", "ask", "Open one?"]);
    const done = repo.adriftJson<Asked>(["question", "ask", "Done one?"]);
    repo.adriftJson(["question", "answer", done.id, "--answer", "yes"]);
    expectFailure(repo, ["verdict", "TK-1", "needs_user_decision", "--question-id", done.id], {
      exit: 4,
      code: "already_answered",
    });
    expectFailure(repo, ["verdict", "TK-1", "needs_user_decision", "--question-id", "01ZZZZZZZZ"], {
      exit: 3,
      code: "not_found",
    });
    const parked = repo.adriftJson<{ to: string; question_id: string }>([
      "verdict",
      "TK-1",
      "needs_user_decision",
      "--question-id",
      open.id,
    ]);
    expect(parked).toMatchObject({ to: "parked", question_id: open.id });
    const answered = repo.adriftJson<{ resumed_tasks: string[] }>([
      "question",
      "answer",
      open.id,
      "--answer",
      "go",
    ]);
    expect(answered.resumed_tasks).toHaveLength(1);
    expect(
      repo.adriftJson<{ task: { status: string } }>(["task", "show", "TK-1"]).task.status,
    ).toBe("in_review");
  });
});
