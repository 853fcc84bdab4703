import { spawnSync } from "node:child_process";
import { readFileSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { logFiles } from "../support/log-files.js";
import { repoWithDecision, type TestRepo, testEnv } from "../support/repo.js";

type Problem = { file: string; line: number; code: string };
type StaleJson = { unrecorded: string[]; log_problems?: Problem[] };

/** A decision on src/a.ts made stale by a commit and marked: the log's last line is the mark. */
function markedRepo() {
  const { repo, id } = repoWithDecision();
  repo.commit("edit a", { "src/a.ts": "a2\n" });
  expect(repo.adriftJson<{ marked: string[] }>(["stale", "--record"]).marked).toEqual([id]);
  repo.commit("the mark");
  const [file] = logFiles(repo.dir);
  return { repo, id, file: file!, full: path.join(repo.dir, file!) };
}

/** The log file with line `n` (1-based) replaced. */
function replaceLine(full: string, n: number, text: (line: string) => string) {
  const lines = readFileSync(full, "utf8").split("\n");
  lines[n - 1] = text(lines[n - 1]!);
  writeFileSync(full, lines.join("\n"));
}

const lineCount = (full: string) => readFileSync(full, "utf8").trimEnd().split("\n").length;
const warnings = (stderr: string) => stderr.split("\n").filter((l) => l.includes("warning:"));

function gitCommit(repo: TestRepo, message: string) {
  const result = spawnSync("git", ["commit", "-q", "-am", message], {
    cwd: repo.dir,
    env: testEnv(),
    encoding: "utf8",
  });
  return { code: result.status, stderr: result.stderr };
}

describe("log lines staleness cannot read", () => {
  it("a line that is not JSON: stale, list and show say so in one line, and --json lists it; a warm cache still tells", () => {
    const { repo, id, file, full } = markedRepo();
    const mark = lineCount(full);
    replaceLine(full, mark, () => "{not json");

    for (let run = 0; run < 2; run++) {
      const human = repo.adrift(["stale"]);
      expect(human.code).toBe(0);
      expect(human.stdout).toContain("(not yet recorded)"); // the mark is left out
      expect(warnings(human.stderr)).toEqual([
        `warning: 1 log line could not be read and was left out: ${file}:${mark} (invalid_json); run \`adrift validate\` for details`,
      ]);
    }
    const json = repo.adrift(["stale", "--json"]);
    expect(json.stderr).toBe("");
    const report = JSON.parse(json.stdout) as StaleJson;
    expect(report.unrecorded).toEqual([id]);
    expect(report.log_problems).toEqual([
      expect.objectContaining({ file, line: mark, code: "invalid_json" }),
    ]);
    expect(repo.adrift(["stale", "--check"]).code).toBe(1);

    const list = repo.adrift(["list"]);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain("active");
    expect(warnings(list.stderr)).toEqual([
      expect.stringContaining(`${file}:${mark} (invalid_json)`),
    ]);
    const listed = repo.adriftJson<{ total: number; log_problems: Problem[] }>(["list"]);
    expect(listed.total).toBe(1);
    expect(listed.log_problems).toEqual([
      expect.objectContaining({ file, line: mark, code: "invalid_json" }),
    ]);
    expect(warnings(repo.adrift(["show", id]).stderr)).toHaveLength(1);
  });

  it("a clean log adds nothing: no warning, no log_problems in the JSON", () => {
    const { repo, id } = markedRepo();
    const human = repo.adrift(["stale"]);
    expect(human.stderr).toBe("");
    expect(JSON.parse(repo.adrift(["stale", "--json"]).stdout)).not.toHaveProperty("log_problems");
    expect(repo.adrift(["list"]).stderr).toBe("");
    expect(repo.adriftJson(["list"])).not.toHaveProperty("log_problems");
    expect(repo.adriftJson(["show", id])).not.toHaveProperty("log_problems");
  });

  it("a torn last line is named with file:line as torn_line", () => {
    const { repo, file, full } = markedRepo();
    const last = lineCount(full);
    truncateSync(full, readFileSync(full).length - 30);
    const result = repo.adrift(["stale"]);
    expect(result.code).toBe(0);
    expect(warnings(result.stderr)).toEqual([
      expect.stringContaining(`${file}:${last} (torn_line)`),
    ]);
  });

  it("a line of a type staleness skips is still caught when it is cut short", () => {
    const { repo, file, full } = markedRepo();
    // Line 1 is the session: staleness never parses it, yet a cut-off copy of it is reported.
    replaceLine(full, 1, (line) => line.slice(0, 60));
    const report = JSON.parse(repo.adrift(["stale", "--json"]).stdout) as StaleJson;
    expect(report.log_problems).toEqual([expect.objectContaining({ file, line: 1 })]);
    // Cut right after a nested object's brace, as the file's last line: torn all the same.
    const session = readFileSync(full, "utf8").split("\n")[1]!; // a whole line of the session's
    const last = lineCount(full) + 1;
    writeFileSync(
      full,
      `${readFileSync(full, "utf8")}${session.slice(0, session.indexOf("}") + 1)}`,
    );
    const torn = JSON.parse(repo.adrift(["stale", "--json"]).stdout) as StaleJson;
    const positions = (problems: Problem[] = []) => problems.map((p) => [p.line, p.code]);
    expect(positions(torn.log_problems)).toEqual([
      [1, "torn_line"],
      [last, "torn_line"],
    ]);
    const validated = JSON.parse(repo.adrift(["validate", "--json"]).stdout);
    expect(positions(validated.problems)).toEqual(positions(torn.log_problems));
  });

  it("a line written otherwise than adrift writes it (spaces, another key order) is read, not lost", () => {
    const { repo, full } = markedRepo();
    const mark = lineCount(full);
    replaceLine(full, mark, (line) => {
      const { id, type, ...rest } = JSON.parse(line);
      return JSON.stringify({ ...rest, type, id }, null, 1).replace(/\n/g, "");
    });
    const result = repo.adrift(["stale", "--check"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0); // the mark counts
  });

  it("a schema_version from a newer adrift stops stale (exit 2, file:line, upgrade) on any line", () => {
    const { repo, file, full } = markedRepo();
    expect(repo.adrift(["stale"]).code).toBe(0); // a warm cache first
    // Line 1 (the session) is of a type staleness skips; the mark is one it reads.
    for (const line of [1, lineCount(full)]) {
      const original = readFileSync(full);
      replaceLine(full, line, (text) => text.replace('"schema_version":1', '"schema_version":9'));
      for (const args of [["stale"], ["stale", "--check"]]) {
        const result = repo.adrift(args);
        expect(result.code).toBe(2);
        expect(result.stderr).toContain("[unsupported_schema_version]");
        expect(result.stderr).toContain(`${file}:${line}:`);
        expect(result.stderr).toMatch(/upgrade adrift/);
      }
      const json = repo.adrift(["stale", "--json"]);
      expect(JSON.parse(json.stderr).error.code).toBe("unsupported_schema_version");
      writeFileSync(full, original);
    }
    expect(repo.adrift(["stale"]).code).toBe(0);
  });

  it("stale still tells after a report computed staleness from its own fold", () => {
    const { repo, file, full } = markedRepo();
    const mark = lineCount(full);
    replaceLine(full, mark, () => "{not json");
    expect(repo.adrift(["report", "correspondence", "--format", "json"]).code).toBe(0);
    const result = repo.adrift(["stale"]);
    expect(warnings(result.stderr)).toEqual([expect.stringContaining(`${file}:${mark}`)]);
  });
});

describe("the hooks and log lines they cannot read", () => {
  it("pre-commit lets the commit through with one warning line, on the cold and on the warm path", () => {
    const { repo, file, full } = markedRepo();
    expect(repo.adrift(["hook", "install"]).code).toBe(0);
    const mark = lineCount(full);
    replaceLine(full, mark, () => "{not json");
    repo.git("commit", "-qam", "a broken line, committed without hooks", "--no-verify");
    const expected = `adrift: warning: 1 log line could not be read and was left out: ${file}:${mark} (invalid_json); run \`adrift validate\` for details`;
    for (const [n, name] of ["b.ts", "b.ts", "c.ts"].entries()) {
      repo.write(`src/${name}`, `edit ${n}\n`);
      repo.git("add", "-A");
      const commit = gitCommit(repo, `edit ${n}`);
      expect(commit.code).toBe(0);
      expect(warnings(commit.stderr)).toEqual([expected]);
      expect(repo.git("log", "-1", "--format=%s").trim()).toBe(`edit ${n}`);
    }
  });

  it("pre-commit skips its work with one warning when a line is from a newer adrift; the commit goes on", () => {
    const { repo, file, full } = markedRepo();
    expect(repo.adrift(["hook", "install"]).code).toBe(0);
    replaceLine(full, 1, (text) => text.replace('"schema_version":1', '"schema_version":9'));
    repo.write("src/a.ts", "a3\n");
    const commit = gitCommit(repo, "edit a again");
    expect(commit.code).toBe(0);
    const lines = commit.stderr.split("\n").filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("the pre-commit hook skipped its work");
    expect(lines[0]).toContain(`${file}:1:`);
    expect(lines[0]).toMatch(/upgrade adrift/);
    expect(repo.git("log", "-1", "--format=%s").trim()).toBe("edit a again");
  });

  it("post-merge names the lines it could not read", () => {
    const { repo, file, full } = markedRepo();
    const mark = lineCount(full);
    replaceLine(full, mark, () => "{not json");
    repo.git("commit", "-qam", "broken");
    const result = repo.adrift(["hook", "run", "post-merge", "0"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`adrift: warning: 1 log line could not be read`);
    expect(result.stderr).toContain(`${file}:${mark} (invalid_json)`);
  });
});
