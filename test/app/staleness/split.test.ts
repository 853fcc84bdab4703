import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { openGit } from "../../../src/adapters/git/open.js";
import { historyReport, prepareHistory, splitPoint } from "../../../src/app/staleness/engine.js";
import type { AssessedRecord } from "../../../src/core/staleness/record-contents.js";
import { makeRepo, type TestRepo, testEnv } from "../../support/repo.js";

/** A deterministic pseudo-random generator (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FILES = ["src/a.ts", "src/b.ts", "src/deep/c.ts", "lib/d.ts", "lib/e/f.ts", "docs/g.md"];
const SCOPES = [["src/a.ts"], ["src/"], ["**/*.ts"], ["lib/", "docs/g.md"], ["src/deep"]];

/**
 * A history with feature branches merged back, renames, a branch never merged, and every
 * commit a minute after the last (so bases spread over time and `git log` is split).
 */
function history(seed: number): { repo: TestRepo; commits: string[]; offHistory: string } {
  const rnd = random(seed);
  const repo = makeRepo();
  let minute = 0;
  const commits: string[] = [];
  const commit = (message: string) => {
    minute++;
    const date = `2026-01-01T${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}:00Z`;
    repo.git("add", "-A");
    const env = testEnv({ GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date });
    const git = (args: string[]) => gitIn(repo.dir, args, env);
    git(["commit", "-q", "--allow-empty", "-m", message]);
    commits.push(git(["rev-parse", "HEAD"]).trim());
    return { git, env };
  };
  // Branches edit different files (clean merges); main renames one of its own.
  const edit = (n: number, pool = FILES) => {
    for (let i = 0; i < n; i++) {
      const file = pool[Math.floor(rnd() * pool.length)]!;
      repo.write(file, `${file} ${minute} ${i} ${rnd()}\n`);
    }
  };
  edit(6);
  commit("start");
  for (let round = 0; round < 6; round++) {
    repo.git("checkout", "-q", "-b", `feature${round}`);
    for (let k = 0; k < 3; k++) {
      edit(1 + Math.floor(rnd() * 2), ["src/a.ts", "src/deep/c.ts", "lib/d.ts"]);
      commit(`feature ${round}.${k}`);
    }
    repo.git("checkout", "-q", "main");
    edit(1, [round > 2 ? "src/b2.ts" : "src/b.ts", "lib/e/f.ts", "docs/g.md"]);
    commit(`main ${round}`);
    if (round === 2) {
      repo.git("mv", "src/b.ts", "src/b2.ts");
      commit("rename b");
    }
    const { git } = commit(`pre-merge ${round}`);
    git(["merge", "-q", "--no-ff", "-m", `merge ${round}`, `feature${round}`]);
    commits.push(git(["rev-parse", "HEAD"]).trim());
  }
  repo.git("checkout", "-q", "-b", "abandoned", commits[5]!);
  edit(2);
  commit("never merged");
  const offHistory = commits[commits.length - 1]!;
  repo.git("checkout", "-q", "main");
  edit(1);
  commit("last");
  return { repo, commits, offHistory };
}

function gitIn(dir: string, args: string[], env: NodeJS.ProcessEnv): string {
  const result = spawnSync("git", args, { cwd: dir, env, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout;
}

describe("git log split in two halves read at once", () => {
  it.each([1, 2, 3])(
    "gives the same findings as one git log (history %i, merges and renames)",
    async (seed) => {
      const { repo, commits, offHistory } = history(seed);
      const git = await openGit(repo.dir, testEnv());
      const rnd = random(seed * 7);
      const records: AssessedRecord[] = Array.from({ length: 30 }, (_, i) => ({
        id: `R${i}`,
        kind: "decision",
        basis: {
          revision: i === 0 ? offHistory : commits[Math.floor(rnd() * (commits.length - 1))]!,
          touched_paths: SCOPES[i % SCOPES.length]!,
        },
        recorded: false,
      }));
      const revisions = records.map((r) => r.basis.revision);
      const whole = await historyReport(
        git,
        records,
        undefined,
        prepareHistory(git, revisions, records, { split: false }),
      );
      const split = await historyReport(
        git,
        records,
        undefined,
        prepareHistory(git, revisions, Promise.resolve(records), { split: true }),
      );
      expect(split).toEqual(whole);
      expect(whole.findings.filter((f) => f.state === "stale").length).toBeGreaterThan(0);
      // The split really happens: a basis lies strictly between the oldest one and HEAD in time.
      const head = commits[commits.length - 1]!;
      const times = await git.commitTimes([...revisions, head]);
      const oldest = [...times].sort((a, b) => a[1] - b[1])[0]![0];
      expect(splitPoint(times, head, oldest)).toBeDefined();
    },
  );
});
