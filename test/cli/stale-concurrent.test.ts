import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { logEvents } from "../support/log-files.js";
import {
  type CliResult,
  repoWithDecision,
  runCliAsync,
  startCli,
  waitFor,
} from "../support/repo.js";

const marksOf = (dir: string, id: string) =>
  logEvents(dir).filter((e) => e.type === "decision_marked_stale" && e.data.decision_id === id);

type StaleJson = { marked: string[]; unrecorded: string[]; findings: { recorded: boolean }[] };

/** A decision made stale by a commit, not yet marked. */
function staleDecision() {
  const { repo, id } = repoWithDecision();
  repo.commit("edit a", { "src/a.ts": "a2\n" });
  return { repo, id };
}

describe("marking records stale from concurrent processes", () => {
  it("five `stale --record` at once write one mark, and every run reports it recorded", async () => {
    const { repo, id } = staleDecision();
    const runs = await Promise.all(
      Array.from({ length: 5 }, () => runCliAsync(repo.dir, ["stale", "--record", "--json"])),
    );
    for (const run of runs) expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(marksOf(repo.dir, id)).toHaveLength(1);
    const results = runs.map((r) => JSON.parse(r.stdout) as StaleJson);
    expect(results.flatMap((r) => r.marked)).toEqual([id]);
    for (const result of results) {
      expect(result.unrecorded).toEqual([]);
      expect(result.findings[0]?.recorded).toBe(true);
    }
    expect(repo.adrift(["stale", "--check"]).code).toBe(0);
  });

  it("the pre-commit hook and `stale --record` at once write one mark", async () => {
    const { repo, id } = staleDecision();
    // A warm cache: the hook marks HEAD's unrecorded records as well as the staged change's.
    expect(repo.adriftJson<StaleJson>(["stale"]).unrecorded).toEqual([id]);
    const runs = await Promise.all([
      runCliAsync(repo.dir, ["hook", "run", "pre-commit"]),
      runCliAsync(repo.dir, ["stale", "--record"]),
      runCliAsync(repo.dir, ["hook", "run", "pre-commit"]),
      runCliAsync(repo.dir, ["stale", "--record"]),
    ]);
    for (const run of runs) expect(run.code).toBe(0);
    expect(runs.map((r) => r.stderr).join("")).not.toContain("skipped its work");
    expect(marksOf(repo.dir, id)).toHaveLength(1);
  });

  it("the watcher, the pre-commit hook and `stale --record` wait for the marks lock, then see a mark written meanwhile and write none", async () => {
    const { repo, id } = repoWithDecision();
    const { child, out, exited } = startCli(repo.dir, ["watch", "--json"]);
    // This test process holds the lock (alive, of this machine: never broken).
    const lock = path.join(repo.dir, ".git/adrift/marks.lock");
    let runs: CliResult[] = [];
    try {
      await waitFor(
        () => out.stderr,
        (t) => t.includes("watching"),
      );
      writeFileSync(lock, `${process.pid} ${hostname()}\n`);
      repo.commit("edit a", { "src/a.ts": "a2\n" });
      repo.write("src/a.ts", "a3\n");
      repo.git("add", "src/a.ts");
      const running = Promise.all([
        runCliAsync(repo.dir, ["hook", "run", "pre-commit"]),
        runCliAsync(repo.dir, ["stale", "--record", "--json"]),
      ]);
      // Each has computed its report and waits for the lock; a person marks the record meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      repo.adriftJson(["decision", "mark-stale", id]);
      rmSync(lock);
      runs = await running;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    } finally {
      child.kill("SIGINT");
    }
    expect(await exited).toBe(0);
    for (const run of runs) expect(run.code).toBe(0);
    expect(runs[0]?.stderr).toBe("");
    expect((JSON.parse(runs[1]!.stdout) as StaleJson).marked).toEqual([]);
    expect(out.stdout).toBe("");
    expect(marksOf(repo.dir, id).map((m) => m.data.reason)).toEqual(["manual"]);
  });

  it("a marks lock left by a process that died is broken at once; one older than 30 s from another machine too", () => {
    const { repo, id } = staleDecision();
    const lock = path.join(repo.dir, ".git/adrift/marks.lock");
    mkdirSync(path.dirname(lock), { recursive: true });
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
      encoding: "utf8",
    }).stdout;
    // A live holder of this machine is never broken, so a wait here would end in an error.
    writeFileSync(lock, `${dead} ${hostname()}\n`);
    expect(repo.adriftJson<StaleJson>(["stale", "--record"]).marked).toEqual([id]);

    repo.adriftJson(["decision", "reverify", id]);
    repo.commit("edit a again", { "src/a.ts": "a3\n" });
    writeFileSync(lock, "4242 another-machine\n");
    // Older by the file system's clock, whatever the process clock says (the suite runs under
    // faketime too).
    const old = statSync(lock).mtimeMs / 1000 - 60;
    utimesSync(lock, old, old);
    expect(repo.adriftJson<StaleJson>(["stale", "--record"]).marked).toEqual([id]);
    expect(marksOf(repo.dir, id)).toHaveLength(2);
  });

  it("a marks lock whose holder is alive is waited for, never broken; the wait ends in a clear error", async () => {
    const { repo, id } = staleDecision();
    const lock = path.join(repo.dir, ".git/adrift/marks.lock");
    mkdirSync(path.dirname(lock), { recursive: true });
    writeFileSync(lock, `${process.pid} ${hostname()}\n`);
    const old = statSync(lock).mtimeMs / 1000 - 3600;
    utimesSync(lock, old, old);
    const waiting = runCliAsync(repo.dir, ["stale", "--record", "--json"]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(readFileSync(lock, "utf8")).toBe(`${process.pid} ${hostname()}\n`);
    rmSync(lock);
    const run = await waiting;
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as StaleJson).marked).toEqual([id]);
  });
});
