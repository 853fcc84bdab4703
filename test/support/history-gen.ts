// Random commit histories and records for property tests of staleness (fast-check).
import fc from "fast-check";
import {
  type CommitInfo,
  type FileChange,
  orderCommits,
} from "../../src/core/staleness/history.js";

export const FILES = [
  "src/a.ts",
  "src/b.ts",
  "src/deep/c.ts",
  "src/deep/d.md",
  "lib/e.ts",
  "lib/f/g.ts",
];
export const SCOPES = [
  ["src/a.ts"],
  ["src/"],
  ["src/deep"],
  ["**/*.ts"],
  ["src/*.ts", "lib/"],
  ["lib/f/g.ts", "src/deep/"],
  ["src/{a,b}.ts"],
];

export const change = fc.oneof(
  fc.record({ status: fc.constantFrom("A", "M", "D"), path: fc.constantFrom(...FILES) }),
  fc.record({
    status: fc.constant("R"),
    old_path: fc.constantFrom(...FILES),
    path: fc.constantFrom(...FILES),
    similarity: fc.constantFrom(100, 80),
  }),
);

/** Changes as git lists them: each path once as a destination, renames from another path (each source once). */
export function realistic(changes: FileChange[]): FileChange[] {
  const paths = new Set<string>();
  const sources = new Set<string>();
  return changes.filter((c) => {
    if (paths.has(c.path)) return false;
    if (c.old_path !== undefined && (c.old_path === c.path || sources.has(c.old_path)))
      return false;
    paths.add(c.path);
    if (c.old_path !== undefined) sources.add(c.old_path);
    return true;
  });
}

/** A random DAG (parents are earlier commits; merges included) with random changes and trailers. */
export const dag = (linear: boolean) =>
  fc
    .array(
      fc.record({
        parents: fc.array(fc.nat(), { maxLength: 2 }),
        changes: fc.array(change, { maxLength: 3 }),
        workline: fc.constantFrom(undefined, "W1", "W2"),
        time: fc.nat({ max: 5 }),
      }),
      { minLength: linear ? 12 : 1, maxLength: 30 },
    )
    .map((raw) =>
      raw.map(
        (c, i): CommitInfo => ({
          hash: `c${String(i).padStart(2, "0")}`,
          parents:
            i === 0
              ? []
              : linear
                ? [`c${String(i - 1).padStart(2, "0")}`]
                : [...new Set(c.parents.map((p) => `c${String(p % i).padStart(2, "0")}`))],
          author: "A",
          author_email: "a@x",
          time: c.time,
          subject: `commit ${i}`,
          worklines: c.workline ? [c.workline] : [],
          changes: !linear && c.parents.length > 1 ? [] : realistic(c.changes as FileChange[]),
        }),
      ),
    );

export const records = fc.array(
  fc.record({
    base: fc.nat(),
    scope: fc.constantFrom(...SCOPES),
    workline: fc.constantFrom(undefined, "W1", "W2"),
  }),
  { minLength: 1, maxLength: 8 },
);

/** The commits reachable from the last one (HEAD), newest first in a topological order. */
export function listing(commits: CommitInfo[]): CommitInfo[] {
  const byHash = new Map(commits.map((c) => [c.hash, c]));
  const reachable = new Set<string>();
  const stack = [commits[commits.length - 1]!.hash];
  while (stack.length > 0) {
    const hash = stack.pop()!;
    if (reachable.has(hash)) continue;
    reachable.add(hash);
    stack.push(...byHash.get(hash)!.parents);
  }
  return orderCommits(commits.filter((c) => reachable.has(c.hash))).reverse();
}
