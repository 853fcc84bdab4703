import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openRepository } from "../../src/index.js";
import { expectFailure } from "../support/log-snapshot.js";
import { connectMcp } from "../support/mcp.js";
import { makeRepo, type TestRepo, testEnv } from "../support/repo.js";

type Drafts = { drafts: { path: string }[] };

/** A repository with an ADR draft, an open question and a card an agent proposed. */
function setup(repo: TestRepo, env: NodeJS.ProcessEnv) {
  repo.commit("init", { "src/a.ts": "export const a = 1;\n" });
  const card = repo.adriftJson<{ id: string }>(
    [
      "intent",
      "record",
      "--outcome",
      "Sign webhooks",
      "--trigger",
      "spoofing",
      "--chosen",
      "HMAC",
      "--trivial",
    ],
    { env },
  );
  // one card shares nothing with another: it is drafted when asked for
  const { drafts } = repo.adriftJson<Drafts>(["adr", "draft", "--record", card.id], { env });
  const question = repo.adriftJson<{ id: string }>(["question", "ask", "Round half up?"], { env });
  const agentEnv = { ...env, CLAUDECODE: "1" };
  const proposed = repo.adriftJson<{ id: string }>(
    ["intent", "record", "--outcome", "Retry webhooks", "--trigger", "lost events", "--trivial"],
    { env: agentEnv },
  );
  const decision = repo.adriftJson<{ id: string }>(
    ["decision", "record", "--outcome", "Keep a", "--trivial", "--path", "src/a.ts"],
    { env },
  );
  repo.adriftJson(["decision", "reverify", decision.id, "--note", "checked a"], { env: agentEnv });
  return {
    draft: drafts[0]!.path,
    question: question.id,
    proposed: proposed.id,
    decision: decision.id,
    agentEnv,
  };
}

describe.each(["cli", "embedded"])("only a person decides (%s git adapter)", (adapter) => {
  const env = testEnv({ ADRIFT_GIT: adapter });

  it("an agent's shell is refused only_human for adr accept/reject, answering, confirming and re-verifying; nothing is written", () => {
    const repo = makeRepo();
    const s = setup(repo, env);
    const refusals = [
      ["adr", "accept", s.draft],
      ["adr", "reject", s.draft, "--reason", "not now"],
      ["question", "answer", s.question, "--answer", "yes"],
      ["question", "answer", s.question, "--answer", "yes", "--as", "ana@example.com"],
      ["intent", "confirm", s.proposed],
      ["intent", "confirm", s.decision],
    ];
    for (const args of refusals) {
      const { error } = expectFailure(repo, args, { exit: 5, code: "only_human" }, s.agentEnv);
      expect(error.message).toContain("only a person does");
      expect(error.details).toMatchObject({ reason: "agent", agent: "claude-code" });
    }
    expect(existsSync(path.join(repo.dir, s.draft))).toBe(true);

    // The person, from their own shell, does each of them.
    repo.adriftJson(["question", "answer", s.question, "--answer", "yes"], { env });
    repo.adriftJson(["intent", "confirm", s.proposed], { env });
    repo.adriftJson(["intent", "confirm", s.decision], { env });
    const accepted = repo.adriftJson<{ path: string }>(["adr", "accept", s.draft], { env });
    expect(existsSync(path.join(repo.dir, accepted.path))).toBe(true);
  });
});

describe("only a person decides, through the library and MCP", () => {
  it("the library refuses an agent actor, or an agent's environment, what only a person does", async () => {
    const repo = makeRepo();
    const env = testEnv();
    const s = setup(repo, env);
    const byKind = await openRepository(repo.dir, { env, actor: { kind: "agent", name: "bot" } });
    const byEnv = await openRepository(repo.dir, { env: s.agentEnv });
    for (const lib of [byKind, byEnv]) {
      await expect(lib.acceptAdr(s.draft)).rejects.toMatchObject({ code: "only_human" });
      await expect(lib.rejectAdr(s.draft, "no")).rejects.toMatchObject({ code: "only_human" });
      await expect(lib.answerQuestion(s.question, { answer: "yes" })).rejects.toMatchObject({
        code: "only_human",
      });
      await expect(lib.confirmRecord(s.proposed)).rejects.toMatchObject({ code: "only_human" });
      await expect(lib.confirmRecord(s.decision)).rejects.toMatchObject({ code: "only_human" });
    }
    const person = await openRepository(repo.dir, { env });
    await expect(person.rejectAdr(s.draft, "superseded by a better draft")).resolves.toMatchObject({
      draft: s.draft,
    });
  });

  it("the MCP server offers no tool that accepts, rejects, answers or confirms", async () => {
    const repo = makeRepo();
    const mcp = await connectMcp(repo.dir, { name: "claude-code" });
    const { tools } = await mcp.client.listTools();
    const names = tools.map((t) => t.name);
    expect(names.length).toBeGreaterThan(5);
    for (const name of names)
      expect(name).not.toMatch(/accept|reject|answer|confirm|reverif(y|ied)$/);
  });
});
