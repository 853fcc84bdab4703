import { spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HOOK_NAMES, hookScript } from "../../src/app/hooks/script.js";
import { repoWithDecision, runCli, type TestRepo, tempDir, testEnv } from "../support/repo.js";

const PREEXISTING = '#!/bin/sh\necho "the team hook ran" >&2\n';

function gitCommit(repo: TestRepo, args: string[]) {
  const result = spawnSync("git", ["commit", "-q", ...args], {
    cwd: repo.dir,
    env: testEnv(),
    encoding: "utf8",
  });
  return { code: result.status, stderr: result.stderr };
}

/** `git commit` with an empty message: git stops after pre-commit (which wrote and staged its marks). */
const abortedCommit = (repo: TestRepo) =>
  spawnSync("git", ["commit", "-q"], {
    cwd: repo.dir,
    env: testEnv({ GIT_EDITOR: "sh -c ': > \"$1\"' --" }),
    encoding: "utf8",
  });

function setup() {
  return repoWithDecision();
}

const committedMarks = (repo: TestRepo) =>
  repo
    .git("show", "--format=", "--name-only", "HEAD")
    .split("\n")
    .filter((f) => f.endsWith(".events.ndjson"))
    .flatMap((f) => repo.git("show", `HEAD:${f}`).trim().split("\n"))
    .map((l) => JSON.parse(l))
    .filter((e) => e.type === "decision_marked_stale");

/** Marks the last commit added (lines of its log files that the commit before did not have). */
const newMarks = (repo: TestRepo) => {
  const before = new Set(
    repo
      .git("show", "--format=", "--name-only", "HEAD")
      .split("\n")
      .filter((f) => f.endsWith(".events.ndjson"))
      .flatMap((f) => {
        try {
          return repo.git("show", `HEAD~1:${f}`).trim().split("\n");
        } catch {
          return [];
        }
      })
      .map((l) => JSON.parse(l).id),
  );
  return committedMarks(repo).filter((m) => !before.has(m.id));
};

describe("adrift hooks with real git commits", () => {
  it("the commit that makes a decision stale carries the mark; the tree is clean; the team hook still runs; uninstall restores it byte for byte", () => {
    const { repo, id } = setup();
    const hook = path.join(repo.dir, ".git/hooks/pre-commit");
    writeFileSync(hook, PREEXISTING);
    chmodSync(hook, 0o751);
    expect(repo.adrift(["hook", "install"]).code).toBe(0);
    repo.write("src/a.ts", "a2\n");
    const commit = gitCommit(repo, ["-am", "edit a"]);
    expect(commit.code).toBe(0);
    expect(commit.stderr).toContain("the team hook ran");
    const marks = committedMarks(repo);
    expect(marks).toHaveLength(1);
    expect(marks[0].data).toMatchObject({ decision_id: id, staged: true, paths: ["src/a.ts"] });
    expect(repo.git("status", "--porcelain")).toBe("");
    expect(repo.adrift(["stale", "--check"]).code).toBe(0);
    expect(repo.adrift(["hook", "uninstall"]).code).toBe(0);
    expect(readFileSync(hook, "utf8")).toBe(PREEXISTING);
    expect(statSync(hook).mode & 0o777).toBe(0o751);
  });

  it("runs adrift without the environment's extra CA certificates (a hook connects to nothing)", () => {
    const { repo } = setup();
    expect(repo.adrift(["hook", "install"]).code).toBe(0);
    repo.write("src/a.ts", "a2\n");
    // A missing bundle: node warns at start where it reads it then (Node 24), and Node 20 reads
    // the bundle at every start; the hook's node must do neither.
    const result = spawnSync("git", ["commit", "-q", "-am", "edit a"], {
      cwd: repo.dir,
      env: testEnv({ NODE_EXTRA_CA_CERTS: path.join(repo.dir, "no-such-bundle.pem") }),
      encoding: "utf8",
    });
    expect(result.status).toBe(0);
    expect(result.stderr).toContain("marked 1 record(s) stale");
    expect(result.stderr).not.toContain("extra certs");
    const hook = readFileSync(path.join(repo.dir, ".git/hooks/pre-commit"), "utf8");
    expect(hook).toContain('NODE_EXTRA_CA_CERTS= "$adrift_node"');
    // npx, where adrift is not installed, asks the registry: through the proxy, with the bundle
    const npx = hook.split("\n").find((line) => line.includes("npx --no-install git-adrift"));
    expect(npx).toBeDefined();
    expect(npx).not.toContain("NODE_EXTRA_CA_CERTS");
  });

  it("a record stale at HEAD but unmarked is marked with the staged change's, or at the next commit right after the log changed", () => {
    const { repo, id } = setup();
    // A commit made without the hooks leaves the decision on src/a.ts stale and unmarked.
    repo.write("src/a.ts", "a2\n");
    expect(gitCommit(repo, ["-am", "edit a, no hooks"]).code).toBe(0);
    repo.adrift(["hook", "install"]);
    // The log changes (a new decision on src/b.ts): the pre-commit hook reads it but no history.
    const other = repo.adriftJson<{ id: string }>([
      "decision",
      "record",
      "--outcome",
      "b",
      "--path",
      "src/b.ts",
    ]);
    repo.write("src/b.ts", "b2\n");
    expect(gitCommit(repo, ["-am", "record b and edit it"]).code).toBe(0);
    expect(newMarks(repo).map((m) => m.data.decision_id)).toEqual([other.id]);
    // post-commit refreshes the cache in the background: then the next commit carries the mark.
    const head = repo.git("rev-parse", "HEAD").trim();
    const cache = path.join(repo.dir, ".git/adrift/stale-cache.json");
    const refreshed = () => {
      try {
        return JSON.parse(readFileSync(cache, "utf8")).head === head;
      } catch {
        return false;
      }
    };
    for (let waited = 0; !refreshed() && waited < 15_000; waited += 100)
      spawnSync("sleep", ["0.1"]);
    expect(refreshed()).toBe(true);
    repo.write("README.md", "# more\n");
    expect(gitCommit(repo, ["-am", "docs"]).code).toBe(0);
    expect(newMarks(repo).map((m) => m.data.decision_id)).toEqual([id]);
    expect(repo.adrift(["stale", "--check"]).code).toBe(0);
  });

  it("marks an aborted commit wrote are withdrawn by the next attempt when their change is no longer staged", () => {
    const { repo, id } = setup();
    expect(repo.adrift(["hook", "install"]).code).toBe(0);
    repo.write("src/a.ts", "a2\n");
    repo.git("add", "src/a.ts");
    // An empty message: git stops after pre-commit wrote and staged the mark.
    const aborted = abortedCommit(repo);
    expect(aborted.status).not.toBe(0);
    expect(repo.git("diff", "--cached", "--name-only")).toContain(".events.ndjson");
    // The same change committed on the second try: one mark, made again, in the commit.
    const retried = gitCommit(repo, ["-m", "edit a"]);
    expect(retried.code, retried.stderr).toBe(0);
    expect(newMarks(repo).map((m) => m.data.decision_id)).toEqual([id]);
    expect(retried.stderr).not.toContain("withdrew");
    // Aborted again, then the change unstaged and another one committed: no mark goes with it.
    // The record reverified at a commit that holds a.ts as it now is, so it is fresh at HEAD (a
    // reverify with a3 only staged, and then committed, would leave it stale at HEAD: marking it
    // then is right, and whether the hook knew depended on the background refresh's timing).
    repo.write("src/a.ts", "a3\n");
    repo.git("commit", "-q", "--no-verify", "-am", "a3");
    repo.adrift(["decision", "reverify", id]);
    repo.git("add", "-A");
    repo.git("commit", "-q", "--no-verify", "-m", "reverified");
    repo.write("src/a.ts", "a4\n");
    repo.git("add", "src/a.ts");
    const again = abortedCommit(repo);
    expect(again.status).not.toBe(0);
    repo.git("checkout", "HEAD", "--", "src/a.ts");
    repo.write("README.md", "docs\n");
    const other = gitCommit(repo, ["-am", "docs only"]);
    expect(other.code, other.stderr).toBe(0);
    expect(other.stderr).toContain(`withdrew 1 mark(s)`);
    expect(newMarks(repo)).toEqual([]);
    expect(repo.git("status", "--porcelain")).toBe("");
    expect(repo.adriftJson<{ records: { status: string }[] }>(["list"]).records[0]?.status).toBe(
      "active",
    );
  });

  it.each(["cli", "embedded"])(
    "`git commit -a` and `git commit <paths>` (git's temporary index) carry the mark with the %s git adapter",
    (adapter) => {
      const env = testEnv(adapter === "embedded" ? { ADRIFT_GIT: "embedded" } : {});
      const commit = (repo: TestRepo, args: string[]) =>
        spawnSync("git", ["commit", "-q", ...args], { cwd: repo.dir, env, encoding: "utf8" });
      for (const args of [
        ["-am", "edit a"],
        ["-m", "edit a", "src/a.ts"],
      ]) {
        const { repo, id } = setup();
        expect(repo.adrift(["hook", "install"]).code).toBe(0);
        repo.write("src/a.ts", "a2\n");
        const result = commit(repo, args);
        expect(result.status, result.stderr).toBe(0);
        expect(result.stderr).toContain("marked 1 record(s) stale");
        expect(newMarks(repo).map((m) => m.data.decision_id)).toEqual([id]);
        expect(repo.git("status", "--porcelain")).toBe("");
      }
    },
  );

  it("a rebase that makes a record stale says so once (post-rewrite), not also on its checkout", () => {
    const { repo, id } = setup();
    repo.git("checkout", "-q", "-b", "topic");
    repo.commit("topic work", { "src/b.ts": "b2\n" });
    repo.git("checkout", "-q", "main");
    repo.commit("edit a without hooks", { "src/a.ts": "a2\n" });
    repo.git("checkout", "-q", "topic");
    expect(repo.adrift(["hook", "install"]).code).toBe(0);
    const rebase = spawnSync("git", ["rebase", "-q", "main"], {
      cwd: repo.dir,
      env: testEnv(),
      encoding: "utf8",
    });
    expect(rebase.status, rebase.stderr).toBe(0);
    expect(rebase.stderr.split("\n").filter((l) => l.includes("went stale"))).toHaveLength(1);
    expect(rebase.stderr).toContain(id);
  });

  it("works for `git commit <paths>` (a temporary index) and leaves the tree clean", () => {
    const { repo, id } = setup();
    repo.adrift(["hook", "install"]);
    repo.write("src/a.ts", "a2\n");
    repo.write("src/b.ts", "b2\n");
    expect(gitCommit(repo, ["-m", "only a", "src/a.ts"]).code).toBe(0);
    expect(committedMarks(repo).map((m) => m.data.decision_id)).toEqual([id]);
    expect(repo.git("status", "--porcelain").trim()).toBe("M src/b.ts");
  });

  it("installs where core.hooksPath points and adds the workline trailer while a workline is active", () => {
    const { repo, id } = setup();
    repo.git("config", "core.hooksPath", ".githooks");
    const installed = repo.adriftJson<{ dir: string }>(["hook", "install"]);
    expect(installed.dir).toBe(path.join(repo.dir, ".githooks"));
    const workline = repo.adriftJson<{ id: string }>(["workline", "open", "tidy"]);
    repo.write("src/b.ts", "b2\n");
    expect(gitCommit(repo, ["-am", "tidy b"]).code).toBe(0);
    expect(repo.git("log", "-1", "--format=%B")).toContain(`Adrift-Workline: ${workline.id}`);
    expect(repo.adriftJson<{ unrecorded: string[] }>(["stale"]).unrecorded).toEqual([]);
    expect(id).toBeTruthy();
  });

  it("never blocks a commit when adrift itself fails or is missing", () => {
    const { repo } = setup();
    repo.adrift(["hook", "install"]);
    repo.write(".decisions/config.json", "{ not json");
    repo.write("src/a.ts", "a2\n");
    const broken = gitCommit(repo, ["-am", "edit with a broken config"]);
    expect(broken.code).toBe(0);
    // A broken config fails before a hook's work starts (creating the context). git commit runs
    // three of adrift's hooks: the first says so, the others (same git command, same reason) do not.
    const warnings = (result: { stderr: string }) =>
      result.stderr.split("\n").filter((l) => l.includes("skipped its work"));
    expect(warnings(broken)).toHaveLength(1);
    expect(warnings(broken)[0]).toMatch(
      /^adrift: the pre-commit hook skipped its work \(.*config.*\); the git command goes on$/,
    );
    // The next git command says it again.
    repo.write("src/a.ts", "a2b\n");
    expect(warnings(gitCommit(repo, ["-am", "again"]))).toHaveLength(1);
    const hook = path.join(repo.dir, ".git/hooks/pre-commit");
    writeFileSync(hook, hookScript("pre-commit", "/nonexistent/node", "/nonexistent/main.js"));
    repo.write("src/a.ts", "a3\n");
    expect(gitCommit(repo, ["-am", "adrift missing"]).code).toBe(0);
    expect(repo.git("log", "-1", "--format=%s").trim()).toBe("adrift missing");
  });

  it("a merge carries the marks it makes (pre-merge-commit, then post-merge); the tree stays clean", () => {
    const { repo, id } = setup();
    repo.git("checkout", "-q", "-b", "feature");
    repo.commit("feature edits a", { "src/a.ts": "feature\n" });
    repo.git("checkout", "-q", "main");
    repo.adrift(["hook", "install"]);
    const merged = spawnSync("git", ["merge", "-q", "--no-ff", "-m", "merge", "feature"], {
      cwd: repo.dir,
      env: testEnv(),
      encoding: "utf8",
    });
    expect(merged.status).toBe(0);
    expect(merged.stderr).toContain(id);
    expect(repo.git("status", "--porcelain")).toBe("");
    expect(repo.adriftJson<{ unrecorded: string[] }>(["stale"]).unrecorded).toEqual([]);
    expect(repo.git("show", "--stat", "--format=", "HEAD")).toContain(".decisions/");
    expect(repo.git("log", "-1", "--format=%s").trim()).toBe("merge");
  });

  it("refuses to install beside a leftover chained hook unless --force, which keeps it as *.orphan", () => {
    const { repo } = setup();
    const hooks = path.join(repo.dir, ".git/hooks");
    writeFileSync(path.join(hooks, "pre-commit"), PREEXISTING);
    writeFileSync(path.join(hooks, "pre-commit.pre-adrift"), "#!/bin/sh\necho old\n");
    const refused = repo.adrift(["hook", "install", "--json"]);
    expect(refused.code).toBe(4);
    expect(JSON.parse(refused.stderr).error.code).toBe("conflict");
    expect(readFileSync(path.join(hooks, "pre-commit"), "utf8")).toBe(PREEXISTING);
    expect(() => statSync(path.join(hooks, "post-merge"))).toThrow();
    expect(repo.adrift(["hook", "install", "--force"]).code).toBe(0);
    expect(readFileSync(path.join(hooks, "pre-commit.pre-adrift.orphan"), "utf8")).toBe(
      "#!/bin/sh\necho old\n",
    );
    expect(readFileSync(path.join(hooks, "pre-commit.pre-adrift"), "utf8")).toBe(PREEXISTING);
  });

  it("hook run: adrift's own failure exits 0 with one warning; a name adrift has no hook for is a usage error (exit 2)", () => {
    const outside = tempDir();
    const failed = runCli(outside, ["hook", "run", "post-merge", "0"]);
    expect(failed.code).toBe(0);
    expect(failed.stderr).toMatch(
      /^adrift: the post-merge hook skipped its work \(.*\); the git command goes on\n$/,
    );
    const typo = runCli(outside, ["hook", "run", "pre-comit"]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toBe(
      `error [usage]: adrift has no pre-comit hook; expected one of ${HOOK_NAMES.join(", ")}\n`,
    );
  });

  it("a failing team hook still stops the commit", () => {
    const { repo } = setup();
    const hook = path.join(repo.dir, ".git/hooks/pre-commit");
    writeFileSync(hook, "#!/bin/sh\nexit 3\n");
    chmodSync(hook, 0o755);
    repo.adrift(["hook", "install"]);
    repo.write("src/b.ts", "b2\n");
    expect(gitCommit(repo, ["-am", "blocked"]).code).not.toBe(0);
    expect(repo.git("log", "-1", "--format=%s").trim()).toBe("record");
  });
});

describe("the one-time 'hook skipped' markers", () => {
  /** A hook run that skips its work (broken config) as part of the git command `gitPid`. */
  const skip = (repo: TestRepo, gitPid: number) =>
    runCli(repo.dir, ["hook", "run", "pre-commit"], {
      env: testEnv({ ADRIFT_GIT_PID: String(gitPid) }),
    }).stderr;

  it("are never written through a symlink planted at a marker path, nor cleared through a planted folder", () => {
    const { repo } = setup();
    repo.write(".decisions/config.json", "{ not json");
    const markers = path.join(repo.dir, ".git/adrift/hook-skipped");
    // The test runner is alive for the whole test: it stands for the running git command.
    expect(skip(repo, process.pid)).toContain("skipped its work");
    expect(skip(repo, process.pid)).toBe("");
    const [marker] = readdirSync(markers);
    expect(marker).toMatch(new RegExp(`^${process.pid}-`));
    // A symlink where the marker goes: the file it points to is neither created nor truncated.
    const outside = tempDir();
    const victim = path.join(outside, "victim");
    rmSync(path.join(markers, marker!));
    symlinkSync(victim, path.join(markers, marker!));
    expect(skip(repo, process.pid)).toContain("skipped its work");
    expect(existsSync(victim)).toBe(false);
    writeFileSync(victim, "precious\n");
    expect(skip(repo, process.pid)).toContain("skipped its work");
    expect(readFileSync(victim, "utf8")).toBe("precious\n");
    // The marker folder itself replaced by a symlink: nothing in its target is removed (the
    // markers of git processes gone are cleared only in adrift's own folder) or written.
    rmSync(markers, { recursive: true });
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
      encoding: "utf8",
    }).stdout;
    writeFileSync(path.join(outside, `${gone}-keep`), "mine\n");
    symlinkSync(outside, markers);
    expect(skip(repo, process.pid)).toContain("skipped its work");
    expect(readdirSync(outside).sort()).toEqual([`${gone}-keep`, "victim"]);
  });
});
