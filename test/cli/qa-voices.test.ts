// Several QA voices on one task: one verdict per specialty, one consolidated result per round.
import { describe, expect, it } from "vitest";
import { openRepository } from "../../src/app/repository.js";
import { expectFailure } from "../support/log-snapshot.js";
import { makeRepo, testEnv } from "../support/repo.js";

const agent = testEnv({ CLAUDECODE: "1" });

type VerdictJson = {
  to: string;
  from: string;
  cycles: number;
  cycle_counted: boolean;
  question_id?: string;
  round: { pending: string[]; consolidated?: string; voices: { specialty: string }[] };
  user_decisions: { decisions: { id: string }[]; text: string };
};

/** A task TK-1 in review, in a project whose QA has two specialties. */
async function taskInReview(dor = "API contract reviewed") {
  const repo = makeRepo({ name: "Ana Souza", email: "ana@example.com" });
  repo.write(
    ".decisions/config.json",
    JSON.stringify({ qa_specialties: ["api", "security"], correction_cycle_limit: 3 }),
  );
  const api = await openRepository(repo.dir, { env: testEnv() });
  await api.addRule({ title: "Codes", key: "RN-1", text: "coupon codes" });
  await api.addEpic({ title: "E", key: "EP-1" });
  await api.addStory({
    title: "S",
    epic_id: "EP-1",
    key: "ST-1",
    functional_requirements: ["GET /:code"],
    definition_of_ready: [dor],
    definition_of_done: ["tests"],
    business_rule_ids: ["RN-1"],
  });
  await api.addTask({ title: "T", story_id: "ST-1", key: "TK-1" });
  await api.transitionTask("TK-1", "in_progress");
  await api.transitionTask("TK-1", "in_review");
  const verdict = (args: string[]) =>
    repo.adriftJson<VerdictJson>(["verdict", "TK-1", ...args], { env: agent });
  return { repo, api, verdict };
}

describe("QA lead consolidation from the CLI", () => {
  it("moves the task only when every specialty has judged, and spends one cycle per round", async () => {
    const { repo, api, verdict } = await taskInReview();
    const first = verdict(["approved", "--specialty", "api"]);
    expect(first).toMatchObject({ from: "in_review", to: "in_review", cycle_counted: false });
    expect(first.round).toMatchObject({ pending: ["security"] });
    expect(first.round.consolidated).toBeUndefined();
    expect(repo.adrift(["task", "list"]).stdout).toContain("(QA to judge: security)");
    expect(
      repo.adrift(["verdict", "TK-1", "approved", "--specialty", "api"], { env: agent }).code,
    ).toBe(4);

    const second = verdict([
      "changes_requested",
      "--specialty",
      "security",
      "--notes",
      "no rate limit",
    ]);
    expect(second).toMatchObject({ to: "in_progress", cycles: 1, cycle_counted: true });
    expect(second.round).toMatchObject({ pending: [], consolidated: "changes_requested" });

    // Round two: both ask for changes; still one cycle.
    await api.transitionTask("TK-1", "in_review");
    verdict(["changes_requested", "--specialty", "api"]);
    expect(verdict(["changes_requested", "--specialty", "security"])).toMatchObject({
      to: "in_progress",
      cycles: 2,
    });
    await api.transitionTask("TK-1", "in_review");
    verdict(["approved", "--specialty", "security"]);
    expect(verdict(["approved", "--specialty", "api"])).toMatchObject({ to: "done", cycles: 2 });

    const shown = repo.adriftJson<{
      task: { cycles: number; verdicts: unknown[] };
      qa: { consolidated: string; voices: { specialty: string; verdict: string }[] };
    }>(["task", "show", "TK-1"]);
    expect(shown.task).toMatchObject({ cycles: 2 });
    expect(shown.task.verdicts).toHaveLength(6);
    expect(shown.qa.consolidated).toBe("approved");
    expect(shown.qa.voices.map((v) => `${v.specialty}:${v.verdict}`)).toEqual([
      "security:approved",
      "api:approved",
    ]);
    expect(repo.adrift(["task", "show", "TK-1"]).stdout).toMatch(
      /QA\s+api: approved, security: approved\s+→ approved/,
    );
  });

  it("needs_user_decision of one specialty beats approved: parks, no cycle, back to review when answered", async () => {
    const { repo, verdict } = await taskInReview();
    verdict(["approved", "--specialty", "api"]);
    const text = repo.adrift(["task", "show", "TK-1"]).stdout;
    expect(text).toMatch(/api: approved, security: pending/);
    const parked = verdict([
      "needs_user_decision",
      "--specialty",
      "security",
      "--question",
      "May codes be guessed?",
      "--suggest",
      "no: 12 random characters",
    ]);
    expect(parked).toMatchObject({ to: "parked", cycles: 0, cycle_counted: false });
    expect(parked.round.consolidated).toBe("needs_user_decision");
    const answer = repo.adriftJson<{ decision_id: string; resumed_tasks: string[] }>([
      "question",
      "answer",
      parked.question_id!,
      "--accept-suggestion",
    ]);
    expect(answer.resumed_tasks).toHaveLength(1);
    const shown = repo.adriftJson<{
      task: { status: string };
      qa: { voices: unknown[]; pending: string[] };
    }>(["task", "show", "TK-1"]);
    // A new round: every voice judges again, with the decision.
    expect(shown.task.status).toBe("in_review");
    expect(shown.qa).toMatchObject({ voices: [], pending: ["api", "security"] });
    const again = verdict(["approved", "--specialty", "security"]);
    expect(again.user_decisions.decisions.map((d) => d.id)).toEqual([answer.decision_id]);
    expect(
      repo.adrift(["verdict", "TK-1", "approved", "--specialty", "api"], { env: agent }).stdout,
    ).toContain("no: 12 random characters");
  });

  it("a round whose questions the user answered before it closed goes straight back to review", async () => {
    const { repo, verdict } = await taskInReview();
    const asked = verdict([
      "needs_user_decision",
      "--specialty",
      "api",
      "--question",
      "Status 404 or 410?",
    ]);
    repo.adriftJson(["question", "answer", asked.question_id!, "--answer", "404"]);
    const last = repo.adriftJson<VerdictJson & { resumed?: boolean }>(
      ["verdict", "TK-1", "approved", "--specialty", "security"],
      { env: agent },
    );
    expect(last).toMatchObject({ from: "in_review", to: "in_review", resumed: true, cycles: 0 });
    expect(last.user_decisions.decisions).toHaveLength(1);
    const shown = repo.adriftJson<{ task: { status: string }; qa: { voices: unknown[] } }>([
      "task",
      "show",
      "TK-1",
    ]);
    expect(shown).toMatchObject({ task: { status: "in_review" }, qa: { voices: [] } });
  });

  it("a task two voices parked waits for both answers", async () => {
    const { repo, verdict } = await taskInReview();
    const a = verdict([
      "needs_user_decision",
      "--specialty",
      "api",
      "--question",
      "Status 404 or 410?",
    ]);
    const b = verdict([
      "needs_user_decision",
      "--specialty",
      "security",
      "--question",
      "Log the code?",
    ]);
    expect(b.to).toBe("parked");
    const first = repo.adriftJson<{ resumed_tasks: string[] }>([
      "question",
      "answer",
      a.question_id!,
      "--answer",
      "404",
    ]);
    expect(first.resumed_tasks).toEqual([]);
    expect(
      repo.adriftJson<{ waiting_for: { id: string } }>(["task", "show", "TK-1"]).waiting_for.id,
    ).toBe(b.question_id);
    const second = repo.adriftJson<{ resumed_tasks: string[] }>([
      "question",
      "answer",
      b.question_id!,
      "--answer",
      "never",
    ]);
    expect(second.resumed_tasks).toHaveLength(1);
  });

  it("a round complete without a move (fewer specialties now) is settled by the next verdict", async () => {
    const { repo, verdict } = await taskInReview();
    verdict(["changes_requested", "--specialty", "api"]);
    // The project drops its security voice: the round is complete, the task still in review.
    repo.write(".decisions/config.json", JSON.stringify({ qa_specialties: ["api"] }));
    const shown = repo.adriftJson<{ task: { status: string }; qa: { consolidated: string } }>([
      "task",
      "show",
      "TK-1",
    ]);
    expect(shown).toMatchObject({
      task: { status: "in_review" },
      qa: { consolidated: "changes_requested" },
    });
    const settled = repo.adriftJson<VerdictJson & { settled?: boolean }>(
      ["verdict", "TK-1", "approved", "--specialty", "api"],
      { env: agent },
    );
    expect(settled).toMatchObject({ settled: true, to: "in_progress", cycles: 1 });
    const task = repo.adriftJson<{ task: { verdicts: unknown[] } }>(["task", "show", "TK-1"]);
    expect(task.task.verdicts).toHaveLength(1);
  });

  it("refuses a verdict without its specialty or of an unknown one, and writes nothing", async () => {
    const { repo } = await taskInReview();
    expectFailure(repo, ["verdict", "TK-1", "approved"], { exit: 2, code: "usage" }, agent);
    const unknown = expectFailure(
      repo,
      ["verdict", "TK-1", "approved", "--specialty", "secruity"],
      { exit: 2, code: "usage" },
      agent,
    );
    expect(unknown.error.details).toMatchObject({ specialties: ["api", "security"] });
  });
});

describe("a requirement the user has not confirmed", () => {
  it("refuses changes_requested (not_confirmed), and allows it once a user decision settles it", async () => {
    const { repo, verdict } = await taskInReview("code format: not confirmed by the user");
    const refused = expectFailure(
      repo,
      [
        "verdict",
        "TK-1",
        "changes_requested",
        "--specialty",
        "api",
        "--notes",
        "codes must be numeric",
      ],
      { exit: 2, code: "not_confirmed" },
      agent,
    );
    expect(refused.error.message).toContain("needs_user_decision");
    expect(refused.error.details).toMatchObject({
      items: ["code format: not confirmed by the user"],
    });
    verdict(["approved", "--specialty", "security"]);
    const parked = verdict([
      "needs_user_decision",
      "--specialty",
      "api",
      "--question",
      "Is the code numeric?",
      "--suggest",
      "6 digits",
    ]);
    expect(parked).toMatchObject({ to: "parked", cycles: 0 });
    repo.adriftJson(["question", "answer", parked.question_id!, "--accept-suggestion"]);
    // The decision settles it: a change asked against it is a real correction.
    expect(
      verdict(["changes_requested", "--specialty", "api", "--notes", "5 digits accepted"]).round
        .pending,
    ).toEqual(["security"]);
  });
});

describe("decisions reach the worker unasked", () => {
  it("task start and review print the user decisions that reach the task", async () => {
    const repo = makeRepo({ name: "Ana Souza", email: "ana@example.com" });
    const api = await openRepository(repo.dir, { env: testEnv() });
    await api.addEpic({ title: "E", key: "EP-1" });
    await api.addStory({ title: "S", epic_id: "EP-1", key: "ST-1" });
    await api.addTask({ title: "T", story_id: "ST-1", key: "TK-1" });
    const q = await api.askQuestion({ question: "Round half up?", affects: { stories: ["ST-1"] } });
    const answer = await api.answerQuestion(q.id, { answer: "half even" });
    const started = repo.adriftJson<VerdictJson>(["task", "start", "TK-1"], { env: agent });
    expect(started.user_decisions.decisions.map((d) => d.id)).toEqual([answer.decision_id]);
    const text = repo.adrift(["task", "review", "TK-1"], { env: agent }).stdout;
    expect(text).toContain("User decisions — they override RF/DoR when they conflict");
    expect(text).toContain("half even");
    const lib = await api.transitionTask("TK-1", "done");
    expect(lib).not.toHaveProperty("user_decisions");
  });
});
