// The GitHub Action runs the CLI bundled in one file on the runner's Node 24: no install, no build.
import { spawnSync } from "node:child_process";
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { makeRepo, type TestRepo, tempDir, testEnv } from "../support/repo.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const action = parse(readFileSync(path.join(ROOT, "action.yml"), "utf8"));

let dir: string;

beforeAll(() => {
  // the bundle as the sources build it now (the committed one is checked by .ci/run)
  dir = tempDir("adrift-action-");
  const built = spawnSync(
    process.execPath,
    [path.join(ROOT, "scripts/build-action.mjs"), "--out", dir],
    {
      encoding: "utf8",
    },
  );
  expect(built.status, built.stderr).toBe(0);
  copyFileSync(path.join(ROOT, "action/main.mjs"), path.join(dir, "main.mjs"));
});

/** A pull request: a decision on main, then a branch that changes its code. */
function pullRequest(): { repo: TestRepo; base: string; head: string } {
  const repo = makeRepo();
  repo.commit("code", { "src/auth/login.ts": "cache first\n" });
  repo.adriftJson(["decision", "record", "--outcome", "Cache first", "--path", "src/auth/"]);
  const base = repo.commit("decision");
  repo.git("checkout", "-q", "-b", "feature");
  const head = repo.commit("login: IdP first", { "src/auth/login.ts": "idp first\n" });
  return { repo, base, head };
}

/** Runs the action's entry point as the runner does: INPUT_* variables, the workspace, files for outputs. */
function runAction(repo: TestRepo, inputs: Record<string, string>) {
  const files = tempDir();
  const event = path.join(files, "event.json");
  writeFileSync(event, JSON.stringify({ pull_request: { number: 42 } }));
  const env: NodeJS.ProcessEnv = {
    ...testEnv(),
    GITHUB_WORKSPACE: repo.dir,
    GITHUB_OUTPUT: path.join(files, "output"),
    GITHUB_STEP_SUMMARY: path.join(files, "summary"),
    GITHUB_EVENT_PATH: event,
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  const result = spawnSync(process.execPath, [path.join(dir, "main.mjs")], {
    cwd: tempDir(), // the runner's cwd is not the action's concern: the workspace is
    env,
    encoding: "utf8",
  });
  const read = (file: string) => readFileSync(path.join(files, file), "utf8");
  return { ...result, read };
}

describe("the GitHub Action", () => {
  it("is a JavaScript action on Node 24 with the documented inputs and outputs", () => {
    expect(action.runs).toEqual({ using: "node24", main: "action/main.mjs" });
    expect(Object.keys(action.inputs).sort()).toEqual(
      ["adrift-version", "base", "fail-on", "head", "out-dir"].sort(),
    );
    expect(Object.keys(action.outputs).sort()).toEqual(["body-file", "failing"]);
  });

  it("writes the comment files and outputs from the bundle alone, and fails on a gate that holds", () => {
    const { repo, base, head } = pullRequest();
    const run = runAction(repo, {
      base,
      head,
      "fail-on": "stale",
      "out-dir": "adrift-pr-comment",
    });
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toContain("adrift: failing on stale");
    const out = (file: string) => repo.read(`adrift-pr-comment/${file}`);
    expect(out("head-sha")).toBe(head);
    expect(out("pr-number")).toBe("42");
    expect(out("body.md")).toMatch(new RegExp(`^<!-- adrift:pr-comment head=${head} -->`));
    expect(out("body.md")).toContain("1 record made stale");
    expect(JSON.parse(out("comment.json")).body).toBe(out("body.md"));
    expect(run.read("output")).toBe("body-file=adrift-pr-comment/body.md\nfailing=stale\n");
    expect(run.read("summary")).toBe(out("body.md"));
  });

  it("passes when no gate holds, and takes inputs as data, never as shell", () => {
    const { repo, base, head } = pullRequest();
    const run = runAction(repo, { base, head, "fail-on": "", "out-dir": "$(touch pwned)" });
    expect(run.status, run.stderr).toBe(0);
    expect(repo.read("$(touch pwned)/head-sha")).toBe(head);
    expect(spawnSync("ls", [repo.dir], { encoding: "utf8" }).stdout).not.toContain("pwned\n");
    const bad = runAction(repo, { base, "adrift-version": "1.0.0; rm -rf /" });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("is not an npm version");
  });

  it("the bundle is one file that runs every command: version, templates beside it", () => {
    const { repo } = pullRequest();
    const cli = path.join(dir, "adrift.mjs");
    const version = spawnSync(process.execPath, [cli, "--version"], { encoding: "utf8" });
    expect(version.stdout.trim()).toBe(
      JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).version,
    );
    const { id } = repo.adriftJson<{ id: string }>([
      ...["intent", "record", "--outcome", "Drafts work from the bundle", "--chosen", "c"],
      "--trivial",
    ]);
    const draft = spawnSync(process.execPath, [cli, "adr", "draft", "--record", id, "--json"], {
      cwd: repo.dir,
      env: testEnv(),
      encoding: "utf8",
    });
    expect(draft.status, draft.stderr).toBe(0);
    const drafts = JSON.parse(draft.stdout).drafts as { path: string }[];
    expect(drafts.length).toBeGreaterThan(0);
    // Accepting reads the draft's front matter: a package the CLI loads on first use, which the
    // bundle must hold too (the bundle's folder has no node_modules to find it in).
    const accept = spawnSync(process.execPath, [cli, "adr", "accept", drafts[0]!.path, "--json"], {
      cwd: repo.dir,
      env: testEnv(),
      encoding: "utf8",
    });
    expect(accept.status, accept.stderr).toBe(0);
    expect(JSON.parse(accept.stdout).number).toBe(1);
  });

  it("ships the license notices of the packages bundled into it", () => {
    const notices = readFileSync(path.join(dir, "THIRD-PARTY-NOTICES.txt"), "utf8");
    for (const name of ["commander", "zod", "isomorphic-git", "gray-matter", "micromark"])
      expect(notices).toMatch(new RegExp(`^${name} \\S+ \\(`, "m"));
    expect(notices).toContain("Permission is hereby granted");
  });

  it("parses code for anchors from the bundle alone: the runtime and grammars beside it", () => {
    const repo = makeRepo();
    repo.commit("code", {
      "src/geo.rs": "pub struct Point { x: i32 }\nimpl Point { fn new() {} }\n",
    });
    const run = spawnSync(
      process.execPath,
      [path.join(dir, "adrift.mjs"), "symbols", "src/geo.rs", "--json"],
      {
        cwd: repo.dir,
        env: testEnv(),
        encoding: "utf8",
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const { files } = JSON.parse(run.stdout);
    expect(files[0].symbols.map((s: { anchor: string }) => s.anchor)).toEqual([
      "src/geo.rs#Point",
      "src/geo.rs#Point.x",
      "src/geo.rs#Point.new",
    ]);
  });
});
