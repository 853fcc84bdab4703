// The GitLab recipe in docs/ci.md as GitLab runs it: the adrift job's script, line by line in
// one shell that stops at the first failing line, in a real clone of a real origin. The gate must
// fail the job when the merge request makes a record stale (and pass when it does not), body.md
// must be there either way for the note job, which must not hang on a variable GitLab withholds.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { CLI, git, makeRepo, tempDir, testEnv } from "../support/repo.js";

const DOC = fileURLToPath(new URL("../../docs/ci.md", import.meta.url));

type Job = {
  script: string[];
  after_script?: string[];
  rules?: { if?: string; when?: string }[];
  needs?: unknown[];
  artifacts?: { when?: string };
};

function recipe(): Record<string, Job> {
  const text = readFileSync(DOC, "utf8");
  const section = text.slice(text.indexOf("## GitLab CI"));
  const block = /```yaml\n([\s\S]*?)```/.exec(section)![1]!;
  return parse(block) as Record<string, Job>;
}

/** A clone whose merge request branch changes `file` under a decision on src/a.ts. */
function mergeRequest(file: string) {
  const upstream = makeRepo();
  upstream.commit("code", { "src/a.ts": "a\n", "src/b.ts": "b\n" });
  upstream.adrift(["decision", "record", "--outcome", "o", "--trivial", "--path", "src/a.ts"]);
  upstream.commit("record");
  const dir = path.join(tempDir(), "clone");
  git(path.dirname(dir), ["clone", "-q", upstream.dir, dir]);
  git(dir, ["config", "user.name", "Ana Souza"]);
  git(dir, ["config", "user.email", "ana@example.com"]);
  git(dir, ["checkout", "-q", "-b", "feature"]);
  writeFileSync(path.join(dir, file), "changed\n");
  git(dir, ["commit", "-q", "-am", "change"]);
  return { dir, head: git(dir, ["rev-parse", "HEAD"]).trim() };
}

/** The job's script as the runner runs it, `npm install --global git-adrift` done beforehand. */
function runJob(job: Job, dir: string, head: string) {
  const bin = path.join(tempDir(), "bin");
  mkdirSync(bin);
  writeFileSync(path.join(bin, "adrift"), `#!/bin/sh\nexec '${process.execPath}' '${CLI}' "$@"\n`);
  chmodSync(path.join(bin, "adrift"), 0o755);
  const env = testEnv({
    PATH: `${bin}:${process.env.PATH}`,
    CI_MERGE_REQUEST_TARGET_BRANCH_NAME: "main",
    CI_COMMIT_SHA: head,
  });
  const lines = job.script.filter((line) => !line.startsWith("npm install --global"));
  const run = (script: string[]) =>
    spawnSync("/bin/sh", ["-ec", script.join("\n")], { cwd: dir, env, encoding: "utf8" });
  const script = run(lines);
  const after = run(job.after_script ?? []);
  return { code: script.status, stderr: script.stderr, after: after.status };
}

describe("the GitLab recipe in docs/ci.md", () => {
  const jobs = recipe();

  it("does not turn the gate's failure into success, and posts the note whatever the gate said", () => {
    const all = Object.values(jobs).flatMap((job) => [...job.script, ...(job.after_script ?? [])]);
    expect(all.join("\n")).not.toMatch(/\|\|\s*test \$\? -eq 1/);
    const note = jobs["adrift-note"]!;
    // A rule on the token would skip the job silently where GitLab withholds the variable.
    expect(JSON.stringify(note.rules)).not.toContain("ADRIFT_NOTE_TOKEN");
    expect(note.rules?.[0]?.when).toBe("always");
    expect(note.script[0]).toContain('test -n "$ADRIFT_NOTE_TOKEN"');
    expect(jobs.adrift!.artifacts?.when).toBe("always");
  });

  it("fails the adrift job when the merge request makes a record stale, with body.md kept", () => {
    const { dir, head } = mergeRequest("src/a.ts");
    const job = runJob(jobs.adrift!, dir, head);
    expect(job.code, job.stderr).toBe(1);
    expect(readFileSync(path.join(dir, "body.md"), "utf8")).toMatch(
      /^<!-- adrift:pr-comment head=/,
    );
    expect(job.after).toBe(0);
    expect(existsSync(path.join(dir, ".adrift-cache"))).toBe(true);
  });

  it("passes when it makes nothing stale", () => {
    const { dir, head } = mergeRequest("src/b.ts");
    const job = runJob(jobs.adrift!, dir, head);
    expect(job.code, job.stderr).toBe(0);
    expect(existsSync(path.join(dir, "body.md"))).toBe(true);
  });
});
