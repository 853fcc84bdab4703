import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { decisionEvent, testId } from "../support/events.js";
import { CLI, makeRepo, runCli, tempDir, testEnv } from "../support/repo.js";

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
  ["decision", "anchor"],
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

  it.each([
    [["stale", "--json", "--bogus"], "--bogus"],
    [["--json", "stale", "--bogus"], "--bogus"],
    [["decision", "record", "--json", "--path"], "--path"],
    [["stale", "extra", "--json"], "too many arguments"],
    [["frobnicate", "--json"], "frobnicate"],
  ])(
    "a usage error with --json anywhere (%j) is the JSON error on stderr, exit 2",
    (args, says) => {
      const result = runCli(tempDir(), args);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr.endsWith("\n")).toBe(true);
      expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
      const { error } = JSON.parse(result.stderr);
      expect(error.code).toBe("usage");
      expect(error.message).toContain(says);
      expect(error.message).toContain("--help");
      expect(error.details).toEqual({ reason: expect.any(String) });
    },
  );

  it.each([
    [["hook", "run", "pre-comit", "--json"], "usage", 2],
    [["validate", "--against", "--json"], "validation_failed", 2],
  ])(
    "an error with --json anywhere (%j), even taken as an option's value, is JSON on stderr",
    (args, code, exit) => {
      const result = runCli(makeRepo().dir, args as string[]);
      expect(result.code).toBe(exit);
      expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
      expect(JSON.parse(result.stderr).error.code).toBe(code);
    },
  );

  it("a usage error without --json is adrift's one error line, with the command's help hint", () => {
    const result = runCli(tempDir(), ["stale", "--bogus"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `error [usage]: unknown option '--bogus'; run "adrift stale --help" for usage\n`,
    );
  });

  it("a reader that stops early ends the output quietly (no EPIPE stack trace)", () => {
    // A megabyte of JSON into `head -c 1`, which exits after one byte: the rest hits a closed pipe.
    const repo = makeRepo();
    const lines = Array.from({ length: 2_000 }, (_, i) =>
      JSON.stringify(decisionEvent(testId(i + 10), `decision ${i} ${"x".repeat(300)}`, ["src/"])),
    );
    repo.write(".decisions/log/bulk.events.ndjson", `${lines.join("\n")}\n`);
    const result = spawnSync(
      "sh",
      ["-c", `"${process.execPath}" "${CLI}" list --json | head -c 1 >/dev/null`],
      { cwd: repo.dir, encoding: "utf8", env: testEnv() },
    );
    expect(result.status).toBe(0);
    expect(result.stderr).toBe("");
  });

  it("a closed stderr loses only the notes: the result on stdout is whole", () => {
    const repo = makeRepo();
    const lines = Array.from({ length: 300 }, (_, i) =>
      JSON.stringify(decisionEvent(testId(i + 10), `decision ${i}`, ["src/"])),
    );
    repo.write(".decisions/log/bulk.events.ndjson", `${lines.join("\n")}\n`);
    // ADRIFT_PROFILE writes spans to stderr, which `head -c 1` closes after the first byte.
    const result = spawnSync(
      "sh",
      ["-c", `"${process.execPath}" "${CLI}" stale --json 2>&1 >out.json | head -c 1 >/dev/null`],
      { cwd: repo.dir, encoding: "utf8", env: { ...testEnv(), ADRIFT_PROFILE: "1" } },
    );
    expect(result.status).toBe(0);
    const report = JSON.parse(repo.read("out.json"));
    expect(report.findings).toHaveLength(300);
  });

  it("outside a git repository a command says not_a_git_repo", () => {
    const result = runCli(tempDir(), ["list", "--json"]);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stderr).error.code).toBe("not_a_git_repo");
  });
});
