import type { ProjectState, RecordView } from "../../core/project/state.js";
import {
  diffTexts,
  type Hunk,
  hunksWithin,
  type LineSpan,
  splitLines,
} from "../../core/review/line-diff.js";
import {
  type FileDiff,
  type NarrowCommand,
  type PendingProposal,
  type ReviewAnchor,
  type ReviewItem,
  type ReviewState,
  reviewActions,
} from "../../core/review/review-item.js";
import { cardIncompleteness } from "../../core/rules/completeness.js";
import type { PathChange, StaleFinding } from "../../core/staleness/types.js";
import type { AppContext } from "../dependencies.js";
import { loadProject } from "../log/load.js";
import { findRecord } from "../recording/records.js";
import { runStale } from "../staleness/stale.js";
import { symbolSpans } from "./anchor-spans.js";

/** Which records to review: by state (default stale), or by id. */
export type ReviewOptions = { states?: readonly ReviewState[]; ids?: readonly string[] };

/** A record to review, before its diff is read: what the staleness report says of it. */
export type ReviewTarget = { record: RecordView; finding?: StaleFinding };

/** Larger files are described, not diffed. */
const MAX_DIFF_BYTES = 1 << 20;

/** How `narrow` is done: `decision anchor` to `file#Symbol` anchors. */
export const NARROW: NarrowCommand = "anchor";

/**
 * The records to review, in the log's order: those whose computed state is one of `states`
 * (stale by default) and those an agent proposed to re-verify (a person confirms them), never a
 * superseded one; with `ids`, exactly those records (refs resolved as everywhere).
 */
export async function reviewTargets(
  ctx: AppContext,
  options: ReviewOptions = {},
): Promise<{ head: string; targets: ReviewTarget[]; state: ProjectState }> {
  const report = await runStale(ctx);
  const { state } = await loadProject(ctx);
  const findings = new Map(report.findings.map((f) => [f.record_id, f]));
  const wanted = new Set<string>(options.states ?? ["stale"]);
  const ids = options.ids?.map((ref) => findRecord(state, ref).id);
  const targets: ReviewTarget[] = [];
  for (const record of state.records.values()) {
    if (!record.basis) continue;
    const finding = findings.get(record.id);
    const chosen = ids
      ? ids.includes(record.id)
      : record.status !== "superseded" &&
        ((finding !== undefined && wanted.has(finding.state)) ||
          record.reverify_proposals.length > 0);
    if (chosen) targets.push({ record, ...(finding ? { finding } : {}) });
  }
  return { head: report.head, targets, state };
}

/** The review item of one target: its card, the diff of its changed files, what can be done. */
export async function reviewItem(
  ctx: AppContext,
  head: string,
  target: ReviewTarget,
  read?: FileContents,
): Promise<ReviewItem> {
  const { record, finding } = target;
  const basis = record.basis!;
  const contents = read ?? (await readContents(ctx, head, [target]));
  const anchors = anchorsOf(finding).anchors ?? [];
  const files = await Promise.all(
    (finding?.paths ?? []).map((change) =>
      fileDiff(
        contents.present(basis.revision) ? basis.revision : "",
        head,
        change,
        anchors.filter((a) => a.path === change.path),
        contents,
      ),
    ),
  );
  const proposals: PendingProposal[] = record.reverify_proposals.map((p) => ({
    id: p.id,
    by: p.actor.name,
    at: p.at,
    note: p.data.note,
    revision: p.data.basis.revision,
  }));
  const scope = [...basis.touched_paths];
  return {
    id: record.id,
    kind: record.kind,
    state: finding?.state ?? "fresh",
    recorded: finding?.recorded ?? record.status === "stale",
    card: record.card,
    incomplete: cardIncompleteness(record).map((reason) => reason.message),
    scope,
    basis_revision: basis.revision,
    commits: finding?.commits ?? [],
    ...(finding?.omitted_commits ? { omitted_commits: finding.omitted_commits } : {}),
    ...anchorsOf(finding),
    files,
    ...(finding?.omitted_paths ? { omitted_paths: finding.omitted_paths } : {}),
    proposals,
    consent: record.consent,
    actions: reviewActions({ id: record.id, scope, proposals, consent: record.consent }, NARROW),
  };
}

/** What happened to the record's anchors (`path#Symbol`), when staleness judged it by them. */
function anchorsOf(finding: StaleFinding | undefined): { anchors?: ReviewAnchor[] } {
  const anchors = finding?.anchors;
  return anchors?.length
    ? {
        anchors: anchors.map(({ path, symbol, change, new_path, new_symbol }) => ({
          path,
          symbol,
          change,
          ...(new_path ? { new_path } : {}),
          ...(new_symbol ? { new_symbol } : {}),
        })),
      }
    : {};
}

/** The hunks of one changed path, basis → HEAD, or a note saying why there are none. */
async function fileDiff(
  basis: string,
  head: string,
  change: PathChange,
  anchors: readonly ReviewAnchor[],
  contents: FileContents,
): Promise<FileDiff> {
  const out: FileDiff = {
    path: change.path,
    change: change.change,
    ...(change.new_path ? { new_path: change.new_path } : {}),
  };
  if (basis === "")
    return { ...out, note: "the basis revision is not in this clone: no diff to show" };
  const before = change.change === "added" ? undefined : contents.at(basis, change.path);
  const after =
    change.change === "deleted" ? undefined : contents.at(head, change.new_path ?? change.path);
  const size = (before?.length ?? 0) + (after?.length ?? 0);
  if (size > MAX_DIFF_BYTES) return { ...out, note: `${size} bytes: too large to show` };
  if ((before && isBinary(before)) || (after && isBinary(after)))
    return { ...out, note: "binary file" };
  const oldText = before?.toString("utf8") ?? "";
  const newText = after?.toString("utf8") ?? "";
  const hunks = diffTexts(oldText, newText);
  return hunks
    ? { ...out, ...(await anchoredHunks(change, anchors, oldText, newText, hunks)) }
    : {
        ...out,
        note: `rewritten (${splitLines(oldText).length} → ${splitLines(newText).length} lines): too many changes to show`,
      };
}

/**
 * The hunks that touch the file's anchors (their lines at the basis and where they are at HEAD)
 * when the record is anchored there and the symbols can be read, with how many hunks changed
 * the file only outside them (all of them, shown, when none is inside); else every hunk.
 */
async function anchoredHunks(
  change: PathChange,
  anchors: readonly ReviewAnchor[],
  oldText: string,
  newText: string,
  hunks: Hunk[],
): Promise<{ hunks: Hunk[]; outside_anchors?: number }> {
  if (anchors.length === 0) return { hunks };
  const [before, after] = await Promise.all([
    symbolSpans(change.path, oldText),
    symbolSpans(change.new_path ?? change.path, newText),
  ]);
  if (!before || !after) return { hunks };
  const spans = (map: Map<string, LineSpan>, names: (string | undefined)[]) =>
    names.flatMap((name) => (name && map.has(name) ? [map.get(name)!] : []));
  const within = hunksWithin(hunks, {
    old: spans(
      before,
      anchors.map((a) => a.symbol),
    ),
    new: spans(
      after,
      anchors.map((a) => a.new_symbol ?? a.symbol),
    ),
  });
  // None inside (a touched file): what changed around the anchors is what there is to judge.
  if (within.length === 0) return { hunks, outside_anchors: hunks.length };
  return within.length === hunks.length
    ? { hunks }
    : { hunks: within, outside_anchors: hunks.length - within.length };
}

/** The files the items need, read beforehand: by (revision, path), and which bases are here. */
type FileContents = {
  at(revision: string, path: string): Buffer | undefined;
  present(revision: string): boolean;
};

/**
 * Reads every file the targets' diffs need in two git requests (their blob ids, then the
 * blobs), whatever their number, and which basis revisions this clone has in one more.
 */
async function readContents(
  ctx: AppContext,
  head: string,
  targets: readonly ReviewTarget[],
): Promise<FileContents> {
  const revisions = [...new Set(targets.map((t) => t.record.basis!.revision))].filter(Boolean);
  const present = revisions.length ? await ctx.git.presentCommits(revisions) : new Set<string>();
  const pairs: [string, string][] = [];
  for (const { record, finding } of targets) {
    const basis = record.basis!.revision;
    for (const change of finding?.paths ?? []) {
      if (change.change !== "added" && present.has(basis)) pairs.push([basis, change.path]);
      if (change.change !== "deleted") pairs.push([head, change.new_path ?? change.path]);
    }
  }
  const oids = pairs.length ? await ctx.git.objectIdsAt(pairs) : [];
  const blobs = await ctx.git.readBlobs([...new Set(oids.filter((o): o is string => !!o))]);
  const byPair = new Map<string, Buffer>();
  pairs.forEach(([revision, path], i) => {
    const blob = oids[i] && blobs.get(oids[i]!);
    if (blob) byPair.set(`${revision}\0${path}`, blob);
  });
  return {
    at: (revision, path) => byPair.get(`${revision}\0${path}`),
    present: (revision) => present.has(revision),
  };
}

/** git's rule: a NUL byte in the first 8,000 bytes makes a file binary. */
function isBinary(bytes: Buffer): boolean {
  return bytes.subarray(0, 8000).includes(0);
}

/**
 * The review items, their files read from git all at once; with `limit`, only the first ones
 * are built, and `total` says how many there are.
 */
export async function reviewItems(
  ctx: AppContext,
  options: ReviewOptions & { limit?: number } = {},
): Promise<{ head: string; items: ReviewItem[]; total: number }> {
  const { head, targets } = await reviewTargets(ctx, options);
  const wanted = targets.slice(0, options.limit ?? targets.length);
  const contents = await readContents(ctx, head, wanted);
  const items: ReviewItem[] = [];
  for (const target of wanted) items.push(await reviewItem(ctx, head, target, contents));
  return { head, items, total: targets.length };
}
