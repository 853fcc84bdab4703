import { describe, expect, it } from "vitest";
import { connectMcp, logEvents } from "../support/mcp.js";
import { makeRepo, testEnv } from "../support/repo.js";

const AGENT = testEnv({ CLAUDECODE: "1" });

type Row = { id: string; consent: string; card: { outcome: string; trigger: string } };
type Listed = { records: Row[]; total: number };

describe("adrift intent confirm: an agent proposes, a person consents", () => {
  it("confirms a proposed card with one command: its status changes, its history is kept, nothing is rewritten", async () => {
    const repo = makeRepo();
    const mcp = await connectMcp(repo.dir, { name: "claude-code" });
    const { id } = await mcp.ok<{ id: string }>("record_intent_card", {
      card: {
        outcome: "Login survives IdP outages",
        trigger: "Okta was down 2h",
        chosen_approach: "cache sessions 24h",
        selection_rationale: "no new infra",
      },
      considered: [{ approach: "second IdP", rejected_because: "contract cost" }],
    });
    const waiting = repo.adriftJson<Listed>(["list", "--status", "proposed"]);
    expect(waiting.records.map((r) => [r.id, r.consent])).toEqual([[id, "proposed"]]);
    expect(repo.adrift(["list", "--status", "proposed"]).stdout).toContain(
      "[proposed: waits for a person]",
    );
    expect(repo.adrift(["context"]).stdout).toContain("1 proposed waiting");
    expect(repo.adriftJson<{ proposed: number }>(["context"]).proposed).toBe(1);
    const logBefore = logEvents(repo.dir);

    const confirmed = repo.adriftJson<{
      target_id: string;
      consent: string;
      changes: object;
      proposed_by: string;
    }>([
      "intent",
      "confirm",
      id.slice(0, 10),
      "--outcome",
      "Login survives a 2h IdP outage",
      "--message-id",
      "chat-msg-41",
    ]);
    expect(confirmed).toMatchObject({
      target_id: id,
      consent: "confirmed",
      proposed_by: "claude-code",
      changes: { outcome: "Login survives a 2h IdP outage" },
    });

    // One event appended; every line before it is as it was.
    const logAfter = logEvents(repo.dir);
    expect(logAfter.slice(0, logBefore.length)).toEqual(logBefore);
    const added = logAfter.slice(logBefore.length).filter((e) => e.type !== "session_started");
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      type: "intent_confirmed",
      actor: { kind: "human", name: "Ana Souza" },
      message_id: "chat-msg-41",
      data: { target_id: id, changes: { outcome: "Login survives a 2h IdP outage" } },
    });

    const shown = repo.adriftJson<{
      record: Row & {
        confirmations: { actor: { name: string }; changes: object }[];
        actor: { kind: string };
      };
    }>(["show", id]);
    expect(shown.record.consent).toBe("confirmed");
    expect(shown.record.card.outcome).toBe("Login survives a 2h IdP outage");
    expect(shown.record.actor.kind).toBe("agent");
    expect(shown.record.confirmations).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ name: "Ana Souza" }),
        changes: { outcome: "Login survives a 2h IdP outage" },
      }),
    ]);
    expect(repo.adrift(["show", id]).stdout).toMatch(
      /confirmed +by Ana Souza at .* \(changed: outcome\)/,
    );
    expect(repo.adriftJson<Listed>(["list", "--status", "proposed"]).total).toBe(0);
    expect(repo.adrift(["context"]).stdout).not.toContain("proposed");

    // Yes twice is a conflict, and nothing is written.
    const again = repo.adrift(["intent", "confirm", id, "--json"]);
    expect(again.code).toBe(4);
    expect(JSON.parse(again.stderr).error.code).toBe("conflict");
    expect(logEvents(repo.dir)).toHaveLength(logAfter.length);

    // An agent's later change waits for consent again.
    await mcp.ok("amend_intent_card", { target_id: id, changes: { trigger: "Okta was down 3h" } });
    expect(
      repo.adriftJson<Listed>(["list", "--status", "proposed"]).records.map((r) => r.id),
    ).toEqual([id]);
  });

  it("lets only a person confirm: an agent's shell is refused even with --as, and nothing is written", () => {
    const repo = makeRepo();
    const { id } = repo.adriftJson<{ id: string }>(
      ["intent", "record", "--outcome", "o", "--trigger", "t", "--trivial"],
      { env: AGENT },
    );
    expect(
      repo.adriftJson<Listed>(["list", "--status", "proposed"]).records.map((r) => r.id),
    ).toEqual([id]);
    const before = logEvents(repo.dir).length;
    for (const args of [
      ["intent", "confirm", id, "--json"],
      ["intent", "confirm", id, "--as", "ana@example.com", "--json"],
    ]) {
      const refused = repo.adrift(args, { env: AGENT });
      expect(refused.code).toBe(5);
      expect(JSON.parse(refused.stderr).error.code).toBe("only_human");
    }
    expect(logEvents(repo.dir)).toHaveLength(before);
    expect(repo.adrift(["intent", "confirm", id]).code).toBe(0);
  });

  it("has nothing to confirm on a person's own card", () => {
    const repo = makeRepo();
    const { id } = repo.adriftJson<{ id: string }>([
      "decision",
      "record",
      "--outcome",
      "o",
      "--trivial",
    ]);
    const result = repo.adrift(["intent", "confirm", id, "--json"]);
    expect(result.code).toBe(4);
    expect(JSON.parse(result.stderr).error.message).toMatch(/recorded by a person/);
    expect(repo.adriftJson<{ record: Row }>(["show", id]).record.consent).toBe("confirmed");
  });

  it("stamps --message-id on every event a recording command writes", () => {
    const repo = makeRepo();
    const { id } = repo.adriftJson<{ id: string }>([
      "intent",
      "record",
      "--outcome",
      "o",
      "--trivial",
      "--message-id",
      "m-1",
    ]);
    repo.adriftJson(["rule", "add", "R", "--text", "T", "--message-id", "m-2"]);
    repo.adriftJson(["question", "ask", "Why?", "--message-id", "m-3"]);
    repo.adriftJson(["intent", "amend", id, "--trigger", "t", "--message-id", "m-4"]);
    const stamped = logEvents(repo.dir).map((e) => [
      e.type,
      (e as { message_id?: string }).message_id,
    ]);
    expect(stamped).toEqual([
      ["session_started", undefined],
      ["intent_card_recorded", "m-1"],
      ["business_rule_recorded", "m-2"],
      ["open_question_declared", "m-3"],
      ["intent_card_amended", "m-4"],
    ]);
    expect(repo.adrift(["intent", "record", "--help"]).stdout).toContain("--message-id");
    expect(repo.adrift(["list", "--help"]).stdout).not.toContain("--message-id");
  });
});
