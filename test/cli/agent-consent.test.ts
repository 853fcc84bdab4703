import { describe, expect, it } from "vitest";
import { logEvents } from "../support/mcp.js";
import { makeRepo, type TestRepo, testEnv } from "../support/repo.js";

// Hooks run inside the agent's environment: its markers are set there.
const IN_CLAUDE = testEnv({ CLAUDECODE: "1" });
const IN_CURSOR = testEnv({ CURSOR_AGENT: "1" });

const hook = (repo: TestRepo, agent: string, event: string, input: unknown, env = IN_CLAUDE) =>
  repo.adrift(["agent", "hook", event, "--agent", agent], { input: JSON.stringify(input), env });

function propose(repo: TestRepo, env = IN_CLAUDE, outcome = "Login survives IdP outages") {
  return repo.adriftJson<{ id: string }>(
    [
      "intent",
      "record",
      "--outcome",
      outcome,
      "--trigger",
      "Okta was down 2h",
      "--chosen",
      "cache sessions 24h",
      "--rationale",
      "no new infra",
      "--considered",
      "second IdP :: contract cost",
      "--validation",
      "kill the IdP in staging",
    ],
    { env },
  ).id;
}

const consent = (repo: TestRepo) =>
  repo
    .adriftJson<{ records: { id: string }[] }>(["list", "--status", "proposed"])
    .records.map((r) => r.id);
const confirmations = (repo: TestRepo) =>
  logEvents(repo.dir).filter((e) => e.type === "intent_confirmed");

describe("agent hooks: the person consents to a proposal in one reply in the chat", () => {
  for (const agent of ["claude", "codex"]) {
    it(`${agent}: shows the proposed card as one block at stop, and "yes" confirms it as the person`, () => {
      const repo = makeRepo();
      const base = { session_id: `${agent}-1`, cwd: repo.dir };
      hook(repo, agent, "session-start", base);
      const id = propose(repo);

      const stop = JSON.parse(
        hook(repo, agent, "stop", { ...base, stop_hook_active: false }).stdout,
      ) as { decision: string; reason: string };
      expect(stop.decision).toBe("block");
      const block = stop.reason.split("\n").filter((l) => l.startsWith(">"));
      expect(block).toEqual([
        `> **Proposed intent card ${id.slice(0, 10)}** (adrift)`,
        "> outcome: Login survives IdP outages",
        "> trigger: Okta was down 2h",
        "> rejected: second IdP (contract cost)",
        "> chosen: cache sessions 24h — because no new infra",
        "> check: kill the IdP in staging",
        expect.stringContaining("> Reply **yes** to confirm it, or name one field to change"),
      ]);
      // shown once: the next stop does not ask again
      expect(hook(repo, agent, "stop", { ...base, stop_hook_active: true }).stdout).toBe("");

      const reply = hook(repo, agent, "prompt", { ...base, prompt: "Yes." });
      expect(JSON.parse(reply.stdout).hookSpecificOutput.additionalContext).toContain(
        `the person confirmed ${id.slice(0, 10)}`,
      );
      expect(confirmations(repo)).toEqual([
        expect.objectContaining({
          actor: { kind: "human", name: "Ana Souza", email: "ana@example.com" },
          data: { target_id: id },
        }),
      ]);
      expect(consent(repo)).toEqual([]);
    });
  }

  it("takes one field to change in the same reply, and nothing from a reply that is not consent", () => {
    const repo = makeRepo();
    const base = { session_id: "c-2", cwd: repo.dir };
    hook(repo, "claude", "session-start", base);
    const first = propose(repo, IN_CLAUDE, "first");
    const second = propose(repo, IN_CLAUDE, "second");

    const stop = JSON.parse(hook(repo, "claude", "stop", base).stdout).reason as string;
    expect(stop).toContain(`Proposed intent card ${first.slice(0, 10)}`);
    expect(stop).toContain("1 more proposal(s) wait");
    hook(repo, "claude", "prompt", { ...base, prompt: "Let's talk about the TTL first" });
    expect(confirmations(repo)).toEqual([]);
    // the reply was read once: a later "yes" answers something else
    expect(hook(repo, "claude", "prompt", { ...base, prompt: "yes" }).stdout).not.toContain(
      "confirmed",
    );
    expect(consent(repo)).toEqual([first, second]);

    const next = JSON.parse(
      hook(repo, "claude", "stop", { ...base, stop_hook_active: true }).stdout,
    ).reason as string;
    expect(next).toContain(`Proposed intent card ${second.slice(0, 10)}`);
    hook(repo, "claude", "prompt", { ...base, prompt: "outcome: Login survives a 2h IdP outage" });
    expect(confirmations(repo).map((e) => e.data)).toEqual([
      { target_id: second, changes: { outcome: "Login survives a 2h IdP outage" } },
    ]);
    expect(consent(repo)).toEqual([first]);
    expect(hook(repo, "claude", "stop", base).stdout).toBe("");
    // a new agent session counts what still waits
    const summary = JSON.parse(
      hook(repo, "claude", "session-start", { session_id: "c-3", cwd: repo.dir }).stdout,
    );
    expect(summary.hookSpecificOutput.additionalContext).toContain(
      "1 record(s) agents proposed wait for the person's confirmation",
    );
  });

  it("cursor: the block comes as the stop follow-up; adrift's own follow-up is not the person's reply", () => {
    const repo = makeRepo();
    const base = { conversation_id: "cur-1", workspace_roots: [repo.dir] };
    hook(repo, "cursor", "session-start", base, IN_CURSOR);
    const id = propose(repo, IN_CURSOR);
    const followup = JSON.parse(
      hook(repo, "cursor", "stop", { ...base, status: "completed" }, IN_CURSOR).stdout,
    ).followup_message as string;
    expect(followup).toContain(`Proposed intent card ${id.slice(0, 10)}`);
    expect(
      JSON.parse(hook(repo, "cursor", "prompt", { ...base, prompt: followup }, IN_CURSOR).stdout),
    ).toEqual({ continue: true });
    expect(confirmations(repo)).toEqual([]);
    expect(
      JSON.parse(hook(repo, "cursor", "prompt", { ...base, prompt: "sim" }, IN_CURSOR).stdout),
    ).toEqual({ continue: true });
    expect(confirmations(repo)).toHaveLength(1);
    expect(consent(repo)).toEqual([]);
  });

  it("does not show a person's own card, nor proposals from before the agent session", () => {
    const repo = makeRepo();
    propose(repo);
    const base = { session_id: "c-4", cwd: repo.dir };
    hook(repo, "claude", "session-start", base);
    repo.adriftJson(["intent", "record", "--outcome", "mine", "--trigger", "t", "--trivial"]);
    expect(hook(repo, "claude", "stop", base).stdout).toBe("");
  });
});
