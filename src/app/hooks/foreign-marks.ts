// A mark the watcher or `stale --record` wrote on one branch and left uncommitted stays in the
// work tree across `git checkout`. On a branch whose history lacks the commits it names, every
// reader sets it aside; but `git add -A && git commit` there would make it part of that branch's
// committed log, where it applies everywhere: a claim the branch's history does not make true.
// The pre-commit takes such marks out of the log before the commit is made. A mark is derived
// from history, so nothing is lost: back on its branch, the next `stale --record`, watcher pass
// or marking commit writes it again.
import { readFileSync } from "node:fs";
import path from "node:path";
import { writeFileAtomically } from "../../adapters/atomic-file.js";
import { withMarksLock } from "../../adapters/local-state.js";
import type { AppContext } from "../dependencies.js";
import { type SetAsideMark, setAsideMarksNow } from "../staleness/marks-set-aside.js";

/** The marks taken out of the log, and the log files rewritten (repo-relative). */
export type DroppedMarks = { marks: SetAsideMark[]; files: string[] };

/** The id of the event a log line holds, or undefined when it holds none. */
function eventId(line: string): string | undefined {
  try {
    const id = (JSON.parse(line) as { id?: unknown }).id;
    return typeof id === "string" ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The marks that stay set aside once this commit is made: while a merge is being concluded
 * (MERGE_HEAD), a mark naming a commit the merged branch reaches is true in the merge commit.
 */
async function mergedAway(ctx: AppContext, marks: SetAsideMark[]): Promise<SetAsideMark[]> {
  if (marks.length === 0) return marks;
  const mergeHead = await ctx.git.resolveRevision("MERGE_HEAD");
  if (!mergeHead) return marks;
  const reached = await ctx.git.reachedFrom(mergeHead, [
    ...new Set(marks.flatMap((m) => m.commits)),
  ]);
  return marks.filter((m) => !m.commits.some((c) => reached.has(c)));
}

/**
 * Before a commit: the marks set aside at HEAD that the staged change would commit are taken out
 * of their log files, which are staged again (the caller stages them in the commit's own index
 * too). Marks set aside but not staged stay where they are: they are no part of this commit;
 * nor do marks a merge being concluded makes true.
 */
export async function dropForeignMarks(ctx: AppContext): Promise<DroppedMarks> {
  const marks = await mergedAway(ctx, await setAsideMarksNow(ctx));
  if (marks.length === 0) return { marks: [], files: [] };
  const staged = new Map(
    (await ctx.git.stagedChanges()).flatMap((c) => (c.blob ? [[c.path, c.blob] as const] : [])),
  );
  const byFile = new Map<string, SetAsideMark[]>();
  for (const mark of marks) {
    const file = mark.file.split(path.sep).join("/");
    if (!staged.has(file)) continue;
    byFile.set(file, [...(byFile.get(file) ?? []), mark]);
  }
  if (byFile.size === 0) return { marks: [], files: [] };
  return withMarksLock(ctx.git.location.gitDir, async () => {
    const dropped: SetAsideMark[] = [];
    const files: string[] = [];
    for (const [file, fileMarks] of byFile) {
      const blob = await ctx.git.readBlob(staged.get(file)!);
      const inCommit = new Set((blob?.toString("utf8") ?? "").split("\n").map(eventId));
      const ids = new Set(fileMarks.filter((m) => inCommit.has(m.id)).map((m) => m.id));
      if (ids.size === 0) continue;
      const absolute = path.join(ctx.git.location.root, file);
      const lines = readFileSync(absolute, "utf8").split("\n");
      const kept = lines.filter((line) => !ids.has(eventId(line) ?? ""));
      writeFileAtomically(absolute, kept.join("\n"));
      await ctx.git.stageFiles([file]);
      dropped.push(...fileMarks.filter((m) => ids.has(m.id)));
      files.push(file);
    }
    return { marks: dropped, files };
  });
}
