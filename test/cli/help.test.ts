import { describe, expect, it } from "vitest";
import { runCli, tempDir } from "../support/repo.js";

const FOUNDATION = [
  ["init"],
  ["session", "start"],
  ["session", "show"],
  ["workline", "open"],
  ["workline", "park"],
  ["workline", "activate"],
  ["workline", "close"],
  ["workline", "list"],
  ["intent", "record"],
  ["intent", "amend"],
  ["decision", "record"],
  ["decision", "reverify"],
  ["decision", "supersede"],
  ["decision", "mark-stale"],
  ["show"],
  ["list"],
  ["validate"],
  ["demo"],
];

describe("--help", () => {
  it.each(FOUNDATION)(
    "%s %s: usage, options and an example, outside any repository",
    (...command) => {
      const result = runCli(tempDir(), [...command, "--help"]);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`Usage: adrift ${command.join(" ")}`);
      expect(result.stdout).toMatch(/\nExamples?:\n {2}adrift /);
      expect(result.stdout).toContain(`adrift ${command.join(" ")}`);
      if (command[0] !== "demo") expect(result.stdout).toContain("--json");
    },
  );

  it("an unknown command is a usage error (exit 2)", () => {
    const result = runCli(tempDir(), ["frobnicate"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown command");
  });

  it("outside a git repository a command says not_a_git_repo", () => {
    const result = runCli(tempDir(), ["list", "--json"]);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stderr).error.code).toBe("not_a_git_repo");
  });
});
