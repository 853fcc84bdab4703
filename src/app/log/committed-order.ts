import type { GitAdapter } from "../../adapters/git/types.js";
import type { LinePosition } from "../../core/events/parse.js";
import type { CommittedOrder } from "../../core/project/order.js";

/**
 * What git says of log lines that share an id with a different line (`orderLines` asks only
 * then): the commit that added each (`git blame`, one run per file) and which of those commits
 * are ancestors of which. The order a union merge left lines in plays no part, so every clone
 * with the history keeps the same line.
 */
export function committedOrderFrom(
  git: GitAdapter,
): (lines: readonly LinePosition[]) => Promise<CommittedOrder> {
  return async (lines) => {
    const files = [...new Set(lines.map((at) => at.file))];
    const origins = new Map(
      await Promise.all(files.map(async (file) => [file, await git.lineOrigins(file)] as const)),
    );
    const commitOf = (at: LinePosition) => origins.get(at.file)?.[at.line - 1]?.commit;
    const commits = [...new Set(lines.map(commitOf).filter((c): c is string => c !== undefined))];
    const before = new Set<string>();
    for (const a of commits)
      for (const b of commits) if (a !== b && (await git.isAncestor(a, b))) before.add(`${a} ${b}`);
    return { commitOf, precedes: (a, b) => before.has(`${a} ${b}`) };
  };
}
