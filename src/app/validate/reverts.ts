import type { GitAdapter } from "../../adapters/git/types.js";
import { historyLines } from "./append-only.js";

/** What `git revert` writes in the body of the commit it makes. */
const REVERTS = /This reverts commit ([0-9a-f]{40}(?:[0-9a-f]{24})?)\b/g;

/** Log lines a revert took out, per file: the line's text → what took it out. */
export type RevertedLines = Map<string, Map<string, string>>;

const textsOf = async (git: GitAdapter, rev: string | undefined, file: string) =>
  rev === undefined
    ? []
    : historyLines((await git.readFileAt(rev, file))?.toString("utf8") ?? "").map((l) => l.text);

/** The texts in `from` that `to` has fewer of (a multiset difference). */
function lessIn(from: readonly string[], to: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const text of to) left.set(text, (left.get(text) ?? 0) + 1);
  return from.filter((text) => {
    const n = left.get(text) ?? 0;
    if (n > 0) left.set(text, n - 1);
    return n === 0;
  });
}

/**
 * The lines of `files` that a revert commit between `base` and `head` removed and that the commit
 * it reverts had added to that same file. A revert undoes a commit whole, log lines included; the
 * audit accepts exactly those removals, names them, and still fails on any other removed line,
 * even one in a commit that calls itself a revert.
 */
export async function findRevertedLines(
  git: GitAdapter,
  base: string,
  head: string,
  files: readonly string[],
): Promise<RevertedLines> {
  const found: RevertedLines = new Map();
  const commits: { hash: string; parent?: string; touched: string[] }[] = [];
  await git.streamCommits(head, [base], { paths: files }, (commit) => {
    const touched = commit.changes
      .flatMap((c) => [c.path, c.old_path ?? c.path])
      .filter((p) => files.includes(p));
    if (touched.length > 0 && commit.parents.length === 1)
      commits.push({
        hash: commit.hash,
        parent: commit.parents[0],
        touched: [...new Set(touched)],
      });
  });
  for (const commit of commits) {
    const message = (await git.commitMessage(commit.hash)) ?? "";
    for (const [, reverted] of message.matchAll(REVERTS)) {
      const target = reverted!;
      if (!(await git.isAncestor(target, commit.parent ?? commit.hash))) continue;
      const targetParent = await git.resolveRevision(`${target}^`);
      for (const file of commit.touched) {
        const removed = lessIn(
          await textsOf(git, commit.parent, file),
          await textsOf(git, commit.hash, file),
        );
        const added = new Set(
          lessIn(await textsOf(git, target, file), await textsOf(git, targetParent, file)),
        );
        const lines = found.get(file) ?? new Map<string, string>();
        for (const text of removed)
          if (added.has(text))
            lines.set(
              text,
              `taken out by ${commit.hash.slice(0, 12)}, which reverts ${target.slice(0, 12)}, the commit that added it`,
            );
        if (lines.size > 0) found.set(file, lines);
      }
    }
  }
  return found;
}
