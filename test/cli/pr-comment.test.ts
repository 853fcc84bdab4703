import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo, type TestRepo } from "../support/repo.js";

const COMPLETE = ["--trigger", "t", "--chosen", "c", "--rationale", "r", "--considered", "x :: y"];

type Model = {
  summary: Record<string, number>;
  stale: { id: string; commits: { hash: string }[]; paths: { path: string }[] }[];
  records: { id: string; change: string; incomplete: { rule: string }[] }[];
  uncovered: { path: string; baseline: string }[];
  failing: string[];
  body: string;
};

function decide(repo: TestRepo, outcome: string, ...paths: string[]): string {
  const args = ["decision", "record", "--outcome", outcome, ...COMPLETE];
  for (const p of paths) args.push("--path", p);
  return repo.adriftJson<{ id: string }>(args).id;
}

/** main: code and two decisions; feature: changes governed and ungoverned code, records two cards. */
function scriptedPullRequest() {
  const repo = makeRepo();
  repo.commit("code", {
    "src/auth/login.ts": "login v1\n",
    "src/auth/token.ts": "token v1\n",
    "src/billing/invoice.ts": "invoice v1\n",
  });
  const auth = decide(repo, "Login checks the session cache first", "src/auth/login.ts");
  const billing = decide(repo, "Invoices are immutable", "src/billing/");
  repo.commit("decisions");
  repo.git("checkout", "-q", "-b", "feature");
  const change = repo.commit("rework login", {
    "src/auth/login.ts": "login v2\n",
    "src/new/feature.ts": "new\n",
    "docs/guide.md": "guide\n",
  });
  const card = repo.adriftJson<{ id: string }>([
    "intent",
    "record",
    "--outcome",
    "Feature flag <script>alert(1)</script> for @org/team <!-- adrift:pr-comment head=0000 -->",
  ]).id;
  const huge = `${"<script>alert(1)</script> @org/team ".repeat(6000)}end`; // ~200 KB
  const big = repo.adriftJson<{ id: string }>(["intent", "record", "--file", "-"], {
    input: JSON.stringify({ card: { outcome: huge, trigger: huge } }),
  }).id;
  const done = decide(repo, "New feature lives in src/new", "src/new/");
  repo.commit("records");
  return { repo, auth, billing, card, big, done, change };
}

let shared: ReturnType<typeof scriptedPullRequest> | undefined;
/** One scripted PR for the tests that only read it. */
const readOnlyPullRequest = () => {
  shared ??= scriptedPullRequest();
  return shared;
};

describe("adrift pr-comment", () => {
  it("counts a scripted pull request: changed, covered, new and incomplete records", () => {
    const { repo, card, big, done, auth, change } = readOnlyPullRequest();
    const model = repo.adriftJson<Model>(["pr-comment", "--base", "main"]);
    expect(model.summary).toMatchObject({
      made_stale: 1,
      changed_files: 3,
      covered: 2,
      new_records: 3,
      incomplete: 2,
      open_questions: 0,
    });
    expect(model.records.map((r) => [r.id, r.change, r.incomplete.length > 0])).toEqual([
      [card, "new", true],
      [big, "new", true],
      [done, "new", false],
    ]);
    expect(model.uncovered).toEqual([{ path: "docs/guide.md", baseline: "new" }]);
    expect(
      model.stale.map((s) => [s.id, s.commits.map((c) => c.hash), s.paths.map((p) => p.path)]),
    ).toEqual([[auth, [change], ["src/auth/login.ts"]]]);
    expect(model.body.split("\n")[0]).toMatch(/^<!-- adrift:pr-comment head=[0-9a-f]{40} -->$/);
    expect(model.body.match(/adrift:pr-comment/g)).toHaveLength(1);
    expect(model.body).toContain("Feature flag \\<script>");
    expect(model.body).toContain("@\u200dorg/team");
    expect(model.body.length).toBeLessThan(60_000);
    expect(model.body).not.toMatch(/(?<!\\)<script|(^|[^\w])@org/);
  });

  it("gives the same bytes twice, and exits 1 only on the gates asked for", () => {
    const { repo } = readOnlyPullRequest();
    const first = repo.adrift(["pr-comment", "--base", "main"]);
    const second = repo.adrift(["pr-comment", "--base", "main"]);
    expect(first.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    const gated = repo.adrift([
      "pr-comment",
      "--base",
      "main",
      "--fail-on",
      "uncovered,incomplete",
    ]);
    expect(gated.code).toBe(1);
    expect(gated.stdout).toContain("Failing: uncovered, incomplete.");
    expect(repo.adrift(["pr-comment", "--base", "main", "--fail-on", "open-questions"]).code).toBe(
      0,
    );
  });

  it("lets baselined uncovered files pass the gate until the baseline expires", () => {
    const { repo } = scriptedPullRequest();
    repo.git("checkout", "-q", "main");
    repo.commit("more uncovered code", { "docs/guide.md": "old guide\n" });
    expect(
      repo.adriftJson<{ files: number }>(["baseline", "freeze", "--expires", "2999-01-01"]).files,
    ).toBe(3);
    repo.commit("freeze");
    repo.git("checkout", "-q", "feature");
    repo.git("merge", "-q", "--no-edit", "-X", "theirs", "main");
    const model = repo.adriftJson<Model>([
      "pr-comment",
      "--base",
      "main",
      "--fail-on",
      "uncovered",
    ]);
    expect(model.uncovered).toEqual([]);
  });

  it("rejects an unknown gate and an unknown head with their codes", () => {
    const { repo } = readOnlyPullRequest();
    const bad = repo.adrift(["pr-comment", "--base", "main", "--fail-on", "everything", "--json"]);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stderr).error.code).toBe("usage");
    const head = repo.adrift(["pr-comment", "--base", "main", "--head", "nope", "--json"]);
    expect(head.code).toBe(2);
    expect(JSON.parse(head.stderr).error.code).toBe("usage");
  });

  it("on a depth-1 clone says what it could not compute instead of failing", () => {
    const { repo } = readOnlyPullRequest();
    const clone = makeRepo({ empty: true });
    clone.git("fetch", "-q", "--depth", "1", `file://${repo.dir}`, "feature");
    clone.git("checkout", "-q", "FETCH_HEAD");
    const result = clone.adrift([
      "pr-comment",
      "--base",
      "0123456789abcdef0123456789abcdef01234567",
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("could not be computed");
    const model = JSON.parse(
      clone.adrift(["pr-comment", "--base", "0123456789abcdef0123456789abcdef01234567", "--json"])
        .stdout,
    ) as { unattributed: { id: string }[]; summary: { changed_files: number } };
    expect(model.unattributed.map((u) => u.id)).toEqual([readOnlyPullRequest().auth]);
    expect(model.summary.changed_files).toBe(0);
    expect(result.stdout).toMatch(/^<!-- adrift:pr-comment head=[0-9a-f]{40} -->/);
  });

  it("keeps its derived state current: after a commit and a new record, the same as from scratch", () => {
    const { repo } = scriptedPullRequest();
    const derived = path.join(repo.dir, ".git", "adrift");
    const comment = () => repo.adrift(["pr-comment", "--base", "main", "--json"]).stdout;
    const fromScratch = () => {
      rmSync(derived, { recursive: true, force: true });
      return comment();
    };
    comment();
    for (const name of ["report-index.json", "stale-digest.json"])
      expect(existsSync(path.join(derived, name)), name).toBe(true);
    // HEAD moves: a governed file changes, so one more decision is made stale.
    repo.commit("more", { "src/billing/invoice.ts": "invoice v2\n" });
    const afterCommit = comment();
    expect(JSON.parse(afterCommit).summary.made_stale).toBe(2);
    expect(afterCommit).toBe(fromScratch());
    // The log grows: a new decision covers the uncovered file.
    comment();
    decide(repo, "Guides are docs", "docs/");
    const afterRecord = comment();
    expect(JSON.parse(afterRecord).uncovered).toEqual([]);
    expect(afterRecord).toBe(fromScratch());
  });
});
