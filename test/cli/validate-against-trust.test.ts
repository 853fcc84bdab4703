// `validate --against <rev>` sees the whole log and says when it cannot: every log file under
// .decisions/, a log_dir moved in the same diff, shallow clones, the committer as well as the
// author, and a base branch that moved on.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { git, makeRepo, runCli, type TestRepo, tempDir, testEnv } from "../support/repo.js";

type Problem = { file: string; line: number; code: string; message: string; severity: string };
type Report = { ok: boolean; problems: Problem[]; notices: string[] };

const BIA = { GIT_COMMITTER_NAME: "Bia", GIT_COMMITTER_EMAIL: "bia@example.com" };
const BIA_AUTHOR = { GIT_AUTHOR_NAME: "Bia", GIT_AUTHOR_EMAIL: "bia@example.com" };

/** Commits everything with `env` (a different person than the repository's user). */
const commitAs = (repo: TestRepo, message: string, env: NodeJS.ProcessEnv) => {
  repo.git("add", "-A");
  const result = spawnSync("git", ["commit", "-qm", message], {
    cwd: repo.dir,
    env: testEnv(env),
    encoding: "utf8",
  });
  expect(result.status, result.stderr).toBe(0);
};

/** The git adapter the checks run with: both are run by every test. */
let adapter = "cli";

const validate = (dir: string, rev: string) => {
  const result = runCli(dir, ["validate", "--against", rev, "--json"], {
    env: testEnv({ ADRIFT_GIT: adapter }),
  });
  return {
    code: result.code,
    stderr: result.stderr,
    report: result.stdout ? (JSON.parse(result.stdout) as Report) : undefined,
  };
};

const logFiles = (repo: TestRepo, dir = ".decisions/log") =>
  readdirSync(path.join(repo.dir, dir))
    .filter((f) => f.endsWith(".events.ndjson"))
    .sort()
    .map((f) => path.join(dir, f));

/** Ana's question, committed; and an answer to it in Ana's name, as a line to plant. */
function question(repo: TestRepo) {
  const { id } = repo.adriftJson<{ id: string; session_id: string }>([
    ...["question", "ask", "Round half up?"],
  ]);
  const file = logFiles(repo)[0]!;
  const last = JSON.parse(repo.read(file).trim().split("\n").at(-1)!);
  const ana = { name: "Ana Souza", email: "ana@example.com" };
  const answer = JSON.stringify({
    ...last,
    id: "01KZ0000000000000000000001",
    type: "open_question_answered",
    data: {
      question_id: id,
      answer: "sim",
      accepted_suggestion: false,
      decision_id: last.id,
      answered_by: ana,
    },
  });
  return { id, file, answer };
}

describe.each(["cli", "embedded"])("with the %s git adapter", (kind) => {
  beforeEach(() => {
    adapter = kind;
  });

  describe("validate --against checks every log file adrift reads", () => {
    it("a forged answer in a log file outside log_dir, under .decisions/, is reported", () => {
      const repo = makeRepo();
      const { answer } = question(repo);
      const base = repo.commit("Ana's question");
      repo.write(".decisions/imported/bia.events.ndjson", `${answer}\n`);
      commitAs(repo, "Bia's answer in Ana's name", { ...BIA, ...BIA_AUTHOR });
      const { code, report } = validate(repo.dir, base);
      expect(code).toBe(2);
      expect(report!.problems).toContainEqual(
        expect.objectContaining({
          file: ".decisions/imported/bia.events.ndjson",
          line: 1,
          code: "answer_not_by_author",
          message: expect.stringContaining("bia@example.com"),
        }),
      );
    });

    it("an edited line in a log file outside log_dir, under .decisions/, is reported", () => {
      const repo = makeRepo();
      repo.adrift(["intent", "record", "--outcome", "one", "--trigger", "t", "--trivial"]);
      const file = logFiles(repo)[0]!;
      repo.write(".decisions/archive/old.events.ndjson", repo.read(file));
      rmSync(path.join(repo.dir, file));
      const base = repo.commit("archive");
      const archived = ".decisions/archive/old.events.ndjson";
      repo.write(archived, repo.read(archived).replace('"one"', '"uno"'));
      const { code, report } = validate(repo.dir, base);
      expect(code).toBe(2);
      expect(report!.problems).toContainEqual(
        expect.objectContaining({ file: archived, code: "line_edited" }),
      );
    });

    it("a change of log_dir in the same diff does not hide edits in the old directory", () => {
      const repo = makeRepo();
      repo.write(".decisions/config.json", JSON.stringify({ log_dir: "history/log" }));
      repo.adrift(["intent", "record", "--outcome", "one", "--trigger", "t", "--trivial"]);
      const [old] = logFiles(repo, "history/log");
      const base = repo.commit("records in history/log");
      // Moved to the new log dir unchanged: still the same log.
      repo.write(".decisions/config.json", JSON.stringify({ log_dir: "history/new" }));
      mkdirSync(path.join(repo.dir, "history/new"), { recursive: true });
      const moved = old!.replace("history/log", "history/new");
      renameSync(path.join(repo.dir, old!), path.join(repo.dir, moved));
      const unchanged = validate(repo.dir, base);
      expect(unchanged.code).toBe(0);
      expect(unchanged.report!.notices.join("\n")).toContain(`is read as ${moved} now`);
      // Moved and edited: the edit is found where the file is now.
      repo.write(moved, repo.read(moved).replace('"one"', '"uno"'));
      expect(validate(repo.dir, base).report!.problems).toContainEqual(
        expect.objectContaining({ file: moved, code: "line_edited" }),
      );
      // Left behind and edited, no longer read: reported, not ignored.
      renameSync(path.join(repo.dir, moved), path.join(repo.dir, old!));
      const left = validate(repo.dir, base);
      expect(left.code).toBe(2);
      expect(left.report!.problems).toContainEqual(
        expect.objectContaining({
          file: old,
          code: "line_removed",
          message: expect.stringContaining("log_dir changed from history/log to history/new"),
        }),
      );
    });
  });

  describe("validate --against checks who committed, not only who authored", () => {
    it("an answer authored in the question author's name but committed by someone else fails", () => {
      const repo = makeRepo();
      const { file, answer } = question(repo);
      const base = repo.commit("Ana's question");
      repo.write(file, `${repo.read(file)}${answer}\n`);
      // `git commit --author`: authored as Ana, committed by Bia.
      commitAs(repo, "answer", BIA);
      const { code, report } = validate(repo.dir, base);
      expect(code).toBe(2);
      expect(report!.problems).toContainEqual(
        expect.objectContaining({
          code: "answer_not_by_author",
          message: expect.stringContaining(
            "authored by ana@example.com and committed by bia@example.com",
          ),
        }),
      );
    });
  });

  describe("validate --against takes identities from the commits, not from the tree", () => {
    it("a .mailmap or a blame-ignore list in the pull request does not turn Bia's commit into Ana's", () => {
      const repo = makeRepo();
      const { file, answer } = question(repo);
      const base = repo.commit("Ana's question");
      repo.write(file, `${repo.read(file)}${answer}\n`);
      repo.write(".mailmap", "Ana Souza <ana@example.com> <bia@example.com>\n");
      commitAs(repo, "Bia's answer in Ana's name, and a mailmap", { ...BIA, ...BIA_AUTHOR });
      // And her commit in the blame-ignore list the clone is configured to read, as many are.
      repo.write(".git-blame-ignore-revs", `${repo.git("rev-parse", "HEAD").trim()}\n`);
      commitAs(repo, "ignore that commit in blame", { ...BIA, ...BIA_AUTHOR });
      repo.git("config", "blame.ignoreRevsFile", ".git-blame-ignore-revs");
      // Also a configured mailmap file and log.mailmap, from the clone's own configuration.
      repo.git("config", "mailmap.file", path.join(repo.dir, ".mailmap"));
      repo.git("config", "log.mailmap", "true");
      const { code, report } = validate(repo.dir, base);
      expect(code).toBe(2);
      expect(report!.problems).toContainEqual(
        expect.objectContaining({
          code: "answer_not_by_author",
          message: expect.stringContaining("committed by bia@example.com"),
        }),
      );
    });
  });

  describe("validate --against in a shallow clone", () => {
    /**
     * main: Ana's question (B0), then B1. pr: Bia commits an answer in Ana's name (P1), Ana
     * commits on top (P2). `merge`: main with pr merged, as a CI checks out a pull request.
     */
    function pullRequest() {
      const repo = makeRepo();
      const { answer } = question(repo);
      repo.commit("B0: Ana's question");
      repo.git("checkout", "-q", "-b", "pr");
      repo.write(".decisions/log/bia.events.ndjson", `${answer}\n`);
      commitAs(repo, "P1: Bia's answer", { ...BIA, ...BIA_AUTHOR });
      repo.commit("P2: Ana's work", { "src/a.ts": "a\n" });
      repo.git("checkout", "-q", "main");
      repo.commit("B1", { "README.md": "# main moved on\n" });
      repo.git("checkout", "-q", "-b", "merge");
      repo.git("merge", "-q", "--no-ff", "--no-edit", "pr");
      return repo;
    }

    const clone = (repo: TestRepo, args: string[]) => {
      const dir = path.join(tempDir(), "clone");
      git(path.dirname(dir), ["clone", "-q", ...args, `file://${repo.dir}`, dir]);
      return dir;
    };

    it("fails with what to do when the revision is not in the clone (depth 1)", () => {
      const dir = clone(pullRequest(), ["--depth", "1", "--branch", "merge"]);
      const { code, stderr } = validate(dir, "origin/main");
      expect(code).toBe(2);
      const error = JSON.parse(stderr).error;
      expect(error.code).toBe("validation_failed");
      expect(error.message).toContain("shallow");
      expect(error.message).toContain("fetch-depth: 0");
    });

    it("never passes a line it can only give to the shallow commit's author; with history, finds Bia", () => {
      const repo = pullRequest();
      const dir = clone(repo, ["--depth", "2", "--branch", "merge"]);
      git(dir, ["fetch", "-q", "--depth", "1", "origin", "main:refs/remotes/origin/main"]);
      const shallow = validate(dir, "origin/main");
      expect(shallow.code).toBe(2);
      expect(shallow.report!.ok).toBe(false);
      expect(shallow.report!.problems).toContainEqual(
        expect.objectContaining({
          file: ".decisions/log/bia.events.ndjson",
          line: 1,
          code: "history_unavailable",
          message: expect.stringContaining("fetch-depth: 0"),
        }),
      );
      expect(shallow.report!.notices.join("\n")).toContain("shallow");
      // The full history tells who committed it.
      const full = clone(repo, ["--branch", "merge"]);
      const checked = validate(full, "origin/main");
      expect(checked.code).toBe(2);
      expect(checked.report!.problems).toContainEqual(
        expect.objectContaining({ code: "answer_not_by_author", line: 1 }),
      );
      expect(checked.report!.problems.some((p) => p.code === "history_unavailable")).toBe(false);
    });
  });

  describe("validate --against a base branch that moved on", () => {
    it("compares with the merge base: files the branch never had are not 'removed'", () => {
      const repo = makeRepo();
      repo.adrift(["intent", "record", "--outcome", "one", "--trigger", "t", "--trivial"]);
      repo.commit("base");
      repo.git("checkout", "-q", "-b", "pr");
      repo.adrift(["intent", "record", "--outcome", "pr", "--trigger", "t", "--trivial"]);
      repo.commit("pr");
      repo.git("checkout", "-q", "main");
      repo.adrift(["intent", "record", "--outcome", "main", "--trigger", "t", "--trivial"]);
      repo.adrift([
        "intent",
        "record",
        "--outcome",
        "bia",
        "--trigger",
        "t",
        "--trivial",
        "--as",
        "bia@example.com",
      ]);
      repo.commit("main moved on, with a new log file");
      repo.git("checkout", "-q", "pr");
      const { code, report } = validate(repo.dir, "main");
      expect(report!.problems).toEqual([]);
      expect(code).toBe(0);
      expect(report!.notices.join("\n")).toContain("merge base");
      // An edit of a line the merge base had is still found.
      const file = logFiles(repo)[0]!;
      repo.write(file, repo.read(file).replace('"one"', '"uno"'));
      expect(validate(repo.dir, "main").report!.problems).toContainEqual(
        expect.objectContaining({ code: "line_edited" }),
      );
    });
  });
});
