import { describe, expect, it } from "vitest";
import { detectAgent } from "../../../src/app/recording/actor.js";
import { makeRepo, testEnv } from "../../support/repo.js";

describe("detectAgent", () => {
  it.each([
    [{ CLAUDECODE: "1" }, "claude-code"],
    [{ CODEX_SANDBOX: "seatbelt" }, "codex"],
    [{ CODEX_SANDBOX_NETWORK_DISABLED: "1" }, "codex"],
    [{ CODEX_THREAD_ID: "019a-…" }, "codex"],
    [{ CURSOR_AGENT: "1" }, "cursor"],
    [{ GEMINI_CLI: "1" }, "gemini-cli"],
    [{ AI_AGENT: "aider" }, "aider"],
    [{ AI_AGENT: "claude-code_2.1.0_agent" }, "claude-code"],
    [{ AGENT: "goose" }, "goose"],
    [{ AGENT: "1" }, "agent"],
  ])("names the agent of %o", (env, name) => {
    expect(detectAgent(env)).toBe(name);
  });

  it.each([
    [{}],
    [{ AIDER_MODEL: "sonnet" }],
    [{ CURSOR_TRACE_ID: "abc" }],
    [{ AGENT: "0" }],
    [{ AI_AGENT: "" }],
    [{ TERM_PROGRAM: "vscode", HOME: "/home/ana" }],
  ])("leaves a person's shell human: %o", (env) => {
    expect(detectAgent(env)).toBeUndefined();
  });
});

type Shown = { record: { actor: { kind: string; name: string; email: string } } };

describe("the actor of recorded events", () => {
  const record = (repo: ReturnType<typeof makeRepo>, env: NodeJS.ProcessEnv, as: string[] = []) => {
    const { id } = repo.adriftJson<{ id: string }>(
      ["intent", "record", "--outcome", "o", "--trigger", "t", "--trivial", ...as],
      { env: testEnv(env) },
    );
    return repo.adriftJson<Shown>(["show", id]).record.actor;
  };

  it("is the agent inside an agent's shell, the person outside it, and --as wins", () => {
    const repo = makeRepo();
    expect(record(repo, { CLAUDECODE: "1" })).toEqual({
      kind: "agent",
      name: "claude-code",
      email: "ana@example.com",
    });
    expect(record(repo, { CURSOR_AGENT: "1" }).name).toBe("cursor");
    expect(record(repo, {})).toEqual({
      kind: "human",
      name: "Ana Souza",
      email: "ana@example.com",
    });
    expect(record(repo, { CLAUDECODE: "1" }, ["--as", "Bo <bo@example.com>"])).toEqual({
      kind: "human",
      name: "Bo",
      email: "bo@example.com",
    });
  });
});
