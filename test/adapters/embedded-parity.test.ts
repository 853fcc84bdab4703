import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openGit } from "../../src/adapters/git/open.js";
import type { CommitInfo, GitAdapter } from "../../src/adapters/git/types.js";
import { propertyOptions } from "../support/property.js";
import { buildHistory, histories } from "../support/random-history.js";
import { git, runCli, testEnv } from "../support/repo.js";

const ADAPTERS = ["cli", "embedded"] as const;
type Adapter = (typeof ADAPTERS)[number];
const envOf = (adapter: Adapter) =>
  testEnv(adapter === "embedded" ? { ADRIFT_GIT: "embedded" } : {});

/** Literal pathspecs as the engine gives them (a scope's file, directory or glob base). */
const PATHSPECS = [
  "src/",
  "src/deep/",
  "lib/",
  "docs/",
  "src/a.ts",
  "lib/index.ts",
  "src/planned.ts",
];

/** What the staleness engine asks git, chosen at random over the history built. */
const queries = fc.record({
  streams: fc.array(
    fc.record({
      head: fc.nat(),
      exclude: fc.array(fc.nat(), { maxLength: 2 }),
      boundary: fc.boolean(),
      paths: fc.option(
        fc.uniqueArray(fc.constantFrom(...PATHSPECS), { minLength: 1, maxLength: 3 }),
        {
          nil: undefined,
        },
      ),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  revisions: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
});

/** Leaves only the clone's own state under `.git/adrift`: every derived file goes. */
function withoutDerivedState(dir: string): void {
  const adrift = path.join(dir, ".git/adrift");
  let names: string[] = [];
  try {
    names = readdirSync(adrift);
  } catch {
    return;
  }
  for (const name of names)
    if (name !== "state.json") rmSync(path.join(adrift, name), { recursive: true, force: true });
}

/** The commits `head` reaches and no excluded commit does, sorted (git walks without exclusions are exact). */
function exactRange(dir: string, head: string, exclude: readonly string[]): string[] {
  const reach = (revs: readonly string[]) =>
    revs.length === 0
      ? []
      : git(dir, ["rev-list", ...revs])
          .split("\n")
          .filter(Boolean);
  const excluded = new Set(reach(exclude));
  return reach([head])
    .filter((c) => !excluded.has(c))
    .sort();
}

/** `onCommit` order as the interface promises: children before parents, boundary commits last. */
function expectTopological(commits: readonly CommitInfo[]): void {
  const at = new Map(commits.map((c, i) => [c.hash, i]));
  commits.forEach((c, i) => {
    for (const parent of c.parents) {
      const p = at.get(parent);
      if (p !== undefined)
        expect(p, `${parent} listed before its child ${c.hash}`).toBeGreaterThan(i);
    }
    if (c.boundary) expect(commits.slice(i).every((x) => x.boundary)).toBe(true);
  });
}

/** Everything the engine asks one adapter, for `queries` over `commits`. */
async function answers(
  git: GitAdapter,
  commits: readonly string[],
  q: typeof queries extends fc.Arbitrary<infer T> ? T : never,
) {
  const pick = (n: number) => commits[n % commits.length]!;
  const streams: (CommitInfo[] | { refused: string[] })[] = [];
  for (const s of q.streams) {
    const listed: CommitInfo[] = [];
    const head = pick(s.head);
    const exclude = s.exclude.map(pick);
    try {
      await git.streamCommits(
        head,
        exclude,
        { boundary: s.boundary, ...(s.paths ? { paths: s.paths } : {}) },
        (c) => listed.push(c),
      );
    } catch (error) {
      // The git CLI adapter refuses when git's date-trusting walk could not exclude exactly;
      // the commits it should have listed are those of head that no excluded commit reaches.
      if ((error as { details?: { reason?: string } }).details?.reason !== "skewed_dates")
        throw error;
      streams.push({ refused: exactRange(git.location.root, head, exclude) });
      continue;
    }
    expectTopological(listed);
    streams.push([...listed].sort((a, b) => (a.hash < b.hash ? -1 : 1)));
  }
  const revisions = q.revisions.map(pick);
  const perRevision = [];
  for (const rev of revisions)
    perRevision.push({
      files: await git.listFiles(rev),
      under: await git.listFiles(rev, ["src/", "docs/c.md"]),
      ids: Object.fromEntries(
        await git.objectIds(rev, [
          "src/",
          "src",
          "src/deep/",
          "lib/index.ts",
          "src/planned.ts",
          "",
        ]),
      ),
    });
  return {
    streams,
    perRevision,
    mergeBases: (await git.mergeBases(revisions)).sort(),
    times: Object.fromEntries(await git.commitTimes([...commits, "0".repeat(40)])),
    present: [...(await git.presentCommits([...commits, "1".repeat(40)]))].sort(),
    resolved: await Promise.all(
      ["HEAD", "HEAD~1", "HEAD^2", "main", "b1", commits[0]!.slice(0, 12)].map((r) =>
        git.resolveRevision(r),
      ),
    ),
    branch: await git.currentBranch(),
    staged: await git.stagedChanges(),
  };
}

describe("the embedded git adapter gives the git CLI adapter's answers", () => {
  it("on random histories: stale --json and --staged, and every answer the engine asks git for", async () => {
    await fc.assert(
      fc.asyncProperty(histories, queries, async (history, q) => {
        const { repo, commits } = await buildHistory(history);
        const outputs = ADAPTERS.map((adapter) => {
          const run = (args: string[]) => {
            withoutDerivedState(repo.dir);
            return runCli(repo.dir, args, { env: envOf(adapter) });
          };
          return { stale: run(["stale", "--json"]), staged: run(["stale", "--staged", "--json"]) };
        });
        for (const output of outputs) {
          expect(output.stale.stderr).toBe("");
          expect(output.stale.code).toBe(0);
        }
        expect(outputs[1]).toEqual(outputs[0]);
        const cli = await answers(await openGit(repo.dir, envOf("cli")), commits, q);
        const embedded = await answers(await openGit(repo.dir, envOf("embedded")), commits, q);
        if (process.env.ADRIFT_KEEP_TEST_REPOS) console.log(repo.dir);
        // One answer at a time: a failure names the question.
        const { streams, ...rest } = cli;
        streams.forEach((stream, i) => {
          const theirs = embedded.streams[i]!;
          const s = q.streams[i]!;
          const asked = `stream ${i}: ${commits[s.head % commits.length]} excluding ${s.exclude.map((n) => commits[n % commits.length]).join(",")} ${JSON.stringify({ boundary: s.boundary, paths: s.paths })}`;
          if ("refused" in stream) {
            const listed = (theirs as CommitInfo[]).filter((c) => !c.boundary).map((c) => c.hash);
            expect(listed.sort(), `${asked} (refused by git)`).toEqual(stream.refused);
          } else expect(theirs, asked).toEqual(stream);
        });
        for (const [question, answer] of Object.entries(rest))
          expect(embedded[question as keyof typeof rest], question).toEqual(answer);
      }),
      propertyOptions({ numRuns: 6, repositories: true }),
    );
  });
});
