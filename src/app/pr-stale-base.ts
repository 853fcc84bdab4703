import type { AtBase } from "../core/reports/pr-stale.js";
import { assessByFingerprints, currentTree } from "../core/rules/staleness.js";
import type { StaleFinding } from "../core/rules/staleness-types.js";
import type { AppContext } from "./context.js";
import { type DiffRange, reportGit } from "./diff-range.js";
import { loadReportState } from "./report-state.js";

/**
 * Whether each asked record was already stale at the merge base (`splitStale`'s `ask`), for the
 * few records the head's findings cannot place:
 * - judged by history, with more commits than listed: when every commit of the range descends
 *   from the merge base, a base commit would have been listed first, so none is; otherwise
 * - (and for records judged by fingerprints, their basis not in the clone) the record's
 *   fingerprints are compared with the tree at the merge base, as `stale` compares them with
 *   HEAD. A record without fingerprints stays undefined (the split fails closed).
 */
export async function staleAtMergeBase(
  ctx: AppContext,
  range: DiffRange,
  ids: readonly string[],
  findings: readonly StaleFinding[],
): Promise<AtBase> {
  const out = new Map<string, boolean | undefined>();
  const from = range.from;
  if (!from || ids.length === 0) return out;
  const git = reportGit(ctx);
  const method = new Map(findings.map((f) => [f.record_id, f.method]));
  let rest = ids;
  if (ids.some((id) => method.get(id) === "history")) {
    const linear = (await git.countDescending(from, range.head)) === (range.commits?.length ?? -1);
    if (linear) {
      for (const id of ids) if (method.get(id) === "history") out.set(id, false);
      rest = ids.filter((id) => method.get(id) !== "history");
    }
  }
  if (rest.length === 0) return out;
  const [state, tree] = await Promise.all([loadReportState(ctx), git.tree(from)]);
  const atBase = currentTree(tree);
  for (const id of rest) {
    const record = state.records.get(id);
    const finding =
      record?.basis &&
      assessByFingerprints(
        { id, kind: record.kind, basis: record.basis, recorded: false },
        record.basis.fingerprints,
        atBase,
      );
    out.set(id, finding ? finding.state === "stale" : undefined);
  }
  return out;
}
