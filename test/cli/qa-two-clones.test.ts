// Two QA voices in two clones: each records its voice, neither sees the round complete; after
// merging, the next verdict settles the round.
import { describe, expect, it } from "vitest";
import { logEvents } from "../support/mcp.js";
import { git, makeRepo, runCli, type TestRepo, tempDir } from "../support/repo.js";

function cloneOf(origin: string, name: string, email: string): TestRepo {
  const dir = tempDir();
  git(dir, ["clone", "-q", origin, "."]);
  git(dir, ["config", "user.name", name]);
  git(dir, ["config", "user.email", email]);
  git(dir, ["config", "commit.gpgsign", "false"]);
  return {
    dir,
    git: (...args: string[]) => git(dir, args),
    adrift: (args: string[], options = {}) => runCli(dir, args, options),
    adriftJson<T>(args: string[]) {
      const result = runCli(dir, [...args, "--json"]);
      if (result.code !== 0) throw new Error(`adrift ${args.join(" ")}: ${result.stderr}`);
      return JSON.parse(result.stdout) as T;
    },
  } as unknown as TestRepo;
}

const commitLog = (repo: TestRepo, message: string) => {
  repo.git("add", "-A");
  repo.git("commit", "-q", "-m", message);
};

type Shown = { task: { status: string; cycles: number }; qa: { consolidated?: string } };

describe("QA voices in two clones", () => {
  it("a round completed by a merge is settled by the next verdict", () => {
    const seed = makeRepo();
    seed.adriftJson(["init"]);
    seed.write(".decisions/config.json", JSON.stringify({ qa_specialties: ["api", "security"] }));
    seed.adriftJson(["epic", "add", "E", "--key", "EP-1"]);
    seed.adriftJson(["story", "add", "S", "--epic", "EP-1", "--key", "ST-1"]);
    seed.adriftJson(["task", "add", "T", "--story", "ST-1", "--key", "TK-1"]);
    seed.adriftJson(["task", "start", "TK-1"]);
    seed.adriftJson(["task", "review", "TK-1"]);
    seed.commit("backlog");
    const origin = tempDir();
    git(origin, ["clone", "-q", "--bare", seed.dir, "."]);

    const ana = cloneOf(origin, "Ana Souza", "ana@example.com");
    const bob = cloneOf(origin, "Bob Lee", "bob@example.com");
    expect(
      ana.adriftJson<{ to: string }>(["verdict", "TK-1", "approved", "--specialty", "api"]).to,
    ).toBe("in_review");
    commitLog(ana, "api approves");
    ana.git("push", "-q", "origin", "HEAD:main");
    const asked = bob.adriftJson<{ to: string; question_id: string }>([
      "verdict",
      "TK-1",
      "needs_user_decision",
      "--specialty",
      "security",
      "--question",
      "Log the code?",
    ]);
    expect(asked.to).toBe("in_review");
    commitLog(bob, "security asks");
    bob.git("pull", "-q", "--no-rebase", "origin", "main");

    // Both voices are in; nobody moved the task.
    expect(bob.adriftJson<Shown>(["task", "show", "TK-1"])).toMatchObject({
      task: { status: "in_review" },
      qa: { consolidated: "needs_user_decision" },
    });
    const settled = bob.adriftJson<{
      id: string;
      settled: boolean;
      to: string;
      question_id: string;
    }>(["verdict", "TK-1", "approved", "--specialty", "security"]);
    expect(settled).toMatchObject({ settled: true, to: "parked", question_id: asked.question_id });
    expect(logEvents(bob.dir).find((e) => e.id === settled.id)?.type).toBe("task_transitioned");
    const answered = bob.adriftJson<{ resumed_tasks: string[] }>([
      "question",
      "answer",
      asked.question_id,
      "--answer",
      "never",
    ]);
    expect(answered.resumed_tasks).toHaveLength(1);
    expect(bob.adriftJson<Shown>(["task", "show", "TK-1"]).task).toMatchObject({
      status: "in_review",
      cycles: 0,
    });
  });
});
