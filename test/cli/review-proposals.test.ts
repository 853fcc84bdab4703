import { describe, expect, it } from "vitest";
import type { ReviewItem } from "../../src/core/review/review-item.js";
import { openRepository } from "../../src/index.js";
import { connectMcp, errorCode, logEvents } from "../support/mcp.js";
import { repoWithDecision, testEnv } from "../support/repo.js";

const AGENT = testEnv({ CLAUDECODE: "1" });

/** A committed decision on src/a.ts made stale by a later commit. */
function staleDecision() {
  const { repo, id } = repoWithDecision();
  repo.commit("change a", { "src/a.ts": "a2\n" });
  return { repo, id };
}

const stateOf = (repo: ReturnType<typeof staleDecision>["repo"], id: string) =>
  repo
    .adriftJson<{ findings: { record_id: string; state: string }[] }>(["stale"])
    .findings.find((f) => f.record_id === id)!.state;

describe("an agent proposes a re-verification, a person confirms it", () => {
  it("from an agent's shell, decision reverify is a proposal; review --apply confirm re-verifies", () => {
    const { repo, id } = staleDecision();
    const bare = repo.adrift(["decision", "reverify", id, "--json"], { env: AGENT });
    expect(bare.code).not.toBe(0);
    expect(JSON.parse(bare.stderr).error.code).toBe("validation_failed");

    const proposed = repo.adriftJson<{ proposed: boolean; id: string }>(
      ["decision", "reverify", id, "--note", "checked a2 keeps the contract"],
      { env: AGENT },
    );
    expect(proposed.proposed).toBe(true);
    const proposal = logEvents(repo.dir).at(-1)!;
    expect(proposal).toMatchObject({
      type: "decision_reverify_proposed",
      actor: { kind: "agent", name: "claude-code" },
      data: { decision_id: id, note: "checked a2 keeps the contract" },
    });
    expect(stateOf(repo, id)).toBe("stale");
    const waiting = repo.adrift(["list", "--status", "proposed"]).stdout;
    expect(waiting).toContain("[re-verification proposed: waits for a person]");
    expect(repo.adrift(["show", id]).stdout).toMatch(
      /re-verify {4}proposed by claude-code at [0-9a-f]{12}: checked a2 keeps the contract/,
    );
    expect(repo.adrift(["context"]).stdout).toContain("1 proposed waiting");

    const [item] = repo.adriftJson<{ items: ReviewItem[] }>(["review"]).items;
    expect(item!.proposals).toEqual([
      expect.objectContaining({
        id: proposal.id,
        by: "claude-code",
        note: "checked a2 keeps the contract",
      }),
    ]);
    expect(item!.actions.find((a) => a.action === "confirm")!.command).toBe(
      `adrift intent confirm ${id.slice(0, 10)}`,
    );

    // The agent cannot confirm its own proposal, not even through --apply: nothing is written.
    const count = logEvents(repo.dir).length;
    const verdict = JSON.stringify({ id, action: "confirm" });
    const refused = repo.adrift(["review", "--apply", "-", "--json"], {
      env: AGENT,
      input: verdict,
    });
    expect(JSON.parse(refused.stderr).error.code).toBe("validation_failed");
    expect(refused.stderr).toMatch(/only a person/);
    expect(logEvents(repo.dir)).toHaveLength(count);

    const confirmed = repo.adrift(["review", "--apply", "-"], { input: verdict });
    expect(confirmed.code).toBe(0);
    expect(confirmed.stdout).toMatch(/1 applied, 0 failed/);
    expect(logEvents(repo.dir).at(-1)).toMatchObject({
      type: "decision_reverified",
      actor: { kind: "human" },
      data: { decision_id: id, note: "checked a2 keeps the contract", proposal_id: proposal.id },
    });
    expect(stateOf(repo, id)).toBe("fresh");
    expect(repo.adriftJson<{ items: ReviewItem[] }>(["review"]).items).toEqual([]);
  });

  it("over MCP: the agent reads the items, proposes with a note; the person's intent confirm re-verifies", async () => {
    const { repo, id } = staleDecision();
    const mcp = await connectMcp(repo.dir, { name: "claude-code" });
    const listed = await mcp.ok<{ items: ReviewItem[]; total: number }>("review_stale_records");
    expect(listed.total).toBe(1);
    expect(listed.items[0]).toMatchObject({
      id,
      state: "stale",
      files: [{ path: "src/a.ts", change: "modified" }],
    });
    expect(listed.items[0]!.files[0]!.hunks![0]!.lines).toEqual([
      { op: "-", text: "a" },
      { op: "+", text: "a2" },
    ]);
    expect(errorCode(await mcp.call("propose_reverification", { id, note: "  " }))).toBe(
      "validation_failed",
    );
    const proposed = await mcp.ok<{ proposed: boolean }>("propose_reverification", {
      id,
      note: "read the diff: a2 is the same constant renamed",
    });
    expect(proposed.proposed).toBe(true);
    expect(stateOf(repo, id)).toBe("stale");
    expect(logEvents(repo.dir).some((e) => e.type === "decision_reverified")).toBe(false);

    const confirmed = repo.adriftJson<{ reverified: { note: string } }>(["intent", "confirm", id]);
    expect(confirmed.reverified.note).toBe("read the diff: a2 is the same constant renamed");
    expect(stateOf(repo, id)).toBe("fresh");
    // Nothing waits any more.
    expect(repo.adrift(["intent", "confirm", id]).code).not.toBe(0);
  });

  it("confirms one thing at a time: an agent's card first, then its re-verification", () => {
    const repo = repoWithDecision().repo;
    const { id } = repo.adriftJson<{ id: string }>(
      ["decision", "record", "--outcome", "agent's", "--path", "src/b.ts"],
      { env: AGENT },
    );
    repo.commit("record b");
    repo.commit("change b", { "src/b.ts": "b2\n" });
    repo.adriftJson(["decision", "reverify", id, "--note", "b2 is fine"], { env: AGENT });
    const item = repo
      .adriftJson<{ items: ReviewItem[] }>(["review", id])
      .items.find((i) => i.id === id)!;
    expect(item.consent).toBe("proposed");
    expect(item.actions.find((a) => a.action === "confirm")!.label).toBe("confirm the card");
    const first = repo.adriftJson<{ reverified?: unknown; was: string }>(["intent", "confirm", id]);
    expect(first.was).toBe("proposed");
    expect(first.reverified).toBeUndefined();
    expect(stateOf(repo, id)).toBe("stale");
    const second = repo.adriftJson<{ reverified: { note: string } }>(["intent", "confirm", id]);
    expect(second.reverified.note).toBe("b2 is fine");
    expect(stateOf(repo, id)).toBe("fresh");
  });

  it("a reply in the agent's chat never confirms a re-verification (the chat shows only cards)", async () => {
    const { repo, id } = staleDecision();
    repo.adriftJson(["decision", "reverify", id, "--note", "looked"], { env: AGENT });
    const lib = await openRepository(repo.dir, { env: testEnv() });
    await expect(lib.confirmRecord(id, {}, { from_chat: true })).rejects.toMatchObject({
      code: "conflict",
    });
    expect(stateOf(repo, id)).toBe("stale");
  });

  it("in the agent's chat: the stop hook shows the proposal, the person's yes confirms it", () => {
    const { repo, id } = staleDecision();
    const hook = (event: string, input: unknown) =>
      repo.adrift(["agent", "hook", event, "--agent", "claude"], {
        input: JSON.stringify(input),
        env: AGENT,
      });
    const base = { session_id: "s-1", cwd: repo.dir };
    hook("session-start", base);
    repo.adriftJson(["decision", "reverify", id, "--note", "only a comment changed"], {
      env: AGENT,
    });
    const stop = JSON.parse(hook("stop", { ...base, stop_hook_active: false }).stdout) as {
      reason: string;
    };
    expect(stop.reason.split("\n").filter((l) => l.startsWith(">"))).toEqual([
      `> **Proposed re-verification of decision ${id.slice(0, 10)}** (adrift)`,
      "> outcome: o",
      "> checked: only a comment changed",
      "> Reply **yes** to confirm it still holds (`adrift review` shows the diff).",
    ]);
    const reply = hook("prompt", { ...base, prompt: "Yes." });
    expect(JSON.parse(reply.stdout).hookSpecificOutput.additionalContext).toContain(
      `the person confirmed ${id.slice(0, 10)}`,
    );
    expect(logEvents(repo.dir).at(-1)).toMatchObject({
      type: "decision_reverified",
      actor: { kind: "human" },
      data: { decision_id: id, note: "only a comment changed" },
    });
    expect(stateOf(repo, id)).toBe("fresh");

    // A field change is no answer to a re-verification: nothing is confirmed.
    repo.commit("reverified; change a again", { "src/a.ts": "a3\n" });
    repo.adriftJson(["decision", "reverify", id, "--note", "a3 too"], { env: AGENT });
    expect(hook("stop", { ...base, stop_hook_active: false }).stdout).toContain(
      "> checked: a3 too",
    );
    hook("prompt", { ...base, prompt: "outcome: something else" });
    expect(stateOf(repo, id)).toBe("stale");
  });
});
