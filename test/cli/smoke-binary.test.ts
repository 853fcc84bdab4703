// The real binary, spawned, for every command: the other CLI tests run the CLI in-process (see
// test/support/cli-harness.ts), so this file keeps what only a process shows covered — the
// entry point, exit codes, stderr, `--json` that parses — and checks that the in-process run
// prints the same bytes as the process for every command that only reads.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type CliResult, makeRepo, runCli, type TestRepo, testEnv } from "../support/repo.js";

type Smoke = {
  /** the command, as `adrift --help` lists it */
  command: string;
  /** a real invocation (`{id}` is the decision recorded first); none when it cannot end alone */
  run?: string[];
  /** its exit code */
  code?: number;
  /** its exit code with --json, when that differs (a command that takes no --json refuses it) */
  jsonCode?: number;
  /** it writes (ids, times): its output is not compared with the in-process run's */
  writes?: boolean;
};

const SMOKE: Smoke[] = [
  { command: "init", run: ["init"], code: 0, writes: true },
  { command: "session", run: ["session", "show"], code: 0 },
  { command: "workline", run: ["workline", "list"], code: 0 },
  {
    command: "intent",
    run: ["intent", "record", "--outcome", "o", "--trigger", "t", "--trivial"],
    code: 0,
    writes: true,
  },
  {
    command: "decision",
    run: ["decision", "record", "--outcome", "o", "--path", "src/b.ts"],
    code: 0,
    writes: true,
  },
  { command: "show", run: ["show", "{id}"], code: 0 },
  { command: "list", run: ["list"], code: 0 },
  { command: "validate", run: ["validate"], code: 0 },
  { command: "stale", run: ["stale"], code: 0 },
  // interactive on a terminal only: without one it says to use --json or --apply (usage, 2)
  { command: "review", run: ["review"], code: 2, jsonCode: 0 },
  { command: "hook", run: ["hook", "install"], code: 0, writes: true },
  // watch runs until a signal ends it: watch.test.ts spawns it and sends one
  { command: "watch" },
  { command: "rule", run: ["rule", "list"], code: 0 },
  { command: "epic", run: ["epic", "list"], code: 0 },
  { command: "coverage", run: ["coverage"], code: 0 },
  { command: "story", run: ["story", "list"], code: 0 },
  { command: "task", run: ["task", "list"], code: 0 },
  { command: "question", run: ["question", "list"], code: 0 },
  { command: "verdict", run: ["verdict", "no-such-task", "approved"], code: 3 },
  // the demo builds its own repository in ~10 s of processes: readme-demo.test.ts runs it
  { command: "demo" },
  {
    command: "agent",
    run: ["agent", "hook", "session-start", "--agent", "claude"],
    code: 0,
    jsonCode: 2,
  },
  { command: "doctor", run: ["doctor"], code: 0 },
  { command: "context", run: ["context"], code: 0 },
  { command: "export", run: ["export"], code: 0 },
  { command: "report", run: ["report", "correspondence"], code: 0 },
  { command: "pr-comment", run: ["pr-comment", "--base", "HEAD~1"], code: 0 },
  { command: "baseline", run: ["baseline", "freeze"], code: 0, writes: true },
  { command: "adr", run: ["adr", "list"], code: 0 },
  // mcp serves on stdin/stdout until the client leaves: test/mcp/ spawns it as a client would
  { command: "mcp" },
  { command: "completion", run: ["completion", "bash"], code: 0, jsonCode: 2 },
  { command: "symbols", run: ["symbols", "src/b.ts"], code: 0 },
  // a rebuild's counts differ from the first build's (pages written, then unchanged)
  { command: "site", run: ["site", "build"], code: 0, writes: true },
];

const spawned = (repo: TestRepo, args: string[]): CliResult =>
  runCli(repo.dir, args, { spawn: true, env: testEnv() });

describe("the spawned binary", () => {
  it("lists exactly the commands this file covers", () => {
    const result = runCli(makeRepo({ empty: true }).dir, ["--help"], { spawn: true });
    expect(result.code).toBe(0);
    const listed = result.stdout
      .slice(result.stdout.indexOf("\nCommands:\n"))
      .split("\n")
      .flatMap((line) => /^ {2}([a-z-]+)/.exec(line)?.[1] ?? [])
      .filter((name) => name !== "help");
    expect(listed).toEqual(SMOKE.map((s) => s.command));
  });

  it.each(SMOKE.map((s) => [s.command]))("%s --help: usage on stdout, exit 0", (command) => {
    const result = runCli(makeRepo({ empty: true }).dir, [command, "--help"], { spawn: true });
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toContain(`Usage: adrift ${command}`);
  });

  describe("each command run for real, with --json and without", () => {
    let repo: TestRepo;
    let id: string;
    beforeAll(() => {
      repo = makeRepo();
      repo.commit("code", { "src/a.ts": "a\n", "src/b.ts": "b\n" });
      id = repo.adriftJson<{ id: string }>([
        ...["decision", "record", "--outcome", "first", "--path", "src/a.ts"],
      ]).id;
      repo.commit("record");
    });

    it.each(SMOKE.filter((s) => s.run).map((s) => [s.command, s] as const))(
      "%s",
      (_command, smoke) => {
        const args = smoke.run!.map((a) => (a === "{id}" ? id : a));
        const json = spawned(repo, [...args, "--json"]);
        const jsonCode = smoke.jsonCode ?? smoke.code;
        expect(json.code, json.stderr).toBe(jsonCode);
        if (jsonCode === 0) {
          expect(json.stderr).toBe("");
          expect(() => JSON.parse(json.stdout)).not.toThrow();
        } else {
          // an error is one JSON document on stderr, nothing on stdout
          expect(json.stdout).toBe("");
          expect(JSON.parse(json.stderr).error.code).toEqual(expect.any(String));
        }
        const human = spawned(repo, args);
        expect(human.code, human.stderr).toBe(smoke.code);
        if (smoke.code === 0) expect(human.stderr).toBe("");
        else expect(human.stderr).toMatch(/^error \[\w+\]: .+\n$/);
        if (smoke.writes) return;
        // the in-process run (what the other tests use) prints the same bytes as the process
        expect(runCli(repo.dir, [...args, "--json"])).toEqual(json);
        expect(runCli(repo.dir, args)).toEqual(human);
      },
    );
  });
});

describe("the package's binary", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const bin = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).bin.adrift;

  it("is the bundle's CommonJS entry, and prints what dist/cli/main.js prints", () => {
    expect(bin).toBe("dist/bundle/cli/start.cjs");
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": "a\n" });
    repo.adriftJson(["decision", "record", "--outcome", "first", "--path", "src/a.ts"]);
    const run = (entry: string, args: string[]) => {
      const r = spawnSync(process.execPath, [path.join(root, entry), ...args], {
        cwd: repo.dir,
        env: testEnv(),
        encoding: "utf8",
      });
      return { code: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    for (const args of [
      ["--version"],
      ["--help"],
      ["list", "--json"],
      ["stale", "--json"],
      ["show", "01XXXXXXXXXXXXXXXXXXXXXXXX"],
      ["nonsense"],
    ]) {
      const fromBin = run(bin, args);
      expect(fromBin, args.join(" ")).toEqual(run("dist/cli/main.js", args));
      expect(fromBin.code, args.join(" ")).toBe(
        args[0] === "show" ? 3 : args[0] === "nonsense" ? 2 : 0,
      );
    }
  });
});
