// The posting script of .github/workflows/adrift-pr-post.yml, run as actions/github-script runs
// it, against an in-memory GitHub (the REST calls it makes, recorded): an artifact whose PR
// number or head sha does not match the triggering run is refused, and no comment is touched.
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../support/repo.js";

const require = createRequire(import.meta.url);
const script = require("../../.github/scripts/post-pr-comment.cjs") as {
  postPrComment(args: {
    github: unknown;
    context: unknown;
    core: unknown;
    dir: string;
  }): Promise<string>;
};

const REPO = "acme/shop";
const HEAD = "a".repeat(40);
const OTHER = "b".repeat(40);
const body = (head = HEAD) =>
  `<!-- adrift:pr-comment head=${head} -->\n\n**adrift**: 1 changed file\n`;

type Pr = {
  number: number;
  head: { sha: string; ref: string; repo: { full_name: string } | null };
  base: { repo: { full_name: string } };
};
type Comment = { id: number; issue: number; body: string; user: { login: string } };

const pr = (number: number, sha = HEAD, from = "fork/shop", ref = "feature"): Pr => ({
  number,
  head: { sha, ref, repo: { full_name: from } },
  base: { repo: { full_name: REPO } },
});

/** The triggering run as GitHub reports it (`github.event.workflow_run`). */
const run = (extra: Record<string, unknown> = {}) => ({
  event: "pull_request",
  head_sha: HEAD,
  head_branch: "feature",
  head_repository: { full_name: "fork/shop" },
  pull_requests: [], // GitHub lists none for a pull request from a fork
  ...extra,
});

/** An in-memory GitHub with the REST calls the script makes; `heads` replays a PR's moving head. */
function fakeGitHub(prs: Pr[], comments: Comment[] = [], heads: string[] = []) {
  const writes: string[] = [];
  const reads: string[] = [];
  let nextId = 100;
  const github = {
    rest: {
      pulls: {
        get: async ({ pull_number }: { pull_number: number }) => {
          reads.push(`pulls.get #${pull_number}`);
          const found = prs.find((p) => p.number === pull_number);
          if (!found) throw Object.assign(new Error("Not Found"), { status: 404 });
          const sha = heads.shift();
          return { data: sha ? { ...found, head: { ...found.head, sha } } : found };
        },
      },
      issues: {
        listComments: async ({ issue_number }: { issue_number: number }) => {
          reads.push(`comments #${issue_number}`);
          return { data: comments.filter((c) => c.issue === issue_number) };
        },
        createComment: async ({ issue_number, body }: { issue_number: number; body: string }) => {
          writes.push(`create #${issue_number}`);
          comments.push({
            id: nextId++,
            issue: issue_number,
            body,
            user: { login: "github-actions[bot]" },
          });
        },
        updateComment: async ({ comment_id, body }: { comment_id: number; body: string }) => {
          writes.push(`update ${comment_id}`);
          comments.find((c) => c.id === comment_id)!.body = body;
        },
      },
    },
    paginate: async (
      fn: (p: { issue_number: number }) => Promise<{ data: Comment[] }>,
      params: { issue_number: number },
    ) => (await fn(params)).data,
  };
  return { github, writes, reads, comments };
}

function artifact(files: { number?: string; head?: string; body?: string }) {
  const dir = tempDir("adrift-artifact-");
  if (files.number !== undefined) writeFileSync(path.join(dir, "pr-number"), files.number);
  if (files.head !== undefined) writeFileSync(path.join(dir, "head-sha"), files.head);
  if (files.body !== undefined) writeFileSync(path.join(dir, "body.md"), files.body);
  return dir;
}

const core = { info: () => undefined };
const post = (gh: ReturnType<typeof fakeGitHub>, dir: string, workflowRun = run()) =>
  script.postPrComment({
    github: gh.github,
    context: { payload: { workflow_run: workflowRun }, repo: { owner: "acme", repo: "shop" } },
    core,
    dir,
  });

describe("the posting script", () => {
  it("posts the comment of the run's own pull request, then updates it only when it changed", async () => {
    const gh = fakeGitHub([pr(7)]);
    const dir = artifact({ number: "7\n", head: `${HEAD}\n`, body: body() });
    expect(await post(gh, dir)).toBe("created");
    expect(await post(gh, dir)).toBe("unchanged");
    writeFileSync(path.join(dir, "body.md"), `${body()}more\n`);
    expect(await post(gh, dir)).toBe("updated");
    expect(gh.writes).toEqual(["create #7", "update 100"]);
  });

  it("refuses an artifact whose head sha is not the triggering run's", async () => {
    const gh = fakeGitHub([pr(7), pr(8, OTHER)]);
    const dir = artifact({ number: "8", head: OTHER, body: body(OTHER) });
    await expect(post(gh, dir)).rejects.toThrow(/refused: the artifact was computed for b{40}/);
    expect(gh.writes).toEqual([]);
    expect(gh.reads).toEqual([]); // not even a read of the other pull request
  });

  it("refuses a PR number the run does not list, when GitHub lists the run's pull requests", async () => {
    const gh = fakeGitHub([pr(7, HEAD, REPO), pr(8, HEAD, REPO)]);
    const dir = artifact({ number: "8", head: HEAD, body: body() });
    const sameRepo = run({
      head_repository: { full_name: REPO },
      pull_requests: [{ number: 7, head: { sha: HEAD } }],
    });
    await expect(post(gh, dir, sameRepo)).rejects.toThrow(/PR #8 is not among .*#7/);
    expect(gh.writes).toEqual([]);
  });

  it("refuses a fork's artifact naming another repository's or another branch's pull request", async () => {
    const victim = pr(9, HEAD, "someone/shop", "feature");
    const ownOther = pr(10, HEAD, "fork/shop", "other-branch");
    const gh = fakeGitHub(
      [victim, ownOther],
      [{ id: 1, issue: 9, body: body(OTHER), user: { login: "github-actions[bot]" } }],
    );
    await expect(post(gh, artifact({ number: "9", head: HEAD, body: body() }))).rejects.toThrow(
      /PR #9 comes from someone\/shop, the triggering run from fork\/shop/,
    );
    await expect(post(gh, artifact({ number: "10", head: HEAD, body: body() }))).rejects.toThrow(
      /branch other-branch/,
    );
    expect(gh.writes).toEqual([]);
    expect(gh.comments[0]!.body).toBe(body(OTHER));
  });

  it("refuses a pull request of another repository, and a head repository GitHub no longer knows", async () => {
    const elsewhere = { ...pr(11), base: { repo: { full_name: "other/shop" } } };
    const gone = { ...pr(12), head: { ...pr(12).head, repo: null } };
    const gh = fakeGitHub([elsewhere, gone]);
    await expect(post(gh, artifact({ number: "11", head: HEAD, body: body() }))).rejects.toThrow(
      /not a pull request of acme\/shop/,
    );
    await expect(post(gh, artifact({ number: "12", head: HEAD, body: body() }))).rejects.toThrow(
      /deleted repository/,
    );
    expect(gh.writes).toEqual([]);
  });

  it.each([
    ["a number that is not one", { number: "7; rm -rf /", head: HEAD, body: body() }],
    ["a zero", { number: "0", head: HEAD, body: body() }],
    ["no number", { head: HEAD, body: body() }],
    ["a short sha", { number: "7", head: "abc123", body: body() }],
    ["a body without its marker", { number: "7", head: HEAD, body: "hello\n" }],
    ["a marker for another head", { number: "7", head: HEAD, body: body(OTHER) }],
    ["a body too long", { number: "7", head: HEAD, body: `${body()}${"x".repeat(70_000)}` }],
  ])("refuses %s", async (_, files) => {
    const gh = fakeGitHub([pr(7)]);
    await expect(post(gh, artifact(files))).rejects.toThrow(/^refused: /);
    expect(gh.writes).toEqual([]);
  });

  it("refuses a run that was not a pull request's", async () => {
    const gh = fakeGitHub([pr(7)]);
    const dir = artifact({ number: "7", head: HEAD, body: body() });
    await expect(post(gh, dir, run({ event: "push" }))).rejects.toThrow(/not a pull_request run/);
  });

  it("leaves the comment to a newer run when the PR moved on, before reading or just before writing", async () => {
    const moved = fakeGitHub([pr(7)], [], [OTHER]);
    expect(await post(moved, artifact({ number: "7", head: HEAD, body: body() }))).toBe("moved-on");
    const existing: Comment = {
      id: 5,
      issue: 7,
      body: body(OTHER),
      user: { login: "github-actions[bot]" },
    };
    const meanwhile = fakeGitHub([pr(7)], [existing], [HEAD, OTHER]);
    const dir = artifact({ number: "7", head: HEAD, body: body() });
    expect(await post(meanwhile, dir)).toBe("moved-on");
    expect([...moved.writes, ...meanwhile.writes]).toEqual([]);
    expect(existing.body).toBe(body(OTHER));
  });

  it("never edits a comment someone else wrote, even one that starts with the marker", async () => {
    const forged: Comment = { id: 3, issue: 7, body: body(OTHER), user: { login: "mallory" } };
    const gh = fakeGitHub([pr(7)], [forged]);
    expect(await post(gh, artifact({ number: "7", head: HEAD, body: body() }))).toBe("created");
    expect(forged.body).toBe(body(OTHER));
  });
});
