import { readBaseStale, writeBaseStale } from "../../adapters/base-stale-cache.js";
import type { GitAdapter } from "../../adapters/git/types.js";
import type { AskReason, AtBase } from "../../core/reports/pr-stale.js";
import type { AppContext } from "../dependencies.js";
import type { DiffRange } from "./diff-range.js";
import { loadReportState, logKey } from "./state.js";

/** The repository as the staleness engine sees it, with HEAD at `rev` instead. */
function gitAt(git: GitAdapter, rev: string): GitAdapter {
  return new Proxy(git, {
    get(target, name) {
      if (name === "resolveRevision")
        return (r: string) => (r === "HEAD" ? Promise.resolve(rev) : target.resolveRevision(r));
      const value = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * Whether each asked record is stale on the base branch as it is now, at its tip (`splitStale`'s
 * `ask`: the few stale records the head's findings cannot place on their own). "Made stale by
 * this PR" is what merging it would add to the base: a record the base's own commits made stale
 * — before the fork, or after it when the base moved on and the work tree merged it (the test
 * merge a CI checks out) — is stale at the tip already, and never counted as the PR's. When the
 * base has not moved, its tip is the merge base. The staleness engine judges them there exactly
 * as `stale` does at HEAD (history, renames, merges, worklines; fingerprints where the basis is
 * not in the clone). A record it cannot find stays undefined (the split then fails closed, and
 * says so).
 */
export async function staleAtMergeBase(
  ctx: AppContext,
  range: DiffRange,
  ask: readonly { id: string; why: AskReason }[],
): Promise<AtBase> {
  const out = new Map<string, boolean | undefined>();
  // Without a merge base nothing is attributed (a shallow clone): nothing to judge.
  const tip = range.base;
  if (!range.from || ask.length === 0) return out;
  // Kept by log key and base tip: a warm comment on the same range asks the engine nothing.
  const gitDir = ctx.git.location.gitDir;
  const key = await logKey(ctx);
  const known = readBaseStale(gitDir, key, tip);
  const wanted = new Set(ask.map((a) => a.id).filter((id) => !known.has(id)));
  if (wanted.size === 0) {
    for (const { id } of ask) out.set(id, known.get(id));
    return out;
  }
  const [{ assessedRecords }, { historyReport }, state] = await Promise.all([
    import("../staleness/lean-log.js"),
    import("../staleness/engine.js"),
    loadReportState(ctx),
  ]);
  const records = assessedRecords(state).filter((r) => wanted.has(r.id));
  const git = gitAt(ctx.git, tip);
  const report = await historyReport(git, records);
  // Records with anchors are judged by them there too, as `stale` judges them at HEAD.
  const findings = records.some((r) => r.basis.anchors?.length)
    ? await (await import("../staleness/anchor-judge.js")).judgeAnchoredFindings(
        git,
        records,
        report.findings,
        { head: tip },
      )
    : report.findings;
  for (const f of findings) out.set(f.record_id, f.state === "stale");
  // The log is still what the key named (another writer meanwhile: kept under the new key is
  // not taken) and the engine judged every record from history: the answer holds next time.
  if (report.notices.length === 0 && (await logKey(ctx)) === key) {
    for (const id of wanted) known.set(id, out.get(id));
    writeBaseStale(gitDir, key, tip, known);
  }
  for (const { id } of ask) if (!out.has(id) && known.has(id)) out.set(id, known.get(id));
  return out;
}
