import { spawn } from "node:child_process";
import { AdriftError } from "../../core/errors.js";
import { orderCommits } from "../../core/staleness/history.js";
import { LOG_CHANGES, LOG_FORMAT, LogStreamParser, parseLog } from "./cli-parse.js";
import { gitMissing, unflushed } from "./run-git.js";
import type { CommitInfo } from "./types.js";

/** What reading the history needs of the git CLI adapter: where git runs, and its two runners. */
export type HistoryGit = {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  runOrThrow(args: string[], input?: string): Promise<{ stdout: string; code: number }>;
  runAllowingFailure(args: string[], input?: string): Promise<{ stdout: string; code: number }>;
};

/**
 * `GitAdapter.streamCommits` with the git CLI: one streamed `git log` of the commits and their
 * changes (or, with `paths`, two small logs at once), checked against commit dates that go back
 * in time, with the boundary read afterwards without its diffs.
 */
export function streamCommitsWithCli(
  git: HistoryGit,
  head: string,
  exclude: readonly string[],
  options: { boundary?: boolean; paths?: readonly string[] },
  onCommit: (commit: CommitInfo) => void,
): Promise<void> {
  if (options.paths)
    return streamLimited(git, head, exclude, options.boundary ?? false, options.paths, onCommit);
  const args = [
    "-c",
    "log.showSignature=false",
    "log",
    "--topo-order",
    ...LOG_CHANGES,
    "-c", // a merge's own changes: files whose contents differ from every parent's
    "--no-ext-diff",
    `--format=${LOG_FORMAT}`,
    head,
    ...(exclude.length ? ["--not", ...exclude] : []),
    "--",
  ];
  return new Promise((resolve, reject) => {
    const child = spawn("git", args, {
      cwd: git.cwd,
      env: unflushed(git.env),
      stdio: ["ignore", "pipe", "pipe"],
    });
    const parser = new LogStreamParser();
    const listed = new Map<string, string[]>();
    let stderr = "";
    let failed: unknown;
    const deliver = (commits: CommitInfo[]) => {
      if (failed) return;
      try {
        for (const commit of commits) {
          if (!commit.boundary) listed.set(commit.hash, commit.parents);
          onCommit(commit);
        }
      } catch (error) {
        failed = error;
        child.kill();
      }
    };
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (text: string) => deliver(parser.push(text)));
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (text: string) => {
      stderr += text;
    });
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "ENOENT" ? gitMissing() : error),
    );
    child.on("close", (code) => {
      if (failed) return reject(failed);
      if (code !== 0)
        return reject(
          new AdriftError("git_failed", `git log failed: ${stderr.trim().split("\n")[0] ?? ""}`, {
            args,
          }),
        );
      deliver(parser.end());
      if (failed) return reject(failed);
      const boundary = options.boundary ? boundaryOf(git, listed) : Promise.resolve([]);
      Promise.all([boundary, checkExcluded(git, listed, exclude)])
        .then(([commits]) => {
          deliver(commits);
          if (failed) reject(failed);
          else resolve();
        })
        .catch(reject);
    });
  });
}

/**
 * The boundary of the listed commits (their parents that are not listed), children first,
 * without their changes. Not `git log --boundary`: git prints a boundary commit's whole diff,
 * which nothing reads, and a range starting at a commit that added 10,000 files printed them
 * all (two thirds of the log on the `pr-comment` benchmark).
 */
async function boundaryOf(
  git: HistoryGit,
  listed: ReadonlyMap<string, readonly string[]>,
): Promise<CommitInfo[]> {
  const hashes = new Set<string>();
  for (const parents of listed.values())
    for (const parent of parents) if (!listed.has(parent)) hashes.add(parent);
  if (hashes.size === 0) return [];
  const { stdout } = await git.runOrThrow(
    [
      "-c",
      "log.showSignature=false",
      "log",
      "--no-walk=unsorted",
      "--stdin",
      "-z",
      `--format=${LOG_FORMAT}`,
    ],
    `${[...hashes].join("\n")}\n`,
  );
  const commits = parseLog(stdout);
  for (const commit of commits) commit.boundary = true;
  return orderCommits(commits).reverse();
}

/**
 * Rejects (`git_failed`, reason `skewed_dates`) when git listed a commit that an excluded one
 * reaches. git's walk of `A --not B` trusts commit dates: where they go back in time (a clock
 * set wrong, an import, a rebase keeping author dates) it may stop marking B's ancestors
 * before it has listed them, and a change made before B would count as made after it. Such a
 * commit leaves a lowest listed commit (none of whose parents is listed) that B reaches, which
 * `git merge-base --independent` tells exactly. Not asked when each lowest commit is a child of
 * the one excluded commit: then none can be its ancestor.
 */
async function checkExcluded(
  git: HistoryGit,
  listed: ReadonlyMap<string, readonly string[]>,
  exclude: readonly string[],
): Promise<void> {
  if (exclude.length === 0) return;
  const lowest = [...listed]
    .filter(([, parents]) => !parents.some((p) => listed.has(p)))
    .map(([hash, parents]) => ({ hash, parents }));
  const only = exclude.length === 1 ? exclude[0] : undefined;
  if (lowest.every((c) => only !== undefined && c.parents.includes(only))) return;
  const hashes = lowest.map((c) => c.hash);
  const { stdout, code } = await git.runAllowingFailure([
    "merge-base",
    "--independent",
    ...hashes,
    ...exclude,
  ]);
  const independent = new Set(stdout.split("\n").filter(Boolean));
  if (code === 0 && hashes.every((h) => independent.has(h))) return;
  throw new AdriftError(
    "git_failed",
    "git listed commits older than the excluded ones (commit dates go back in time here); read the history whole instead",
    { reason: "skewed_dates", exclude },
  );
}

/**
 * `streamCommits` with `paths`: the commits from a log without diffs (cheap: no trees compared),
 * their changes from `git log --full-history -- <paths>` (trees compared only under `paths`),
 * run at once. Both lists are small next to a whole log of changes.
 */
async function streamLimited(
  git: HistoryGit,
  head: string,
  exclude: readonly string[],
  boundary: boolean,
  paths: readonly string[],
  onCommit: (commit: CommitInfo) => void,
): Promise<void> {
  const range = [head, ...(exclude.length ? ["--not", ...exclude] : [])];
  const [graph, changed] = await Promise.all([
    git.runOrThrow([
      "log",
      "--topo-order",
      ...(boundary ? ["--boundary"] : []),
      "-z",
      "--format=%m%H %ct %P",
      ...range,
      "--",
    ]),
    git.runOrThrow([
      "-c",
      "log.showSignature=false",
      "log",
      "--full-history",
      ...LOG_CHANGES,
      "-c",
      "--no-ext-diff",
      `--format=${LOG_FORMAT}`,
      ...range,
      "--",
      ...paths.map((p) => `:(literal)${p}`),
    ]),
  ]);
  const byHash = new Map(parseLog(changed.stdout).map((c) => [c.hash, c]));
  const listed = new Map<string, string[]>();
  for (const entry of graph.stdout.split("\0")) {
    if (!entry || entry.startsWith("-")) continue;
    const [marked, , ...parents] = entry.split(" ");
    listed.set(marked!.slice(1), parents.filter(Boolean));
  }
  await checkExcluded(git, listed, exclude);
  for (const entry of graph.stdout.split("\0")) {
    if (!entry) continue;
    const [marked, time, ...parents] = entry.split(" ");
    const hash = marked!.slice(1);
    const known = byHash.get(hash);
    const commit: CommitInfo = {
      hash,
      parents: parents.filter(Boolean),
      author: known?.author ?? "",
      author_email: known?.author_email ?? "",
      time: Number(time) || 0,
      subject: known?.subject ?? "",
      worklines: known?.worklines ?? [],
      changes: known?.changes ?? [],
    };
    if (marked!.startsWith("-")) {
      commit.boundary = true;
      commit.changes = [];
    }
    onCommit(commit);
  }
}
