import { describe, expect, it } from "vitest";
import { openRepository } from "../../src/app/repository.js";
import { expectFailure } from "../support/log-snapshot.js";
import { makeRepo, testEnv } from "../support/repo.js";

/** A repository with one task in review, set up in-process (the CLI is what is under test). */
async function taskInReview(config?: object) {
  const repo = makeRepo();
  if (config) repo.write(".decisions/config.json", JSON.stringify(config));
  const api = await openRepository(repo.dir, { env: testEnv() });
  await api.addEpic({ title: "E", key: "EP-1" });
  await api.addStory({ title: "S", epic_id: "EP-1", key: "ST-1" });
  await api.addTask({ title: "T", story_id: "ST-1", key: "TK-1" });
  await api.transitionTask("TK-1", "in_progress");
  await api.transitionTask("TK-1", "in_review");
  return { repo, api };
}

describe("verdicts from the CLI", () => {
  it("counts correction cycles up to the configured limit, then blocks the task", async () => {
    const { repo, api } = await taskInReview({ correction_cycle_limit: 2 });
    const outcomes: string[] = [];
    for (let round = 0; round < 3; round++) {
      if (round > 0) await api.transitionTask("TK-1", "in_review");
      const verdict = repo.adriftJson<{ to: string; cycles: number; limit: number }>([
        "verdict",
        "TK-1",
        "changes_requested",
        "--notes",
        `round ${round}`,
      ]);
      expect(verdict.limit).toBe(2);
      outcomes.push(`${verdict.to}:${verdict.cycles}`);
    }
    expect(outcomes).toEqual(["in_progress:1", "in_progress:2", "blocked:3"]);
    expectFailure(repo, ["task", "review", "TK-1"], { exit: 2, code: "invalid_transition" });
    expect(repo.adriftJson<{ to: string }>(["task", "start", "TK-1"]).to).toBe("in_progress");
    await api.transitionTask("TK-1", "in_review");
    expect(repo.adriftJson<{ to: string }>(["verdict", "TK-1", "approved"]).to).toBe("done");
  });

  it("waits for an existing open question, and refuses an answered one (exit 4)", async () => {
    const { repo, api } = await taskInReview();
    const open = await api.askQuestion({ question: "Open one?" });
    const done = await api.askQuestion({ question: "Done one?" });
    await api.answerQuestion(done.id, { answer: "yes" });
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
    expect((await api.showTask("TK-1")).task.status).toBe("in_review");
  });
});
