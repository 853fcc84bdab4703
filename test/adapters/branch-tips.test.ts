import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readBranchTips } from "../../src/adapters/git/refs.js";
import { propertyOptions } from "../support/property.js";
import { git, makeRepo } from "../support/repo.js";

/** What `git for-each-ref` says the branch tips are, as the CLI adapter asked it before. */
function tipsFromGit(dir: string): Map<string, string> {
  const out = git(dir, [
    "for-each-ref",
    "--format=%(objectname) %(objecttype) %(symref) %(refname)",
    "refs/heads",
    "refs/remotes",
  ]);
  const tips = new Map<string, string>();
  for (const line of out.split("\n")) {
    const [oid, type, symref, ...name] = line.split(" ");
    if (oid && type === "commit" && !symref && name.length) tips.set(name.join(" "), oid);
  }
  return tips;
}

const NAMES = ["main2", "feature/a", "feature/a-b", "feature/deep/x", "fix", "z"];
const REMOTES = ["origin/main", "origin/feature/a", "upstream/z"];

/** One thing a person or git does to the refs. */
const step = fc.oneof(
  fc.record({ op: fc.constant("branch" as const), name: fc.constantFrom(...NAMES), at: fc.nat(3) }),
  fc.record({
    op: fc.constant("remote" as const),
    name: fc.constantFrom(...REMOTES),
    at: fc.nat(3),
  }),
  fc.record({ op: fc.constant("delete" as const), name: fc.constantFrom(...NAMES) }),
  fc.record({ op: fc.constant("pack" as const) }),
  fc.record({ op: fc.constant("symref" as const), target: fc.constantFrom(...REMOTES) }),
  // A write in progress, on a name no other step uses (git would wait for the lock).
  fc.record({ op: fc.constant("lock" as const), name: fc.constantFrom("wip", "wip2/x") }),
);

describe("branch tips read from the ref files", () => {
  it("are what git for-each-ref lists, over random branches, remotes, deletions, packs, symbolic refs and lock files", () => {
    const repo = makeRepo();
    const commits = [0, 1, 2, 3].map((i) => repo.commit(`c${i}`, { [`f${i}.txt`]: `${i}\n` }));
    const location = {
      gitDir: path.join(repo.dir, ".git"),
      commonDir: path.join(repo.dir, ".git"),
      root: repo.dir,
    };
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 8 }), (steps) => {
        // Each run starts from main alone.
        for (const line of git(repo.dir, ["for-each-ref", "--format=%(refname)"]).split("\n"))
          if (line && line !== "refs/heads/main")
            git(repo.dir, ["update-ref", "-d", "--no-deref", line]);
        git(repo.dir, ["pack-refs", "--all", "--prune"]);
        rmSync(path.join(repo.dir, ".git/refs/heads/wip.lock"), { force: true });
        rmSync(path.join(repo.dir, ".git/refs/heads/wip2"), { recursive: true, force: true });
        for (const s of steps) {
          if (s.op === "branch") {
            // A name that is a folder of another (feature/a beside feature/a/…) is refused by git too.
            git(repo.dir, ["update-ref", `refs/heads/${s.name}`, commits[s.at]!], undefined);
          } else if (s.op === "remote")
            git(repo.dir, ["update-ref", `refs/remotes/${s.name}`, commits[s.at]!]);
          else if (s.op === "delete") {
            if (tipsFromGit(repo.dir).has(`refs/heads/${s.name}`))
              git(repo.dir, ["branch", "-D", s.name]);
          } else if (s.op === "pack") git(repo.dir, ["pack-refs", "--all"]);
          else if (s.op === "symref")
            git(repo.dir, ["symbolic-ref", "refs/remotes/origin/HEAD", `refs/remotes/${s.target}`]);
          else {
            const lock = path.join(repo.dir, ".git/refs/heads", `${s.name}.lock`);
            mkdirSync(path.dirname(lock), { recursive: true });
            writeFileSync(lock, `${commits[0]}\n`);
          }
        }
        expect(readBranchTips(location)).toEqual(tipsFromGit(repo.dir));
      }),
      propertyOptions({ numRuns: 25, repositories: true }),
    );
  });

  it("take a loose ref over its packed line (a branch moved after `git pack-refs`)", () => {
    const repo = makeRepo();
    const first = repo.commit("one", { "a.txt": "1\n" });
    git(repo.dir, ["branch", "topic"]);
    git(repo.dir, ["pack-refs", "--all"]);
    const second = repo.commit("two", { "a.txt": "2\n" });
    git(repo.dir, ["update-ref", "refs/heads/topic", second]);
    const location = {
      gitDir: path.join(repo.dir, ".git"),
      commonDir: path.join(repo.dir, ".git"),
      root: repo.dir,
    };
    const tips = readBranchTips(location);
    expect(tips?.get("refs/heads/topic")).toBe(second);
    expect(tips?.get("refs/heads/topic")).not.toBe(first);
    expect(tips).toEqual(tipsFromGit(repo.dir));
  });

  it("leave it to git when a ref file holds something else, or the refs are in a reftable", () => {
    const repo = makeRepo();
    const location = {
      gitDir: path.join(repo.dir, ".git"),
      commonDir: path.join(repo.dir, ".git"),
      root: repo.dir,
    };
    expect(readBranchTips(location)?.get("refs/heads/main")).toBe(
      git(repo.dir, ["rev-parse", "main"]).trim(),
    );
    writeFileSync(path.join(repo.dir, ".git/refs/heads/odd"), "not an object id\n");
    expect(readBranchTips(location)).toBeNull();
    const other = makeRepo();
    mkdirSync(path.join(other.dir, ".git/reftable"));
    expect(
      readBranchTips({
        ...location,
        gitDir: path.join(other.dir, ".git"),
        commonDir: path.join(other.dir, ".git"),
      }),
    ).toBeNull();
  });
});
