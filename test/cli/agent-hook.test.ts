import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openRepository } from "../../src/app/repository.js";
import { parseHookInput, patchPaths } from "../../src/core/agents/hook-input.js";
import { makeRepo, runCli, type TestRepo, tempDir, testEnv } from "../support/repo.js";

/** Records a decision in-process (set-up), so the spawns go to the hook under test. */
async function decide(repo: TestRepo, outcome: string, scope: string): Promise<string> {
  const api = await openRepository(repo.dir, { env: testEnv() });
  const result = await api.recordDecision({
    outcome,
    trigger: "t",
    chosen_approach: `${outcome} approach`,
    selection_rationale: "r",
    trivial: true,
    touched_paths: [scope],
  });
  return result.id;
}

const hook = (repo: TestRepo, agent: string, event: string, input: unknown) =>
  repo.adrift(["agent", "hook", event, "--agent", agent], { input: JSON.stringify(input) });

function claudeContext(stdout: string): string {
  return (JSON.parse(stdout) as { hookSpecificOutput: { additionalContext: string } })
    .hookSpecificOutput.additionalContext;
}

describe("adrift agent hook (Claude Code)", () => {
  it("names a bracketed route file as its path, not with the escapes it is stored with", () => {
    const repo = makeRepo();
    repo.commit("code", { "app/[id]/page.tsx": "export default function Page() {}\n" });
    repo.adriftJson(["init"]);
    repo.adriftJson([
      ...["decision", "record", "--outcome", "Pages render on the server", "--trivial"],
      ...["--path", "app/[id]/page.tsx"],
    ]);
    const pre = hook(repo, "claude", "pre-edit", {
      session_id: "s-b",
      cwd: repo.dir,
      hook_event_name: "PreToolUse",
      tool_name: "Edit",
      tool_input: { file_path: path.join(repo.dir, "app/[id]/page.tsx") },
    });
    const text = claudeContext(pre.stdout);
    expect(text).toContain("[app/[id]/page.tsx] Pages render on the server");
    expect(text).not.toContain("\\[");
  });

  it("briefs at session start, governs an edit, tells was → now, and asks once at stop", async () => {
    const repo = makeRepo();
    repo.commit("code", { "src/auth/login.ts": "x\n", "src/billing/vat.ts": "y\n" });
    const login = await decide(repo, "Login checks the cache first", "src/auth/login.ts");
    const area = await decide(repo, "Auth lives in one folder", "src/auth/");
    await decide(repo, "VAT is 20 percent", "src/billing/");
    const base = { session_id: "s-1", cwd: repo.dir };

    const start = hook(repo, "claude", "session-start", {
      ...base,
      hook_event_name: "SessionStart",
    });
    expect(start.code).toBe(0);
    expect(JSON.parse(start.stdout).hookSpecificOutput.hookEventName).toBe("SessionStart");
    expect(claudeContext(start.stdout)).toContain("3 active decision(s)");
    expect(claudeContext(start.stdout)).toContain("Context: VAT is 20 percent");

    const edit = {
      ...base,
      hook_event_name: "PreToolUse",
      tool_name: "Edit",
      tool_input: { file_path: path.join(repo.dir, "src/auth/login.ts") },
    };
    const pre = hook(repo, "claude", "pre-edit", edit);
    const text = claudeContext(pre.stdout);
    expect(JSON.parse(pre.stdout).hookSpecificOutput.hookEventName).toBe("PreToolUse");
    // most specific first; the billing decision does not govern this file
    expect(text.indexOf(login.slice(0, 10))).toBeGreaterThan(-1);
    expect(text.indexOf(login.slice(0, 10))).toBeLessThan(text.indexOf(area.slice(0, 10)));
    expect(text).not.toContain("VAT");
    // the same file again: already told, nothing new
    expect(hook(repo, "claude", "pre-edit", edit).stdout).toBe("");
    expect(
      hook(repo, "claude", "post-edit", { ...edit, hook_event_name: "PostToolUse" }).stdout,
    ).toBe("");

    const newer = await decide(repo, "Login asks the IdP first again", "src/auth/login.ts");
    repo.adriftJson(["decision", "supersede", login, "--by", newer]);
    repo.adriftJson(["decision", "mark-stale", area]);
    const prompt = hook(repo, "claude", "prompt", { ...base, prompt: "carry on" });
    const told = claudeContext(prompt.stdout);
    expect(told).toContain(
      `${login.slice(0, 10)} "Login checks the cache first": was active → now superseded`,
    );
    expect(told).toContain(`superseded by ${newer.slice(0, 10)}`);
    expect(told).toContain(
      `${area.slice(0, 10)} "Auth lives in one folder": was active → now stale`,
    );
    // told once
    expect(hook(repo, "claude", "prompt", { ...base, prompt: "more" }).stdout).toBe("");

    const stop = hook(repo, "claude", "stop", { ...base, stop_hook_active: false });
    const asked = JSON.parse(stop.stdout) as { decision: string; reason: string };
    expect(asked.decision).toBe("block");
    expect(asked.reason).toContain("src/auth/login.ts");
    expect(asked.reason).toContain("open question");
    expect(hook(repo, "claude", "stop", { ...base, stop_hook_active: false }).stdout).toBe("");
    // another session has its own memory, kept under the git dir
    expect(hook(repo, "claude", "stop", { session_id: "s-2", cwd: repo.dir }).stdout).toBe("");
    expect(readdirSync(path.join(repo.dir, ".git/adrift/agent-sessions")).length).toBe(2);
    expect(repo.git("status", "--porcelain", "--", ".claude", "src")).toBe("");
  });

  it("names at most ten decisions and what the limit left out", async () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a/b/c.ts": "x\n" });
    const ids = [await decide(repo, "exact file", "src/a/b/c.ts")];
    for (let i = 0; i < 11; i++) ids.push(await decide(repo, `broad ${i}`, "src/"));
    const out = hook(repo, "claude", "pre-edit", {
      session_id: "s",
      cwd: repo.dir,
      tool_input: { file_path: "src/a/b/c.ts" },
    });
    const text = claudeContext(out.stdout);
    expect(text).toContain("12 recorded decision(s)");
    const listed = text.split("\n").filter((l) => l.startsWith("- "));
    expect(listed).toHaveLength(10);
    expect(listed[0]).toContain(ids[0]!.slice(0, 10));
    expect(text).toMatch(/and 2 less specific one\(s\) left out: \w{10}, \w{10}/);
  });
});

describe("adrift agent hook (Cursor, Codex)", () => {
  it("Cursor: context at sessionStart, governing decisions at the first edit, followup at stop", async () => {
    const repo = makeRepo();
    repo.commit("code", { "src/auth/login.ts": "x\n" });
    await decide(repo, "Login checks the cache first", "src/auth/");
    const base = { conversation_id: "c-1", workspace_roots: [repo.dir] };
    const start = JSON.parse(hook(repo, "cursor", "session-start", base).stdout);
    expect(start.additional_context).toContain("1 active decision(s)");
    expect(JSON.parse(hook(repo, "cursor", "prompt", { ...base, prompt: "hi" }).stdout)).toEqual({
      continue: true,
    });
    const edit = { ...base, file_path: path.join(repo.dir, "src/auth/login.ts"), edits: [] };
    expect(JSON.parse(hook(repo, "cursor", "post-edit", edit).stdout).additional_context).toContain(
      "Login checks the cache first",
    );
    expect(hook(repo, "cursor", "post-edit", edit).stdout).toBe("");
    const stop = JSON.parse(hook(repo, "cursor", "stop", { ...base, status: "completed" }).stdout);
    expect(stop.followup_message).toContain("src/auth/login.ts");
  });

  it("Codex: files named by apply_patch are governed", async () => {
    const repo = makeRepo();
    repo.commit("code", { "src/auth/login.ts": "x\n" });
    await decide(repo, "Login checks the cache first", "src/auth/login.ts");
    const out = hook(repo, "codex", "pre-edit", {
      session_id: "x-1",
      cwd: repo.dir,
      hook_event_name: "PreToolUse",
      tool_name: "apply_patch",
      tool_input: {
        command: "*** Begin Patch\n*** Update File: src/auth/login.ts\n@@\n-x\n+y\n*** End Patch\n",
      },
    });
    expect(claudeContext(out.stdout)).toContain("Login checks the cache first");
  });

  it("never fails the agent: outside a repository, garbage input, unknown agent or event", () => {
    const outside = tempDir();
    for (const [args, input] of [
      [["agent", "hook", "session-start", "--agent", "claude"], "{}"],
      [["agent", "hook", "pre-edit", "--agent", "claude"], "not json at all"],
      [["agent", "hook", "pre-edit", "--agent", "copilot"], "{}"],
      [["agent", "hook", "explode", "--agent", "cursor"], "{}"],
    ] as const) {
      const result = runCli(outside, [...args], { input });
      expect(result.code).toBe(0);
      expect(result.stdout).toBe("");
    }
    const repo = makeRepo();
    const garbage = repo.adrift(["agent", "hook", "pre-edit", "--agent", "claude"], {
      input: '{"tool_input": {"file_path": 42}, "session_id": ["x"]}',
    });
    expect(garbage.code).toBe(0);
  });
});

describe("parsing what agents send", () => {
  it("reads apply_patch paths, Claude's file_path and Cursor's conversation", () => {
    expect(
      patchPaths(
        "*** Add File: a.ts\n+x\n*** Delete File: b.ts\n*** Update File: c.ts\n*** Move to: d.ts\n",
      ),
    ).toEqual(["a.ts", "b.ts", "c.ts", "d.ts"]);
    expect(
      parseHookInput(
        "claude",
        '{"session_id":"s","cwd":"/r","tool_input":{"file_path":"/r/a.ts"},"stop_hook_active":true}',
      ),
    ).toEqual({ session: "s", cwd: "/r", files: ["/r/a.ts"], stop_active: true });
    expect(
      parseHookInput(
        "cursor",
        '{"conversation_id":"c","workspace_roots":["/w"],"file_path":"/w/x"}',
      ),
    ).toEqual({
      session: "c",
      cwd: "/w",
      files: ["/w/x"],
      stop_active: false,
    });
    expect(parseHookInput("codex", "[1,2]")).toEqual({
      session: "unknown",
      files: [],
      stop_active: false,
    });
  });
});
