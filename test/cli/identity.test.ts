import { describe, expect, it } from "vitest";
import { logEvents, logFiles } from "../support/log-files.js";
import { makeRepo, tempDir, testEnv } from "../support/repo.js";

type Recorded = { event: { actor: { kind: string; name: string; email?: string } } };

describe("author identity", () => {
  it("comes from git user.name and user.email", () => {
    const repo = makeRepo({ name: "João Ribeiro", email: "joao@example.com" });
    const { event } = repo.adriftJson<Recorded>([
      "intent",
      "record",
      "--outcome",
      "o",
      "--trivial",
    ]);
    expect(event.actor).toEqual({ kind: "human", name: "João Ribeiro", email: "joao@example.com" });
    const session = logEvents(repo.dir).find((e) => e.type === "session_started")!;
    expect(session.data.author).toEqual({ name: "João Ribeiro", email: "joao@example.com" });
  });

  it("is overridden with --as, with or without a name, in its own session", () => {
    const repo = makeRepo();
    repo.adriftJson(["intent", "record", "--outcome", "mine", "--trivial"]);
    const named = repo.adriftJson<Recorded>([
      "intent",
      "record",
      "--outcome",
      "o",
      "--as",
      "Зоя Ivanova <zoya@example.com>",
    ]);
    expect(named.event.actor).toEqual({
      kind: "human",
      name: "Зоя Ivanova",
      email: "zoya@example.com",
    });
    const bare = repo.adriftJson<Recorded>([
      "intent",
      "record",
      "--outcome",
      "o",
      "--as",
      "zoya@example.com",
    ]);
    expect(bare.event.actor.email).toBe("zoya@example.com");
    const sessions = logEvents(repo.dir).filter((e) => e.type === "session_started");
    expect(sessions.map((s) => (s.data.author as { email: string }).email).sort()).toEqual([
      "ana@example.com",
      "zoya@example.com",
    ]);
  });

  it("refuses --as without an email, and recording with no identity at all", () => {
    const repo = makeRepo();
    const result = repo.adrift(["intent", "record", "--outcome", "o", "--as", "nobody", "--json"]);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stderr).error.code).toBe("usage");
    repo.git("config", "--unset", "user.email");
    repo.git("config", "--unset", "user.name");
    const home = tempDir();
    const anonymous = repo.adrift(["intent", "record", "--outcome", "o", "--json"], {
      env: testEnv({ HOME: home, XDG_CONFIG_HOME: home }),
    });
    expect(anonymous.code).toBe(2);
    expect(JSON.parse(anonymous.stderr).error.code).toBe("validation_failed");
    expect(logFiles(repo.dir)).toEqual([]);
  });

  it("marks events from a known agent's shell as agent events", () => {
    const repo = makeRepo();
    const { event } = repo.adriftJson<Recorded>(["intent", "record", "--outcome", "o"], {
      env: testEnv({ CLAUDECODE: "1" }),
    });
    expect(event.actor).toMatchObject({ kind: "agent", name: "claude-code" });
  });
});
