// adrift's hooks beside the real husky 9 (installed from the npm registry, cached under the OS
// temp dir) and beside lefthook: the team's hooks keep running and blocking, adrift's run too,
// and uninstall puts every file back.
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hookScript } from "../../src/app/hooks/script.js";
import { CLI, repoWithDecision, type TestRepo, testEnv } from "../support/repo.js";

/** husky 9 from the registry, installed once into a cache under the OS temp dir. */
function husky9(): string {
  const cache = path.join(tmpdir(), "adrift-test-husky9");
  const installed = path.join(cache, "node_modules", "husky", "package.json");
  if (!existsSync(installed)) {
    const npm = spawnSync(
      "npm",
      ["install", "--no-audit", "--no-fund", "--no-save", "--prefix", cache, "husky@9"],
      { encoding: "utf8", env: { ...process.env, npm_config_loglevel: "error" } },
    );
    if (npm.status !== 0) throw new Error(`npm install husky@9 failed: ${npm.stderr}`);
  }
  expect(JSON.parse(readFileSync(installed, "utf8")).version).toMatch(/^9\./);
  return path.join(cache, "node_modules");
}

const LINT = 'if grep -q FORBIDDEN src/*.ts; then echo "lint: FORBIDDEN found" >&2; exit 1; fi\n';

/** A repository with a committed decision on src/a.ts, husky 9 set up, and a blocking lint hook. */
function huskyRepo(): { repo: TestRepo; id: string } {
  const { repo, id } = repoWithDecision();
  cpSync(husky9(), path.join(repo.dir, "node_modules"), { recursive: true });
  // adrift as a devDependency puts it there too (husky adds node_modules/.bin to PATH).
  mkdirSync(path.join(repo.dir, "node_modules/.bin"), { recursive: true });
  writeFileSync(
    path.join(repo.dir, "node_modules/.bin/adrift"),
    `#!/bin/sh\nexec '${process.execPath}' '${CLI}' "$@"\n`,
    { mode: 0o755 },
  );
  writeFileSync(path.join(repo.dir, ".gitignore"), "node_modules\n");
  const init = spawnSync(process.execPath, ["node_modules/husky/bin.js"], {
    cwd: repo.dir,
    env: testEnv(),
    encoding: "utf8",
  });
  expect(init.status, init.stderr).toBe(0);
  expect(repo.git("config", "core.hooksPath").trim()).toBe(".husky/_");
  writeFileSync(path.join(repo.dir, ".husky/pre-commit"), LINT);
  repo.commit("husky");
  return { repo, id };
}

function commit(repo: TestRepo, args: string[]) {
  return spawnSync("git", ["commit", "-q", ...args], {
    cwd: repo.dir,
    env: testEnv(),
    encoding: "utf8",
  });
}

const snapshot = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir).map((f) => [
      f,
      `${statSync(path.join(dir, f)).mode}:${readFileSync(path.join(dir, f), "utf8")}`,
    ]),
  );

const marksIn = (repo: TestRepo, rev: string) =>
  repo
    .git("show", "--format=", "--name-only", rev)
    .split("\n")
    .filter((f) => f.endsWith(".events.ndjson"))
    .flatMap((f) => repo.git("show", `${rev}:${f}`).trim().split("\n"))
    .map((l) => JSON.parse(l))
    .filter((e) => e.type === "decision_marked_stale");

describe("adrift hook install with husky 9", () => {
  it("adds its line to the team's .husky files: a lint hook still blocks, adrift still marks, uninstall restores", () => {
    const { repo, id } = huskyRepo();
    const generated = snapshot(path.join(repo.dir, ".husky/_"));
    const installed = repo.adriftJson<{
      dir: string;
      manager: string;
      hooks: { hook: string; action: string }[];
    }>(["hook", "install"]);
    expect(installed.manager).toBe("husky");
    expect(installed.dir).toBe(path.join(repo.dir, ".husky"));
    expect(installed.hooks.find((h) => h.hook === "pre-commit")?.action).toBe("chained");
    // husky's own folder is untouched; the team's hook keeps its lines, adrift's come after.
    expect(snapshot(path.join(repo.dir, ".husky/_"))).toEqual(generated);
    const preCommit = readFileSync(path.join(repo.dir, ".husky/pre-commit"), "utf8");
    expect(preCommit.startsWith(LINT)).toBe(true);
    expect(preCommit).toContain('sh "${0%/*}/adrift.sh" pre-commit "$@" || true');
    expect(preCommit).not.toContain(process.execPath);

    // The lint hook still blocks a commit.
    repo.write("src/a.ts", "FORBIDDEN\n");
    const blocked = commit(repo, ["-am", "blocked"]);
    expect(blocked.status).not.toBe(0);
    expect(blocked.stderr).toContain("lint: FORBIDDEN found");
    expect(repo.git("log", "-1", "--format=%s").trim()).toBe("husky");

    // A clean change to the decided file: the commit carries adrift's mark.
    repo.write("src/a.ts", "a2\n");
    const marked = commit(repo, ["-am", "edit a"]);
    expect(marked.status, marked.stderr).toBe(0);
    expect(marked.stderr).toContain("marked 1 record(s) stale");
    expect(marksIn(repo, "HEAD").map((m) => m.data.decision_id)).toEqual([id]);

    // The workline trailer comes through husky's prepare-commit-msg.
    const workline = repo.adriftJson<{ id: string }>(["workline", "open", "tidy"]);
    repo.write("src/b.ts", "b2\n");
    repo.git("add", "-A");
    expect(commit(repo, ["-m", "tidy"]).status).toBe(0);
    expect(repo.git("log", "-1", "--format=%B")).toContain(`Adrift-Workline: ${workline.id}`);

    // doctor sees the hooks where husky runs them.
    const doctor = JSON.parse(repo.adrift(["doctor", "--json"]).stdout) as {
      findings: { rule: string; message: string }[];
    };
    expect(doctor.findings.filter((f) => /hook/i.test(f.message))).toEqual([]);

    // Uninstall: the team's file byte for byte, the files adrift created gone, husky's folder as it was.
    expect(repo.adrift(["hook", "uninstall"]).code).toBe(0);
    expect(readFileSync(path.join(repo.dir, ".husky/pre-commit"), "utf8")).toBe(LINT);
    expect(existsSync(path.join(repo.dir, ".husky/post-merge"))).toBe(false);
    expect(existsSync(path.join(repo.dir, ".husky/adrift.sh"))).toBe(false);
    expect(snapshot(path.join(repo.dir, ".husky/_"))).toEqual(generated);
    repo.write("src/a.ts", "FORBIDDEN again\n");
    expect(commit(repo, ["-am", "blocked again"]).status).not.toBe(0);
  });

  it("warns once per git command when adrift fails, though husky's dispatch stands between git and adrift", () => {
    const { repo } = huskyRepo();
    expect(repo.adrift(["hook", "install"]).code).toBe(0);
    // With a workline active, prepare-commit-msg and commit-msg start adrift too.
    repo.adriftJson(["workline", "open", "tidy"]);
    repo.write(".decisions/config.json", "{ not json");
    const warnings = (result: { stderr: string }) =>
      result.stderr.split("\n").filter((l) => l.includes("skipped its work"));
    repo.write("src/a.ts", "a2\n");
    const broken = commit(repo, ["-am", "edit with a broken config"]);
    expect(broken.status, broken.stderr).toBe(0);
    expect(warnings(broken)).toHaveLength(1);
    expect(warnings(broken)[0]).toMatch(
      /^adrift: the pre-commit hook skipped its work \(.*config.*\)/,
    );
    // The next git command says it again.
    repo.write("src/a.ts", "a3\n");
    expect(warnings(commit(repo, ["-am", "again"]))).toHaveLength(1);
  });

  it("takes out the hooks an earlier adrift put into .husky/_ (which stopped husky's dispatch) and restores husky's files", () => {
    const { repo } = huskyRepo();
    const hooks = path.join(repo.dir, ".husky/_");
    const generated = snapshot(hooks);
    // As the earlier `adrift hook install` left it: husky's file renamed, adrift's in its place.
    for (const name of ["pre-commit", "post-merge"]) {
      const file = path.join(hooks, name);
      cpSync(file, `${file}.pre-adrift`);
      writeFileSync(file, hookScript(name as "pre-commit", process.execPath, CLI), { mode: 0o755 });
    }
    repo.write("src/b.ts", "FORBIDDEN\n");
    expect(commit(repo, ["-am", "slips through"]).status).toBe(0);
    repo.git("reset", "-q", "--hard", "HEAD~1");
    const installed = repo.adrift(["hook", "install"]);
    expect(installed.code, installed.stderr).toBe(0);
    expect(installed.stderr).toContain("took adrift's hooks out of");
    expect(snapshot(hooks)).toEqual(generated);
    repo.write("src/b.ts", "FORBIDDEN\n");
    expect(commit(repo, ["-am", "blocked"]).status).not.toBe(0);
  });
});

describe("adrift hook install with lefthook", () => {
  it("writes its entries into lefthook-local.yml, never lefthook.yml; --force installs beside lefthook's runner", () => {
    const { repo } = repoWithDecision();
    const config = "pre-commit:\n  commands:\n    lint:\n      run: true\n";
    writeFileSync(path.join(repo.dir, "lefthook.yml"), config);
    repo.commit("lefthook");
    const installed = repo.adrift(["hook", "install", "--json"]);
    expect(installed.code, installed.stderr).toBe(0);
    expect(JSON.parse(installed.stdout).manager).toBe("lefthook");
    const local = readFileSync(path.join(repo.dir, "lefthook-local.yml"), "utf8");
    expect(local).toContain(
      'pre-commit:\n  commands:\n    adrift:\n      run: f=.git/adrift/lefthook-hooks.sh; [ -f "$f" ] || f="$(git rev-parse --git-path adrift/lefthook-hooks.sh)"; set -- pre-commit; . "$f"\n',
    );
    expect(readFileSync(path.join(repo.dir, "lefthook.yml"), "utf8")).toBe(config);
    expect(repo.git("status", "--porcelain")).toBe("");
    expect(repo.adrift(["hook", "uninstall"]).code).toBe(0);
    expect(existsSync(path.join(repo.dir, "lefthook-local.yml"))).toBe(false);
    expect(repo.adrift(["hook", "install", "--force"]).code).toBe(0);
    expect(readFileSync(path.join(repo.dir, ".git/hooks/pre-commit"), "utf8")).toContain(
      "# >>> adrift >>>",
    );
  });

  it("refuses over a lefthook-local.yml of the team's own, printing the entries", () => {
    const { repo } = repoWithDecision();
    writeFileSync(path.join(repo.dir, "lefthook.yml"), "pre-commit:\n  commands: {}\n");
    writeFileSync(path.join(repo.dir, "lefthook-local.yml"), "pre-commit:\n  skip: true\n");
    const refused = repo.adrift(["hook", "install"]);
    expect(refused.code).toBe(4);
    expect(refused.stdout).toContain("post-merge:");
    expect(readFileSync(path.join(repo.dir, "lefthook-local.yml"), "utf8")).toBe(
      "pre-commit:\n  skip: true\n",
    );
  });
});
