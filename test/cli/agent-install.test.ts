import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo } from "../support/repo.js";

// The documented shapes (docs/agents.md, "Hooks", lists the sources).
const CLAUDE_EVENTS = [
  "PreToolUse",
  "PostToolUse",
  "Notification",
  "UserPromptSubmit",
  "Stop",
  "SubagentStop",
  "PreCompact",
  "SessionStart",
  "SessionEnd",
];
const CODEX_EVENTS = ["SessionStart", "PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop"];
const CURSOR_EVENTS = [
  "sessionStart",
  "sessionEnd",
  "beforeShellExecution",
  "afterShellExecution",
  "beforeMCPExecution",
  "afterMCPExecution",
  "beforeReadFile",
  "afterFileEdit",
  "beforeSubmitPrompt",
  "afterAgentResponse",
  "afterAgentThought",
  "stop",
];

/** Checks a Claude Code / Codex hooks object: event -> [{matcher?, hooks: [{type, command, timeout?}]}]. */
function assertMatcherGroups(hooks: unknown, events: string[]) {
  expect(typeof hooks).toBe("object");
  for (const [event, groups] of Object.entries(hooks as Record<string, unknown>)) {
    expect(events).toContain(event);
    expect(Array.isArray(groups)).toBe(true);
    for (const group of groups as Record<string, unknown>[]) {
      expect(Object.keys(group).every((k) => k === "matcher" || k === "hooks")).toBe(true);
      if ("matcher" in group) {
        expect(typeof group.matcher).toBe("string");
        expect(() => new RegExp(group.matcher as string)).not.toThrow();
      }
      for (const hook of group.hooks as Record<string, unknown>[]) {
        expect(hook.type).toBe("command");
        expect(typeof hook.command).toBe("string");
        if ("timeout" in hook) expect(typeof hook.timeout).toBe("number");
      }
    }
  }
}

function assertCursor(config: Record<string, unknown>) {
  expect(config.version).toBe(1);
  for (const [event, entries] of Object.entries(config.hooks as Record<string, unknown>)) {
    expect(CURSOR_EVENTS).toContain(event);
    for (const entry of entries as Record<string, unknown>[])
      expect(typeof entry.command).toBe("string");
  }
}

const CASES = [
  {
    agent: "claude",
    file: ".claude/settings.json",
    // tabs, CRLF and a key order adrift would never write: restored byte for byte
    original:
      '{\r\n\t"permissions": {"allow": ["Bash(npm test)"]},\r\n\t"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say done"}]}]},\r\n\t"model": "opus"\r\n}',
    check: (c: Record<string, unknown>) => assertMatcherGroups(c.hooks, CLAUDE_EVENTS),
    expectEvents: ["SessionStart", "PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop"],
  },
  {
    agent: "codex",
    file: ".codex/hooks.json",
    original:
      '{"hooks":{"SessionStart":[{"matcher":"startup","hooks":[{"type":"command","command":"echo hi"}]}]}}',
    check: (c: Record<string, unknown>) => assertMatcherGroups(c.hooks, CODEX_EVENTS),
    expectEvents: ["SessionStart", "PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop"],
  },
  {
    agent: "cursor",
    file: ".cursor/hooks.json",
    original: '{ "version": 1, "hooks": { "afterFileEdit": [ { "command": "./format.sh" } ] } }',
    check: assertCursor,
    expectEvents: ["sessionStart", "afterFileEdit", "beforeSubmitPrompt", "stop"],
  },
] as const;

describe.each(CASES)(
  "adrift agent install $agent",
  ({ agent, file, original, check, expectEvents }) => {
    it("merges into an existing file in the documented shape; twice changes nothing; uninstall restores the bytes", () => {
      const repo = makeRepo();
      repo.write(file, original);
      const before = JSON.parse(original) as Record<string, unknown>;
      expect(repo.adrift(["agent", "install", agent]).code).toBe(0);
      const once = repo.read(file);
      const config = JSON.parse(once) as Record<string, unknown>;
      check(config);
      // every other key is still there, unchanged; the user's own hooks too
      for (const [key, value] of Object.entries(before))
        if (key !== "hooks") expect(config[key]).toEqual(value);
      const hooks = config.hooks as Record<string, unknown[]>;
      for (const [event, entries] of Object.entries(before.hooks as Record<string, unknown[]>))
        expect(hooks[event]!.slice(0, entries.length)).toEqual(entries);
      for (const event of expectEvents)
        expect(JSON.stringify(hooks[event])).toContain(`--agent ${agent}`);

      const again = repo.adriftJson<{ action: string }>(["agent", "install", agent]);
      expect(again.action).toBe("unchanged");
      expect(repo.read(file)).toBe(once);

      const removed = repo.adriftJson<{ changes: { action: string }[] }>([
        "agent",
        "uninstall",
        agent,
      ]);
      expect(removed.changes[0]!.action).toBe("restored");
      expect(readFileSync(path.join(repo.dir, file))).toEqual(Buffer.from(original));
    });

    it("creates the file when absent and uninstall removes it and its directory", () => {
      const repo = makeRepo();
      expect(
        repo.adrift(["agent", "install", agent, "--command", "npx --no-install git-adrift"]).code,
      ).toBe(0);
      const config = JSON.parse(repo.read(file)) as Record<string, unknown>;
      check(config);
      expect(JSON.stringify(config)).toContain("npx --no-install git-adrift agent hook");
      expect(repo.adrift(["agent", "uninstall"]).code).toBe(0);
      expect(existsSync(path.join(repo.dir, file))).toBe(false);
      expect(existsSync(path.join(repo.dir, path.dirname(file)))).toBe(false);
      expect(readdirSync(path.join(repo.dir, ".git/adrift/agent-backup"))).toEqual([]);
    });
  },
);

describe("adrift agent install and uninstall, the edges", () => {
  it("keeps a person's later edits: uninstall then removes only adrift's entries", () => {
    const repo = makeRepo();
    repo.write(".claude/settings.json", '{"model":"opus"}');
    repo.adrift(["agent", "install", "claude"]);
    const edited = JSON.parse(repo.read(".claude/settings.json")) as Record<string, unknown>;
    edited.env = { FOO: "1" };
    repo.write(".claude/settings.json", JSON.stringify(edited));
    const removed = repo.adriftJson<{ changes: { action: string }[] }>([
      "agent",
      "uninstall",
      "claude",
    ]);
    expect(removed.changes[0]!.action).toBe("removed");
    expect(JSON.parse(repo.read(".claude/settings.json"))).toEqual({
      model: "opus",
      env: { FOO: "1" },
    });
  });

  it("refuses a file that is not JSON and writes nothing", () => {
    const repo = makeRepo();
    repo.write(".cursor/hooks.json", "{ version: 1,");
    const result = repo.adrift(["agent", "install", "cursor", "--json"]);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stderr).error.code).toBe("validation_failed");
    expect(repo.read(".cursor/hooks.json")).toBe("{ version: 1,");
    expect(existsSync(path.join(repo.dir, ".git/adrift/agent-backup"))).toBe(false);
  });

  it("refuses a hooks key of the wrong shape and an unknown agent", () => {
    const repo = makeRepo();
    repo.write(".codex/hooks.json", '{"hooks": []}');
    const shape = repo.adrift(["agent", "install", "codex", "--json"]);
    expect(shape.code).toBe(2);
    expect(JSON.parse(shape.stderr).error.code).toBe("validation_failed");
    expect(repo.read(".codex/hooks.json")).toBe('{"hooks": []}');
    const unknown = repo.adrift(["agent", "install", "copilot", "--json"]);
    expect(unknown.code).toBe(2);
    expect(JSON.parse(unknown.stderr).error.code).toBe("usage");
  });

  it("uninstalls hooks committed by someone else (no backup in this clone)", () => {
    const repo = makeRepo();
    repo.adrift(["agent", "install", "cursor"]);
    writeFileSync(path.join(repo.dir, ".git/adrift/agent-backup/cursor.json"), "not json");
    const removed = repo.adriftJson<{ changes: { action: string }[] }>([
      "agent",
      "uninstall",
      "cursor",
    ]);
    expect(removed.changes[0]!.action).toBe("removed");
    expect(JSON.parse(repo.read(".cursor/hooks.json"))).toEqual({});
  });
});
