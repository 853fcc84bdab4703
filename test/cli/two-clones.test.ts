// Two people, two clones, one question: only its session author answers, exactly once after merging.
import { describe, expect, it } from "vitest";
import { expectFailure } from "../support/log-snapshot.js";
import { git, makeRepo, runCli, type TestRepo, tempDir } from "../support/repo.js";

function cloneOf(origin: string, name: string, email: string): TestRepo {
  const dir = tempDir();
  git(dir, ["clone", "-q", origin, "."]);
  git(dir, ["config", "user.name", name]);
  git(dir, ["config", "user.email", email]);
  git(dir, ["config", "commit.gpgsign", "false"]);
  const repo = {
    dir,
    git: (...args: string[]) => git(dir, args),
    adrift: (args: string[], options = {}) => runCli(dir, args, options),
    adriftJson<T>(args: string[]) {
      const result = runCli(dir, [...args, "--json"]);
      if (result.code !== 0) throw new Error(`adrift ${args.join(" ")}: ${result.stderr}`);
      return JSON.parse(result.stdout) as T;
    },
  };
  return repo as unknown as TestRepo;
}

const commitLog = (repo: TestRepo, message: string) => {
  repo.git("add", "-A");
  repo.git("commit", "-q", "-m", message);
};

describe("two people in two clones", () => {
  it("the non-author cannot answer; the author can; after merging the question is answered once", () => {
    const seed = makeRepo();
    seed.adriftJson(["init"]);
    seed.commit("adrift init");
    const origin = tempDir();
    git(origin, ["clone", "-q", "--bare", seed.dir, "."]);

    const ana = cloneOf(origin, "Ana Souza", "ana@example.com");
    const bob = cloneOf(origin, "Bob Lee", "bob@example.com");
    const asked = ana.adriftJson<{ id: string }>([
      "question",
      "ask",
      "Retry payments on timeout?",
      "--suggest",
      "once",
    ]);
    commitLog(ana, "ask");
    ana.git("push", "-q", "origin", "HEAD:main");

    bob.git("pull", "-q", "--no-rebase", "origin", "main");
    const refused = expectFailure(bob, ["question", "answer", asked.id, "--answer", "never"], {
      exit: 5,
      code: "only_session_author",
    });
    expect(refused.error.details).toMatchObject({
      author: "ana@example.com",
      reason: "not_author",
    });
    bob.adriftJson([
      "rule",
      "add",
      "Payments are idempotent",
      "--text",
      "retries never double-charge",
    ]);
    commitLog(bob, "bob's rule");

    // Ana answers in her clone, and, before pulling, once more from Bob's machine as herself.
    const first = ana.adriftJson<{ decision_id: string }>([
      "question",
      "answer",
      asked.id,
      "--answer",
      "retry once",
    ]);
    commitLog(ana, "answer");
    ana.git("push", "-q", "origin", "HEAD:main");
    const again = bob.adrift([
      "question",
      "answer",
      asked.id,
      "--answer",
      "retry twice",
      "--as",
      "ana@example.com",
    ]);
    expect(again.code, again.stderr).toBe(0);
    commitLog(bob, "answer from the other machine");

    // A plain git merge: each clone appended only to its own log files, so nothing conflicts.
    bob.git("fetch", "-q", "origin");
    bob.git("merge", "-q", "--no-edit", "origin/main");
    bob.git("push", "-q", "origin", "HEAD:main");
    ana.git("pull", "-q", "--no-rebase", "origin", "main");
    for (const repo of [bob, ana]) {
      const listed = repo.adriftJson<{
        total: number;
        questions: {
          id: string;
          answer: { answer: string; decision_id: string };
          ignored_answers: string[];
        }[];
      }>(["question", "list", "--status", "all"]);
      expect(listed.total).toBe(1);
      expect(listed.questions[0]!.answer).toMatchObject({
        answer: "retry once",
        decision_id: first.decision_id,
      });
      expect(listed.questions[0]!.ignored_answers).toHaveLength(1);
      expect(
        repo.adriftJson<{ total: number }>(["question", "list", "--status", "open"]).total,
      ).toBe(0);
      const report = repo.adriftJson<{ problems: { code: string }[] }>(["validate"]);
      expect(report.problems.map((p) => p.code)).toEqual(["duplicate_answer"]);
      expectFailure(repo, ["question", "answer", asked.id, "--answer", "third"], {
        exit: 4,
        code: "already_answered",
      });
    }
  });
});
