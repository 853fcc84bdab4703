// Seed ADR 0214, end to end: QA says "needs a user decision" instead of spending a cycle.
import { describe, expect, it } from "vitest";
import { userDecisionsFor } from "../../src/app/backlog/user-decisions.js";
import { openRepository } from "../../src/app/repository.js";
import { USER_DECISIONS_HEADING } from "../../src/core/render/user-decisions.js";
import { expectFailure } from "../support/log-snapshot.js";
import { makeRepo, testEnv } from "../support/repo.js";

const agent = testEnv({ CLAUDECODE: "1" });

describe("seed 0214: a question for the user parks the task without spending a cycle", () => {
  it("parks, is answered by the session author, resumes review, and the decision reaches the worker", async () => {
    const repo = makeRepo({ name: "Ana Souza", email: "ana@example.com" });
    repo.adriftJson([
      "rule",
      "add",
      "Correction cycle limit",
      "--key",
      "RN-762",
      "--text",
      "at most 3 correction cycles",
    ]);
    repo.adriftJson(["epic", "add", "Cupons", "--key", "EP-7"]);
    const story = repo.adriftJson<{ status: string }>([
      "story",
      "add",
      "Consultar cupom por código",
      "--epic",
      "EP-7",
      "--key",
      "ST-21",
      "--rule",
      "RN-762",
      "--rf",
      "GET /:codigo devolve o cupom",
      "--dor",
      "formato do código: não confirmado pelo usuário",
      "--dod",
      "testes verdes",
    ]);
    expect(story.status).toBe("ready");
    repo.adriftJson(["story", "start", "ST-21"]);
    repo.adriftJson(["task", "add", "Endpoint GET /:codigo", "--story", "ST-21", "--key", "TK-40"]);
    repo.adriftJson(["task", "start", "TK-40"], { env: agent });
    repo.adriftJson(["task", "review", "TK-40"], { env: agent });

    // QA (an agent) finds a requirement "não confirmado pelo usuário": needs_user_decision.
    const verdict = repo.adriftJson<{
      to: string;
      cycle_counted: boolean;
      cycles: number;
      question_id: string;
    }>(
      [
        "verdict",
        "TK-40",
        "needs_user_decision",
        "--question",
        "O código é numérico de 6 dígitos?",
        "--suggest",
        "sim, 6 dígitos",
      ],
      { env: agent },
    );
    expect(verdict).toMatchObject({ to: "parked", cycle_counted: false, cycles: 0 });
    const shown = repo.adriftJson<{
      task: { status: string; cycles: number };
      waiting_for: { id: string; author: { name: string }; affects: { tasks: string[] } };
    }>(["task", "show", "TK-40"]);
    expect(shown.task).toMatchObject({ status: "parked", cycles: 0 });
    expect(shown.waiting_for).toMatchObject({ id: verdict.question_id, author: { name: "qa" } });
    expect(repo.adrift(["task", "list"]).stdout).toContain("waiting for you");
    expectFailure(repo, ["task", "review", "TK-40"], { exit: 2, code: "invalid_transition" });

    // The agent cannot answer; the session author can.
    expectFailure(
      repo,
      ["question", "answer", verdict.question_id, "--accept-suggestion"],
      { exit: 5, code: "only_human" },
      agent,
    );
    const answer = repo.adriftJson<{ decision_id: string; resumed_tasks: string[] }>([
      "question",
      "answer",
      verdict.question_id,
      "--answer",
      "Sim: 6 dígitos numéricos, com zeros à esquerda",
    ]);
    expect(answer.resumed_tasks).toHaveLength(1);
    expect(
      repo.adriftJson<{ task: { status: string; cycles: number } }>(["task", "show", "TK-40"]).task,
    ).toMatchObject({ status: "in_review", cycles: 0 });

    // Its context shows the decision, under the heading that says it wins over RF/DoR.
    const api = await openRepository(repo.dir, { env: testEnv() });
    const block = await api.userDecisions({ task: "TK-40" });
    expect(block.heading).toBe(USER_DECISIONS_HEADING);
    expect(block.decisions.map((d) => d.id)).toEqual([answer.decision_id]);
    expect(block.text).toContain("Sim: 6 dígitos numéricos, com zeros à esquerda");
    expect(block.text).toContain("O código é numérico de 6 dígitos?");
    expect((await api.userDecisions({ story: "ST-21" })).decisions).toHaveLength(1);
    expect(await userDecisionsFor(api.context, { task: "TK-40" })).toEqual(block);
    await expect(userDecisionsFor(api.context, { story: "ST-404" })).rejects.toMatchObject({
      code: "not_found",
    });

    // QA judges again with the decision in context; no cycle was spent on the user's question.
    expect(
      repo.adriftJson<{ to: string; cycles: number }>(["verdict", "TK-40", "approved"], {
        env: agent,
      }),
    ).toMatchObject({ to: "done", cycles: 0 });
  });
});
