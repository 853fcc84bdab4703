// The PR comment's numbers add up and its gates fail closed (issue 16), on real repositories
// with the real CLI: what the base branch had already made stale is never blamed on the pull
// request, a file whose decision the PR makes stale is covered, and a base that does not resolve
// is a usage error, never an empty "0 decisions made stale".
import { describe, expect, it } from "vitest";
import { makeRepo, type TestRepo, testEnv } from "../support/repo.js";

const COMPLETE = ["--trigger", "t", "--chosen", "c", "--rationale", "r", "--considered", "x :: y"];

type Stale = {
  id: string;
  short_id: string;
  location?: { file: string; line: number };
  outcome: string;
  paths: { path: string }[];
  commits: { hash: string }[];
};
type Model = {
  version: number;
  head: string;
  forge: { kind: string; url: string } | null;
  summary: {
    changed_files: number;
    covered: number;
    covered_by_made_stale: number;
    uncovered: number;
    made_stale: number;
    already_stale: number;
  };
  stale: Stale[];
  already_stale: (Omit<Stale, "paths"> & { paths: string[]; since: string })[];
  uncovered: { path: string }[];
  failing: string[];
  unevaluated: { gate: string; reason: string }[];
  body: string;
};

function decide(repo: TestRepo, outcome: string, ...paths: string[]): string {
  const args = ["decision", "record", "--outcome", outcome, ...COMPLETE];
  for (const p of paths) args.push("--path", p);
  return repo.adriftJson<{ id: string }>(args).id;
}

/**
 * main: two files, a decision on each; then a commit on main changes `src/old.ts`, so its
 * decision is stale on main (computed, never recorded: main has no hooks). Branch `feature`.
 */
function staleOnMain() {
  const repo = makeRepo();
  repo.commit("code", { "src/old.ts": "old v1\n", "src/pay.ts": "pay v1\n", "lib/x.ts": "x\n" });
  const old = decide(repo, "Old code stays put", "src/old.ts");
  const pay = decide(repo, "Payments are idempotent", "src/pay.ts");
  repo.commit("decisions");
  const onMain = repo.commit("main moves on", { "src/old.ts": "old v2\n" });
  repo.git("checkout", "-q", "-b", "feature");
  return { repo, old, pay, onMain };
}

const comment = (repo: TestRepo, ...args: string[]) =>
  repo.adriftJson<Model>(["pr-comment", "--base", "main", ...args]);

/** Every item of the body's stale sections names paths or commits, never "paths: ; commits:". */
function expectNoEmptyEntries(body: string) {
  expect(body).not.toMatch(/paths: *[;—]|commits: *($|\n|\))/m);
  const stale = body.split("<details>").filter((s) => /stale/i.test(s.split("\n")[0] ?? ""));
  for (const section of stale)
    for (const line of section.split("\n").filter((l) => l.startsWith("- "))) {
      expect(line, line).toMatch(
        / — (`[^`]+`.* changed by `[0-9a-f]{10}`|stale on the base branch since `[0-9a-f]{10}`|its files on the base branch|marked stale)/,
      );
      expect(line, line).toMatch(/adrift decision reverify 01[0-9A-Z]{8}/);
    }
}

describe("pr-comment: what this PR makes stale", () => {
  it("a base branch with a decision already stale, a PR changing other files: 0 made stale by the PR", () => {
    const { repo, old, onMain } = staleOnMain();
    repo.commit("unrelated work", { "lib/x.ts": "x v2\n" });
    const model = comment(repo, "--fail-on", "stale");
    expect(model.summary.made_stale).toBe(0);
    expect(model.stale).toEqual([]);
    expect(model.summary.already_stale).toBe(1);
    expect(model.already_stale.map((s) => [s.id, s.commits.map((c) => c.hash)])).toEqual([
      [old, [onMain]],
    ]);
    expect(model.failing).toEqual([]);
    expect(model.body).toContain("Already stale on the base branch (1)");
    expect(model.body).not.toContain("this PR makes stale");
    expectNoEmptyEntries(model.body);
    // the gate passes: nothing the PR did is stale
    expect(repo.adrift(["pr-comment", "--base", "main", "--fail-on", "stale"]).code).toBe(0);
  });

  it("the PR branch's pre-commit hook marks what main made stale: still not the PR's", () => {
    const { repo, old, pay } = staleOnMain();
    expect(repo.adrift(["hook", "install"]).code).toBe(0);
    // With HEAD's report known (a `stale` run before, as in a working day), the hook marks every
    // record stale at this commit that the log does not mark yet: `old` (made stale on main)...
    expect(repo.adrift(["stale"]).code).toBe(0);
    repo.commit("unrelated work", { "lib/x.ts": "x v2\n" });
    // ...and `pay`, which this PR makes stale.
    const change = repo.commit("rework payments", { "src/pay.ts": "pay v2\n" });
    const marks = repo
      .git("log", "-p", "main..HEAD", "--", ".decisions")
      .split("\n")
      .filter((l) => l.startsWith("+") && l.includes('"decision_marked_stale"'));
    expect(marks.length).toBe(2); // the hook did mark both in the PR's commits
    const model = comment(repo);
    expect(model.stale.map((s) => [s.id, s.commits.map((c) => c.hash)])).toEqual([[pay, [change]]]);
    expect(model.already_stale.map((s) => s.id)).toEqual([old]);
    expect(model.summary).toMatchObject({ made_stale: 1, already_stale: 1 });
    expectNoEmptyEntries(model.body);
  });

  it("a file the base branch only moved, edited by the PR: the PR's (a pure rename moves a record, it does not make it stale)", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/old.ts": "old v1\n" });
    const id = decide(repo, "Old code stays put", "src/old.ts");
    repo.commit("decision");
    repo.git("mv", "src/old.ts", "src/moved.ts");
    repo.commit("move it");
    repo.git("checkout", "-q", "-b", "feature");
    const change = repo.commit("edit it", { "src/moved.ts": "old v2\n" });
    const model = comment(repo);
    expect(model.stale.map((s) => [s.id, s.commits.map((c) => c.hash)])).toEqual([[id, [change]]]);
    expect(model.already_stale).toEqual([]);
  });

  it("a record the base branch had marked stale in the log goes with the base, not the PR", () => {
    const { repo, old } = staleOnMain();
    repo.git("checkout", "-q", "main");
    repo.adriftJson(["stale", "--record"]);
    repo.commit("record staleness on main");
    repo.git("checkout", "-q", "feature");
    repo.git("merge", "-q", "--ff-only", "main");
    repo.commit("unrelated work", { "lib/x.ts": "x v2\n" });
    const model = comment(repo);
    expect(model.summary.made_stale).toBe(0);
    expect(model.already_stale.map((s) => s.id)).toEqual([old]);
  });
});

describe("pr-comment: coverage that adds up", () => {
  it("a PR that makes a governed file's decision stale: the file is covered, and changed = covered + uncovered", () => {
    const { repo, pay } = staleOnMain();
    expect(repo.adrift(["hook", "install"]).code).toBe(0);
    repo.commit("rework payments", {
      "src/pay.ts": "pay v2\n",
      "src/old.ts": "old v3\n",
      "docs/new.md": "new\n",
    });
    const model = comment(repo);
    expect(model.stale.map((s) => s.id)).toEqual([pay]);
    expect(model.uncovered.map((u) => u.path)).toEqual(["docs/new.md"]);
    expect(model.summary).toMatchObject({
      changed_files: 3,
      covered: 2,
      covered_by_made_stale: 1,
      uncovered: 1,
    });
    const s = model.summary;
    expect(s.covered + s.uncovered).toBe(s.changed_files);
    expect(model.body).toContain(
      "3 changed files · 2 covered (1 by decisions this PR makes stale) · 1 uncovered",
    );
    expect(model.body).not.toMatch(/no decision covers[\s\S]*src\/pay\.ts/);
  });
});

describe("pr-comment: links a reviewer can click", () => {
  it("links records, files and commits to GitHub from origin, to GitLab from CI's env, and is plain text otherwise", () => {
    const { repo, pay } = staleOnMain();
    const change = repo.commit("rework payments", {
      "src/pay.ts": "pay v2\n",
      "docs/new (draft).md": "x\n",
    });
    const plain = comment(repo);
    expect(plain.forge).toBeNull();
    expect(plain.body).not.toContain("](http");
    repo.git("remote", "add", "origin", "git@github.com:acme/shop.git");
    const model = comment(repo);
    const gh = "https://github.com/acme/shop";
    expect(model.forge).toEqual({ kind: "github", url: gh });
    const s = model.stale[0]!;
    expect(s.id).toBe(pay);
    expect(s.short_id).toBe(pay.slice(0, 10));
    const at = s.location!;
    // the line linked is the record's own event in the log at the head
    const line = repo.git("show", `${model.head}:${at.file}`).split("\n")[at.line - 1]!;
    expect(JSON.parse(line).id).toBe(pay);
    expect(model.body).toContain(
      `[\`${s.short_id}\`](${gh}/blob/${model.head}/${at.file}#L${at.line})`,
    );
    expect(model.body).toContain(`[\`src/pay.ts\`](${gh}/blob/${model.head}/src/pay.ts)`);
    expect(model.body).toContain(`[\`${change.slice(0, 10)}\`](${gh}/commit/${change})`);
    expect(model.body).toContain(`(${gh}/blob/${model.head}/docs/new%20%28draft%29.md)`);
    expect(model.body).toContain(`\`adrift decision reverify ${s.short_id}\``);
    // CI's environment names the forge first
    const env = testEnv({ CI_PROJECT_URL: "https://gitlab.example.com/group/sub/shop" });
    const gitlab = repo.adriftJson<Model>(["pr-comment", "--base", "main"], { env });
    expect(gitlab.body).toContain(`https://gitlab.example.com/group/sub/shop/-/commit/${change}`);
    expect(gitlab.body).toContain(`/-/blob/${model.head}/src/pay.ts)`);
    // the same bytes on every run
    const again = () => repo.adrift(["pr-comment", "--base", "main"]).stdout;
    expect(again()).toBe(again());
  });
});

describe("pr-comment: gates fail closed", () => {
  it("in a repository with no commit yet says so, never to fetch HEAD", () => {
    const repo = makeRepo({ empty: true });
    const result = repo.adrift(["pr-comment", "--base", "main"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("the repository has no commits yet: commit first");
    expect(result.stderr).not.toContain("git fetch");
  });

  it("--base nosuchref --fail-on stale exits 2 with one line naming the ref and how to fetch it", () => {
    const { repo } = staleOnMain();
    const result = repo.adrift(["pr-comment", "--base", "nosuchref", "--fail-on", "stale"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("nosuchref");
    expect(lines[0]).toMatch(/git fetch origin nosuchref/);
    expect(lines[0]).toMatch(/fetch-depth: 0/);
    const json = repo.adrift(["pr-comment", "--base", "nosuchref", "--fail-on", "stale", "--json"]);
    expect(json.code).toBe(2);
    expect(json.stdout).toBe("");
    const error = JSON.parse(json.stderr).error;
    expect(error.code).toBe("usage");
    expect(error.message).toContain("nosuchref");
    expect(error.details).toMatchObject({ ref: "nosuchref", option: "--base" });
  });

  it("a --head that does not resolve is a usage error too, as is a typo of the base", () => {
    const { repo } = staleOnMain();
    const head = repo.adrift(["pr-comment", "--base", "main", "--head", "nope", "--json"]);
    expect(head.code).toBe(2);
    expect(JSON.parse(head.stderr).error.details).toMatchObject({ ref: "nope", option: "--head" });
    const typo = repo.adrift(["pr-comment", "--base", "mastr", "--fail-on", "stale,uncovered"]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("mastr");
  });

  it("a depth-1 clone whose base is not fetched: the comment says so and each gate asked for is evaluated or fails", () => {
    const { repo } = staleOnMain();
    repo.commit("unrelated work", { "lib/x.ts": "x v2\n" });
    const base = repo.git("rev-parse", "main").trim();
    const clone = makeRepo({ empty: true });
    clone.git("fetch", "-q", "--depth", "1", `file://${repo.dir}`, "feature");
    clone.git("checkout", "-q", "FETCH_HEAD");
    const plain = clone.adrift(["pr-comment", "--base", base]);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain("could not be computed");
    // `src/old.ts` differs from what its decision saw: the stale gate cannot clear the PR
    const gated = clone.adrift(["pr-comment", "--base", base, "--fail-on", "stale", "--json"]);
    expect(gated.code).toBe(1);
    const model = JSON.parse(gated.stdout) as Model;
    expect(model.unevaluated.map((u) => u.gate)).toEqual(["stale"]);
    expect(model.body).toMatch(/Could not evaluate: stale/);
    expect(gated.stderr).toMatch(/could not evaluate stale/);
    // uncovered needs the changed files, which the clone cannot give
    const uncovered = clone.adrift(["pr-comment", "--base", base, "--fail-on", "uncovered"]);
    expect(uncovered.code).toBe(1);
    expect(uncovered.stderr).toMatch(/could not evaluate uncovered/);
    // a branch name that the clone never fetched is a usage error, shallow or not
    const named = clone.adrift(["pr-comment", "--base", "origin/main", "--fail-on", "stale"]);
    expect(named.code).toBe(2);
    expect(named.stderr).toContain("git fetch origin main");
  });
});

describe("pr-comment on a shallow clone that reaches the merge base", () => {
  it("judges records whose basis is not fetched by their fingerprints at the merge base", () => {
    const { repo, old, pay } = staleOnMain();
    repo.git("checkout", "-q", "main");
    for (const n of [1, 2, 3]) repo.commit(`main filler ${n}`, { [`lib/f${n}.ts`]: `${n}\n` });
    repo.git("checkout", "-q", "feature");
    repo.git("merge", "-q", "--ff-only", "main");
    const change = repo.commit("rework payments", { "src/pay.ts": "pay v2\n" });
    const clone = makeRepo({ empty: true });
    clone.git(
      "fetch",
      "-q",
      "--depth",
      "2",
      `file://${repo.dir}`,
      "main:refs/remotes/origin/main",
      "feature:refs/remotes/origin/feature",
    );
    clone.git("checkout", "-q", "origin/feature");
    expect(clone.git("rev-parse", "--is-shallow-repository").trim()).toBe("true");
    const result = clone.adrift([
      "pr-comment",
      "--base",
      "origin/main",
      "--fail-on",
      "stale",
      "--json",
    ]);
    expect(result.code).toBe(1);
    const model = JSON.parse(result.stdout) as Model;
    expect(model.failing).toEqual(["stale"]);
    expect(model.unevaluated).toEqual([]);
    expect(model.stale.map((s) => [s.id, s.paths.map((p) => p.path)])).toEqual([
      [pay, ["src/pay.ts"]],
    ]);
    expect(model.already_stale.map((s) => [s.id, s.since])).toEqual([[old, "content"]]);
    expect(model.body).toMatch(/Note: history unavailable for 2 records/);
    expect(model.summary).toMatchObject({ changed_files: 1, covered: 1, uncovered: 0 });
    expect(change).toMatch(/^[0-9a-f]{40}$/);
  });
});

describe("stale --fail-on stale", () => {
  it("exits 1 while a record is stale, recorded or not; --check only while one is unrecorded", () => {
    const { repo } = staleOnMain();
    expect(repo.adrift(["stale", "--check"]).code).toBe(1);
    expect(repo.adrift(["stale", "--fail-on", "stale"]).code).toBe(1);
    repo.adriftJson(["stale", "--record"]);
    expect(repo.adrift(["stale", "--check"]).code).toBe(0);
    const failing = repo.adrift(["stale", "--fail-on", "stale"]);
    expect(failing.code).toBe(1);
    expect(failing.stderr).toMatch(/1 record is stale/);
    expect(repo.adrift(["stale", "--fail-on", "unrecorded"]).code).toBe(0);
    const bad = repo.adrift(["stale", "--fail-on", "everything", "--json"]);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stderr).error.code).toBe("usage");
  });
});
