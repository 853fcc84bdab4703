// The PR comment as a reviewer reads it on real repositories: each record's why, the records the
// PR moved or added files under, the base branch's own commits kept apart, and links to the site.
import { existsSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo, type TestRepo, testEnv } from "../support/repo.js";

type Item = { id: string; outcome: string; why?: Record<string, string> };
type Model = {
  summary: Record<string, number>;
  stale: Item[];
  already_stale: Item[];
  moved: Item[];
  review: Item[];
  body: string;
};

function decide(repo: TestRepo, env: NodeJS.ProcessEnv, outcome: string, scope: string, why = {}) {
  const w = { trigger: "t", chosen: "c", rationale: "r", constraints: "", ...why };
  const args = ["decision", "record", "--outcome", outcome, "--path", scope];
  args.push("--trigger", w.trigger, "--chosen", w.chosen, "--rationale", w.rationale);
  if (w.constraints) args.push("--constraints", w.constraints);
  args.push("--considered", "a shared Redis :: another service to run");
  return repo.adriftJson<{ id: string }>(args, { env }).id;
}

/**
 * main: code and four decisions; feature: edits a governed file, renames another, adds a file
 * under a governed folder; main then moves on with a commit that makes a fifth decision stale,
 * and the work tree is the test merge of the two (what CI checks out for a pull request).
 */
function pullRequest(env: NodeJS.ProcessEnv) {
  const repo = makeRepo();
  repo.commit("code", {
    "src/auth.ts": "auth v1\n",
    "src/core.ts": "core v1\n",
    "lib/util.ts": "util\n",
    "src/billing/invoice.ts": "invoice\n",
  });
  const auth = decide(repo, env, "Sessions are cached", "src/auth.ts", {
    rationale: "the IdP answers in 2 s at peak <script>alert(1)</script>",
    constraints: "never cache a token longer than 5 minutes",
  });
  const core = decide(repo, env, "The core stays pure", "src/core.ts");
  const util = decide(repo, env, "Helpers stay small", "lib/util.ts");
  const billing = decide(repo, env, "Invoices are immutable", "src/billing/");
  repo.commit("decisions");
  repo.git("checkout", "-q", "-b", "feature");
  repo.write("src/auth.ts", "auth v2\n");
  repo.write("src/billing/refund.ts", "refund\n");
  repo.git("mv", "lib/util.ts", "lib/helpers.ts");
  const head = repo.commit("feature work");
  repo.git("checkout", "-q", "main");
  repo.commit("core change on main", { "src/core.ts": "core v2\n" });
  repo.git("checkout", "-q", "--detach", head);
  repo.git("merge", "-q", "--no-edit", "main");
  return { repo, head, auth, core, util, billing };
}

describe.each(["cli", "embedded"])("the PR comment's why (%s git adapter)", (adapter) => {
  const env = testEnv({ ADRIFT_GIT: adapter });
  let made: ReturnType<typeof pullRequest> | undefined;
  /** One pull request for both tests (the second only changes the config). */
  const shared = () => {
    made ??= pullRequest(env);
    return made;
  };

  it("shows the rationale and constraints of what the PR makes stale, its moved and review records, and keeps the base's own commits apart", () => {
    const { repo, head, auth, core, util, billing } = shared();
    const model = repo.adriftJson<Model>(["pr-comment", "--base", "main", "--head", head], {
      env,
    });
    expect(model.stale.map((s) => s.id)).toEqual([auth]);
    // made stale by main's own commit after the fork: the base's, not the PR's
    expect(model.already_stale.map((s) => s.id)).toEqual([core]);
    expect(model.moved.map((s) => s.id)).toEqual([util]);
    expect(model.review.map((s) => s.id)).toEqual([billing]);
    expect(model.summary).toMatchObject({ made_stale: 1, already_stale: 1, moved: 1, review: 1 });
    expect(model.stale[0]!.why).toMatchObject({
      constraints: "never cache a token longer than 5 minutes",
    });
    const body = model.body;
    expect(body).toContain("**Rationale**: the IdP answers in 2 s at peak \\<script>");
    expect(body).toContain("**Constraints**: never cache a token longer than 5 minutes");
    expect(body).toContain("<details><summary>What was decided, and why</summary>");
    expect(body).toContain("Records this PR moved (renames only, not stale) (1)");
    expect(body).toContain("Records to review: files this PR added under their scope (1)");
    expect(body).toContain("`lib/util.ts` → `lib/helpers.ts`");
    expect(body).toContain("1 record moved · 1 record to review");
    expect(body).not.toMatch(/(?<!\\)<script/);
    expect(body.length).toBeLessThan(60_000);
  });

  it("links each record to its page on the decision site when site.url is set, and refuses a URL that is not http(s)", () => {
    const { repo, head, auth } = shared();
    const config = path.join(repo.dir, ".decisions/config.json");
    writeFileSync(config, JSON.stringify({ site: { url: "https://example.org/decisions/" } }));
    const model = repo.adriftJson<Model & { site_url: string }>(
      ["pr-comment", "--base", "main", "--head", head],
      { env },
    );
    expect(model.site_url).toBe("https://example.org/decisions");
    expect(model.body).toContain(`(https://example.org/decisions/records/${auth}.html)`);
    // a warm run (the report index read back from its file) shows the whys too, also when the
    // file of whys beside it is gone (the log is folded for them)
    expect(model.body).toContain("**Constraints**: never cache a token longer than 5 minutes");
    const whys = path.join(repo.dir, ".git/adrift/report-whys.json");
    expect(existsSync(whys)).toBe(true);
    rmSync(whys);
    const folded = repo.adriftJson<Model>(["pr-comment", "--base", "main", "--head", head], {
      env,
    });
    expect(folded.body).toBe(model.body);
    writeFileSync(config, JSON.stringify({ site: { url: "javascript:alert(1)" } }));
    const refused = repo.adrift(["pr-comment", "--base", "main", "--head", head], { env });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("site.url");
  });
});
