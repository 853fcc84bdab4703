import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { CLI, makeRepo, runCli, testEnv } from "../support/repo.js";

/** A repository whose first `stale` scan takes a moment: 3,000 commits over a decision. */
function bigHistory() {
  const repo = makeRepo();
  repo.commit("code", { "src/a.ts": "a\n" });
  repo.adriftJson(["decision", "record", "--outcome", "o", "--path", "src/a.ts", "--trivial"]);
  repo.commit("record");
  const head = repo.git("rev-parse", "HEAD").trim();
  const commits = Array.from({ length: 3_000 }, (_, i) => {
    const body = `// change ${i}\n`;
    return `commit refs/heads/main\ncommitter Ana <ana@example.com> ${1_800_000_000 + i} +0000\ndata 3\nc${i % 10}\n${i === 0 ? `from ${head}\n` : ""}M 100644 inline src/a.ts\ndata ${body.length}\n${body}\n`;
  }).join("");
  const imported = spawnSync("git", ["fast-import", "--quiet"], {
    cwd: repo.dir,
    input: commits,
    env: testEnv(),
  });
  expect(imported.status).toBe(0);
  repo.git("reset", "-q", "--hard", "main");
  return repo;
}

describe("progress of long work", () => {
  const hasScript = spawnSync("script", ["--version"]).status === 0;

  it.skipIf(!hasScript)(
    "is drawn on a terminal's stderr while history is read, then cleared",
    () => {
      const repo = bigHistory();
      // `script` gives the command a pseudo-terminal; a slow start makes the line appear.
      const result = spawnSync(
        "script",
        ["-qfec", `"${process.execPath}" "${CLI}" stale >/dev/null`, "/dev/null"],
        {
          cwd: repo.dir,
          encoding: "utf8",
          // CI=true turns progress off (CI logs are no terminal): this run is on a terminal.
          env: { ...testEnv(), CI: "", ADRIFT_PROGRESS_AFTER_MS: "0" },
        },
      );
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(
        /adrift: reading (the log, files: 1 of 1|history, commits: \d)/,
      );
      // The last thing written to the terminal clears the line.
      expect(result.stdout.trimEnd().endsWith("\u001b[2K")).toBe(true);
    },
  );

  it("is never written into a pipe", () => {
    const repo = bigHistory();
    const result = runCli(repo.dir, ["stale"], {
      env: { ...testEnv(), CI: "", ADRIFT_PROGRESS_AFTER_MS: "0" },
    });
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain("reading");
  });

  it.skipIf(!hasScript)("is cleared before the output it precedes, not after it", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": "a\n" });
    // A log file to read: "adrift: reading the log, files: 1 of 1" is drawn.
    repo.adriftJson(["intent", "record", "--outcome", "first", "--trivial"]);
    const result = spawnSync(
      "script",
      [
        "-qfec",
        `"${process.execPath}" "${CLI}" intent record --outcome o --trivial --path src/a.ts`,
        "/dev/null",
      ],
      {
        cwd: repo.dir,
        encoding: "utf8",
        env: { ...testEnv(), CI: "", ADRIFT_PROGRESS_AFTER_MS: "0" },
      },
    );
    expect(result.status).toBe(0);
    const out = result.stdout;
    expect(out).toContain("adrift: ");
    expect(out).toContain("recorded intent card");
    // The line drawn before the output is cleared before it: no "files: 1 of 1recorded …".
    const before = out.slice(0, out.indexOf("recorded intent card"));
    expect(before.slice(before.lastIndexOf("adrift: "))).toContain("\r\u001b[2K");
  });
});
