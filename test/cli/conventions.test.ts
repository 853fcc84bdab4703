// The conventions a git-shaped CLI's users have in their fingers.
import { existsSync, mkdirSync, readdirSync, symlinkSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { colorEnabled } from "../../src/cli/io.js";
import { makeRepo, runCli, tempDir, testEnv } from "../support/repo.js";

const ERROR_LINE = /^error \[[a-z_]+\]: [^\n]+\n$/;

describe("-C and --json before the command", () => {
  it("adrift -C <dir> --json stale is adrift stale --json run in <dir>", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": "a\n" });
    repo.adriftJson(["decision", "record", "--outcome", "o", "--path", "src/a.ts"]);
    repo.commit("change", { "src/a.ts": "b\n" });
    const elsewhere = tempDir();
    const before = runCli(elsewhere, ["-C", repo.dir, "--json", "stale"]);
    expect(before.code, before.stderr).toBe(0);
    const report = JSON.parse(before.stdout);
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0].state).toBe("stale");
    const after = runCli(repo.dir, ["stale", "--json"]);
    expect(JSON.parse(after.stdout)).toEqual(report);
    // the long forms, in the other order, and before a subcommand of a group
    expect(JSON.parse(runCli(elsewhere, ["--json", "--cwd", repo.dir, "list"]).stdout).total).toBe(
      1,
    );
    const adr = runCli(elsewhere, ["-C", repo.dir, "--json", "adr", "list"]);
    expect(adr.code, adr.stderr).toBe(0);
    expect(JSON.parse(adr.stdout)).toHaveProperty("adrs");
  });

  it("an option after the command wins over the same one before it", () => {
    const repo = makeRepo();
    const result = runCli(tempDir(), ["-C", "/nonexistent", "list", "-C", repo.dir, "--json"]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ records: [], total: 0 });
  });

  it("a command that does not take one refuses it (usage, exit 2) rather than ignore it", () => {
    const result = runCli(tempDir(), ["-C", tempDir(), "demo"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(ERROR_LINE);
    expect(result.stderr).toContain("adrift demo does not take -C");
    const json = runCli(tempDir(), ["--json", "hook", "run", "pre-commit"]);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stderr).error.code).toBe("usage");
  });
});

describe("one error format", () => {
  it("commander's usage errors and adrift's own errors print the same one line", () => {
    const repo = makeRepo();
    repo.adrift(["init"]);
    const usage = runCli(repo.dir, ["stale", "--bogus"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toBe(
      `error [usage]: unknown option '--bogus'; run "adrift stale --help" for usage\n`,
    );
    const missing = runCli(repo.dir, ["show"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(ERROR_LINE);
    expect(missing.stderr).toContain(`missing required argument 'id'`);
    const typo = runCli(repo.dir, ["stale", "--jsn"]);
    expect(typo.stderr).toMatch(ERROR_LINE); // commander's "(Did you mean --json?)" on the same line
    expect(typo.stderr).toContain("--json?");
    const own = runCli(repo.dir, ["show", "01NOPE"]);
    expect(own.code).toBe(3);
    expect(own.stderr).toMatch(ERROR_LINE);
    const unknown = runCli(repo.dir, ["frobnicate"]);
    expect(unknown.stderr).toBe(
      `error [usage]: unknown command 'frobnicate'; run "adrift --help" for usage\n`,
    );
  });
});

describe("colour (no-color.org, force-color.org)", () => {
  const tty = { isTTY: true } as NodeJS.WriteStream;
  const pipe = { isTTY: false } as NodeJS.WriteStream;

  it("NO_COLOR set to an empty string is ignored; set to anything else, it turns colour off", () => {
    expect(colorEnabled(tty, { NO_COLOR: "" })).toBe(true);
    expect(colorEnabled(tty, { NO_COLOR: "1" })).toBe(false);
    expect(colorEnabled(tty, { NO_COLOR: "0" })).toBe(false);
    expect(colorEnabled(tty, {})).toBe(true);
    expect(colorEnabled(pipe, {})).toBe(false);
    expect(colorEnabled(tty, { TERM: "dumb" })).toBe(false);
  });

  it("FORCE_COLOR forces colour, into a pipe too and over NO_COLOR; 0 or false turns it off", () => {
    expect(colorEnabled(pipe, { FORCE_COLOR: "1" })).toBe(true);
    expect(colorEnabled(pipe, { FORCE_COLOR: "3", NO_COLOR: "1" })).toBe(true);
    expect(colorEnabled(tty, { FORCE_COLOR: "0" })).toBe(false);
    expect(colorEnabled(tty, { FORCE_COLOR: "false" })).toBe(false);
    expect(colorEnabled(pipe, { FORCE_COLOR: "" })).toBe(false);
  });

  it("the CLI colours a pipe with FORCE_COLOR and not without", () => {
    const repo = makeRepo();
    repo.adriftJson(["decision", "record", "--outcome", "o"]);
    const { NO_COLOR: _, ...plain } = testEnv();
    const forced = runCli(repo.dir, ["list"], { env: { ...plain, FORCE_COLOR: "1" } });
    expect(forced.stdout).toContain("\u001b[");
    expect(runCli(repo.dir, ["list"], { env: plain }).stdout).not.toContain("\u001b[");
    expect(runCli(repo.dir, ["list"], { env: { ...plain, NO_COLOR: "" } }).stdout).not.toContain(
      "\u001b[",
    );
  });
});

describe("path options resolve from where the command runs, inside the repository", () => {
  it("export --out from a subdirectory writes there; -C resolves from the -C directory", () => {
    const repo = makeRepo();
    repo.adriftJson(["decision", "record", "--outcome", "o"]);
    mkdirSync(path.join(repo.dir, "docs/sub"), { recursive: true });
    const sub = path.join(repo.dir, "docs/sub");
    const result = runCli(sub, ["export", "--out", "session.md"]);
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(path.join(sub, "session.md"))).toBe(true);
    expect(runCli(tempDir(), ["-C", sub, "export", "--out", "again.md"]).code).toBe(0);
    expect(existsSync(path.join(sub, "again.md"))).toBe(true);
  });

  it("adr draft --out is relative to the current directory, not to the repository root", () => {
    const repo = makeRepo();
    const { id } = repo.adriftJson<{ id: string }>([
      ...["intent", "record", "--outcome", "Cache sessions", "--chosen", "Redis", "--trivial"],
    ]);
    mkdirSync(path.join(repo.dir, "docs"), { recursive: true });
    const result = runCli(path.join(repo.dir, "docs"), [
      ...["adr", "draft", "--out", "proposals", "--record", id],
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(readdirSync(path.join(repo.dir, "docs/proposals"))).toHaveLength(1);
    expect(existsSync(path.join(repo.dir, "proposals"))).toBe(false);
  });

  it.each([
    [["export", "--out"], "../outside-export.md"],
    [["report", "correspondence", "--out"], "../outside-report.md"],
    [["adr", "draft", "--out"], "../outside-drafts"],
    [["export", "--out"], ".git/hooks/pre-commit"],
    [["export", "--out"], "link/out.md"],
  ])(
    "%j %s refuses to write outside the work tree (usage, exit 2) and writes nothing",
    (args, target) => {
      const repo = makeRepo();
      repo.adriftJson(["intent", "record", "--outcome", "o", "--trivial"]);
      const outside = tempDir();
      symlinkSync(outside, path.join(repo.dir, "link"));
      const result = runCli(repo.dir, [...args, target, "--json"]);
      expect(result.code).toBe(2);
      const { error } = JSON.parse(result.stderr);
      expect(error.code).toBe("usage");
      expect(error.details.reason).toBe("outside_repository");
      expect(readdirSync(outside)).toEqual([]);
      expect(existsSync(path.resolve(repo.dir, target))).toBe(false);
    },
  );

  it.each([
    [["site", "build", "--out"], "../outside-site", false],
    [["adr", "draft", "--out"], "../outside-drafts", false],
    [["report", "correspondence", "--out"], "../outside-report.md", true],
    [["export", "--out"], "../outside-export.md", true],
  ])(
    "%j %s outside the work tree: suggests redirecting stdout only where the document is printed there (%s)",
    (args, target, printed) => {
      const repo = makeRepo();
      repo.adriftJson(["intent", "record", "--outcome", "o", "--trivial"]);
      const result = runCli(repo.dir, [...args, target]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("give a path inside it");
      expect(result.stderr.includes("redirect stdout")).toBe(printed);
    },
  );
});

describe("reading where adrift is not set up", () => {
  it.each([["list"], ["stale"], ["question", "list"], ["show", "01ABCD"]])(
    "adrift %s says there is no .decisions/ and suggests adrift init",
    (...args) => {
      const repo = makeRepo();
      mkdirSync(path.join(repo.dir, "src"));
      const result = runCli(path.join(repo.dir, "src"), args);
      expect(result.stderr).toContain("adrift is not set up in this repository");
      expect(result.stderr).toContain("adrift init");
    },
  );

  it("--json keeps stdout the document and stderr for the JSON error alone; a set-up repository gets no note", () => {
    const repo = makeRepo();
    const result = runCli(repo.dir, ["list", "--json"]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ records: [], total: 0 });
    expect(result.stderr).toBe("");
    const failed = runCli(repo.dir, ["show", "01NOPE", "--json"]);
    expect(JSON.parse(failed.stderr).error.code).toBe("not_found");
    runCli(repo.dir, ["init"]);
    expect(runCli(repo.dir, ["list"]).stderr).toBe("");
  });
});

describe("show prints every kind of artifact for people", () => {
  it("rules, epics, stories, tasks, questions, worklines and sessions: no raw JSON", () => {
    const repo = makeRepo();
    repo.adrift(["init"]);
    const make = (args: string[]) => repo.adriftJson<{ id: string }>(args).id;
    const ids = {
      rule: make([
        "rule",
        "add",
        "Refunds in 30 days",
        "--text",
        "Due in 30 days",
        "--key",
        "RN-1",
      ]),
      epic: make(["epic", "add", "Payments", "--key", "EP-1", "--description", "Money"]),
      story: make([
        "story",
        "add",
        "Refund flow",
        "--epic",
        "EP-1",
        "--key",
        "ST-1",
        "--rf",
        "button",
        "--dod",
        "tested",
        "--dor",
        "designed",
        "--rule",
        "RN-1",
      ]),
      task: make(["task", "add", "Build the button", "--story", "ST-1", "--key", "TK-1"]),
      workline: make(["workline", "open", "Refunds", "--tag", "pay"]),
      question: make(["question", "ask", "Partial refunds?", "--suggest", "not yet"]),
    };
    const session = repo.adriftJson<{ session: { id: string } }>(["session", "show"]).session.id;
    const expected: [string, string[]][] = [
      [ids.rule, ["Rule RN-1", "Due in 30 days"]],
      [ids.epic, ["Epic EP-1", "Money"]],
      [ids.story, ["Story ST-1", "RN-1 Refunds in 30 days", "TK-1 Build the button"]],
      [ids.task, ["Task TK-1", "ST-1 Refund flow", "(inherited)"]],
      [ids.workline, ["Workline", "Refunds", "pay"]],
      [ids.question, ["Question", "Partial refunds?", "not yet"]],
      [session, ["Session", "Ana Souza <ana@example.com>"]],
    ];
    for (const [id, says] of expected) {
      const result = repo.adrift(["show", id]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout.trimStart().startsWith("{"), result.stdout).toBe(false);
      expect(result.stdout).not.toContain('":');
      for (const text of says) expect(result.stdout).toContain(text);
      // where it was recorded, as file:line
      expect(result.stdout).toMatch(/\.decisions\/log\/[^\n]+\.events\.ndjson:\d+/);
      // --json stays the document
      expect(repo.adriftJson<{ id: string }>(["show", id]).id).toBe(id);
    }
  });
});

describe("hook run is documented", () => {
  it("adrift hook --help lists run, and its help shows a husky line", () => {
    const dir = tempDir();
    expect(runCli(dir, ["hook", "--help"]).stdout).toMatch(/\n {2}run <name> \[args\.\.\.\]/);
    expect(runCli(dir, ["hook", "run", "--help"]).stdout).toContain(
      "npx --no-install git-adrift hook run pre-commit",
    );
  });
});
