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
      { exit: 5, code: "only_human" },
      testEnv({ CLAUDECODE: "1" }),
    );
    expectFailure(
      repo,
      ["question", "answer", asked.id, "--answer", "yes", "--as", "ana@example.com"],
      { exit: 5, code: "only_human" },
      testEnv({ CODEX_SANDBOX: "1" }),
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
