// Posts adrift's sticky pull-request comment from a `workflow_run` job (adrift-pr-post.yml).
// That job holds a write token, and the artifact it posts was made by a `pull_request` run that
// may have executed a fork's code: everything in the artifact is untrusted. The PR number and
// head sha it names are checked against the triggering run, as GitHub reports it, before any
// comment is read or written; a comment on any other pull request is never touched.
// Tested by test/ci/post-pr-comment.test.ts.
"use strict";

const fs = require("node:fs");
const path = require("node:path");

/** GitHub refuses bodies over 65,536 characters; adrift's stay under 60,000. */
const MAX_BODY = 65_000;
const MARKER = /^<!-- adrift:pr-comment head=([0-9a-f]{40}|[0-9a-f]{64}) -->(\n|$)/;
const BOT = "github-actions[bot]";

/** A refusal: the artifact does not belong to the run that triggered this job. */
class Refused extends Error {
  constructor(message) {
    super(`refused: ${message}`);
    this.name = "Refused";
  }
}

/** Reads the artifact's three files (missing ones as undefined). */
function readArtifact(dir) {
  const read = (name) => {
    try {
      return fs.readFileSync(path.join(dir, name), "utf8");
    } catch {
      return undefined;
    }
  };
  return { number: read("pr-number"), head: read("head-sha"), body: read("body.md") };
}

/**
 * Checks the artifact on its own and against the triggering run (`workflow_run` payload): a
 * positive PR number, the run's own head sha, a body that starts with its marker for that sha
 * and fits a comment, and — when GitHub lists the run's pull requests (it does not for forks) —
 * a number among them. Returns what to post, or throws `Refused`.
 */
function checkArtifact(artifact, run) {
  if (run?.event !== "pull_request") throw new Refused("not a pull_request run");
  const digits = (artifact.number ?? "").trim();
  const number = /^\d{1,15}$/.test(digits) ? Number(digits) : 0;
  if (number <= 0) throw new Refused("the artifact's PR number is not a positive integer");
  const head = (artifact.head ?? "").trim();
  if (!/^([0-9a-f]{40}|[0-9a-f]{64})$/.test(head))
    throw new Refused("the artifact's head is not a full commit sha");
  if (head !== run.head_sha)
    throw new Refused(
      `the artifact was computed for ${head}, the triggering run for ${run.head_sha}`,
    );
  const body = artifact.body ?? "";
  const marker = MARKER.exec(body);
  if (!marker || marker[1] !== head)
    throw new Refused("the body does not start with its marker for the run's head");
  if (body.length > MAX_BODY) throw new Refused(`the body is over ${MAX_BODY} characters`);
  const listed = Array.isArray(run.pull_requests) ? run.pull_requests : [];
  if (listed.length > 0 && !listed.some((pr) => pr && pr.number === number))
    throw new Refused(
      `PR #${number} is not among the triggering run's pull requests (${listed.map((pr) => `#${pr.number}`).join(", ")})`,
    );
  return { number, head, body };
}

/**
 * Checks that pull request `pr` (as the API gives it) is the one the run computed: opened against
 * this repository, from the run's head repository and branch. Throws `Refused` otherwise. Its
 * head sha is compared by the caller: a PR that moved on is not refused, only left to a newer run.
 */
function checkPullRequest(pr, run, repository) {
  const base = pr?.base?.repo?.full_name;
  if (base !== repository)
    throw new Refused(`PR #${pr?.number} is not a pull request of ${repository}`);
  const headRepo = run.head_repository?.full_name;
  if (!headRepo || pr.head?.repo?.full_name !== headRepo)
    throw new Refused(
      `PR #${pr.number} comes from ${pr.head?.repo?.full_name ?? "a deleted repository"}, the triggering run from ${headRepo ?? "a deleted repository"}`,
    );
  if (pr.head?.ref !== run.head_branch)
    throw new Refused(
      `PR #${pr.number} comes from branch ${pr.head?.ref}, the triggering run from ${run.head_branch}`,
    );
}

/**
 * The whole job: check the artifact in `dir` against the triggering run and the pull request,
 * then create adrift's comment, or update it when its body changed. Returns what it did:
 * "created", "updated", "unchanged" or "moved-on" (the PR's head is no longer the one computed:
 * a newer run posts). Throws `Refused` on anything that does not add up.
 */
async function postPrComment({ github, context, core, dir }) {
  const run = context.payload.workflow_run;
  const { owner, repo } = context.repo;
  const { number, head, body } = checkArtifact(readArtifact(dir), run);
  const pull = async () => (await github.rest.pulls.get({ owner, repo, pull_number: number })).data;
  const pr = await pull();
  checkPullRequest(pr, run, `${owner}/${repo}`);
  if (pr.head.sha !== head) {
    core.info(
      `computed for ${head}, PR #${number} is now at ${pr.head.sha}: a newer run will post`,
    );
    return "moved-on";
  }
  const comments = await github.paginate(github.rest.issues.listComments, {
    owner,
    repo,
    issue_number: number,
    per_page: 100,
  });
  const mine = comments.find((c) => c.user?.login === BOT && MARKER.test(c.body ?? ""));
  if (!mine) {
    await github.rest.issues.createComment({ owner, repo, issue_number: number, body });
    core.info(`created adrift's comment on PR #${number}`);
    return "created";
  }
  if (mine.body === body) {
    core.info("unchanged: not updating");
    return "unchanged";
  }
  // Never overwrite a comment computed for a newer head: read the PR's head again just before
  // writing (a newer run may have posted meanwhile).
  const now = await pull();
  if (now.head.sha !== head) {
    core.info(
      `PR #${number} moved to ${now.head.sha} meanwhile: left the comment to the newer run`,
    );
    return "moved-on";
  }
  await github.rest.issues.updateComment({ owner, repo, comment_id: mine.id, body });
  core.info(`updated adrift's comment on PR #${number}`);
  return "updated";
}

module.exports = { checkArtifact, checkPullRequest, postPrComment, readArtifact, Refused };
