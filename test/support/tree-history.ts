// Random commit histories with real contents, for property tests of the content rule: each
// commit holds a tree (path -> blob), its changes are what git would list between trees (blob
// ids included; a merge's are the files whose contents differ from every parent's, as
// `git log -c` gives them), and a lookup answers what any commit held at any path.
import fc from "fast-check";
import { type CommitInfo, type FileChange, NO_FILE } from "../../src/core/staleness/history.js";
import type { AssessedRecord, ContentLookup } from "../../src/core/staleness/record-contents.js";
import { FILES, SCOPES } from "./history-gen.js";

/** A few blob ids, so that edits often put back what a file held before. */
export const BLOBS = ["b0", "b1", "b2", "b3"];

type Tree = Map<string, string>;

/** One step of a commit: add, edit, delete or rename a file (skipped when it cannot apply). */
const op = fc.record({
  kind: fc.constantFrom("add", "edit", "edit", "delete", "rename"),
  path: fc.constantFrom(...FILES),
  to: fc.constantFrom(...FILES),
  blob: fc.constantFrom(...BLOBS),
  pure: fc.boolean(),
});

type Op = { kind: string; path: string; to: string; blob: string; pure: boolean };

/** Applies the steps that can apply to `tree`; returns the renames made (new path -> old). */
function applyOps(tree: Tree, ops: readonly Op[]): Map<string, string> {
  const renames = new Map<string, string>();
  for (const o of ops) {
    if (o.kind === "add" && !tree.has(o.path)) tree.set(o.path, o.blob);
    else if (o.kind === "edit" && tree.has(o.path) && tree.get(o.path) !== o.blob)
      tree.set(o.path, o.blob);
    else if (o.kind === "delete" && tree.has(o.path)) tree.delete(o.path);
    else if (o.kind === "rename" && tree.has(o.path) && !tree.has(o.to)) {
      const blob = o.pure ? tree.get(o.path)! : o.blob;
      tree.delete(o.path);
      tree.set(o.to, blob);
      renames.set(o.to, o.path);
    }
  }
  return renames;
}

/** New commits in one line on top of the last one: mostly edits, as most commits are. */
export const treeLine = fc.array(
  fc.record({
    ops: fc.array(
      fc.oneof(
        { arbitrary: op.map((o) => ({ ...o, kind: "edit" })), weight: 4 },
        { arbitrary: op, weight: 1 },
      ),
      { maxLength: 3 },
    ),
    workline: fc.constantFrom(undefined, "W1", "W2"),
    time: fc.nat({ max: 5 }),
  }),
  { maxLength: 4 },
);

/** `history` with the commits `line` describes on top of its last one (a copy). */
export function extended(
  history: TreeHistory,
  line: { ops: Op[]; workline?: string; time: number }[],
): { history: TreeHistory; chain: CommitInfo[] } {
  const commits = [...history.commits];
  const trees = new Map(history.trees);
  const chain: CommitInfo[] = [];
  line.forEach((c, i) => {
    const parent = commits.at(-1)!;
    const before = trees.get(parent.hash)!;
    const tree = new Map(before);
    const renames = applyOps(tree, c.ops);
    const hash = `n${i}`;
    trees.set(hash, tree);
    const commit: CommitInfo = {
      hash,
      parents: [parent.hash],
      author: "B",
      author_email: "b@x",
      time: c.time,
      subject: `new ${i}`,
      worklines: c.workline ? [c.workline] : [],
      changes: diff(before, tree, renames),
    };
    commits.push(commit);
    chain.push(commit);
  });
  return { history: { commits, trees }, chain };
}

/** A history and what every commit of it holds. */
export type TreeHistory = { commits: CommitInfo[]; trees: Map<string, Tree> };

/** The changes between two trees, with the renames `renames` made paired as git would list them. */
function diff(before: Tree, after: Tree, renames: ReadonlyMap<string, string>): FileChange[] {
  const changes: FileChange[] = [];
  const paired = new Set<string>();
  for (const [to, from] of renames)
    if (!after.has(from) && before.has(from) && after.has(to) && !before.has(to)) {
      const was = before.get(from)!;
      const blob = after.get(to)!;
      changes.push({
        status: "R",
        path: to,
        old_path: from,
        similarity: was === blob ? 100 : 80,
        blob,
        was,
      });
      paired.add(from).add(to);
    }
  for (const path of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    if (paired.has(path)) continue;
    const was = before.get(path);
    const blob = after.get(path);
    if (was === blob) continue;
    if (was === undefined) changes.push({ status: "A", path, blob: blob! });
    else if (blob === undefined) changes.push({ status: "D", path, was });
    else changes.push({ status: "M", path, was, blob });
  }
  return changes;
}

/** A merge's own changes: the files whose contents differ from every parent's. */
function mergeChanges(parents: readonly Tree[], after: Tree): FileChange[] {
  const paths = new Set([...after.keys(), ...parents.flatMap((t) => [...t.keys()])]);
  const changes: FileChange[] = [];
  for (const path of [...paths].sort()) {
    const blob = after.get(path);
    if (parents.some((t) => t.get(path) === blob)) continue;
    const was = parents[0]!.get(path);
    const status = parents.every((t) => !t.has(path)) ? "A" : blob === undefined ? "D" : "M";
    changes.push({
      status,
      path,
      ...(blob !== undefined ? { blob } : {}),
      ...(was !== undefined && status !== "A" ? { was } : {}),
    });
  }
  return changes;
}

/**
 * Random histories (linear, or with merges that take either side or something new), with trees;
 * up to `length` commits. Long ones (over 24) edit each file many times: at least half as many
 * commits, each of two to four edits, nothing added, deleted or renamed.
 */
export const treeHistory = (linear: boolean, length = 24) =>
  fc
    .array(
      fc.record({
        parents: fc.array(fc.nat(), { minLength: 1, maxLength: linear ? 1 : 2 }),
        pick: fc.array(fc.nat({ max: 2 }), { minLength: FILES.length, maxLength: FILES.length }),
        ops:
          length > 24
            ? fc.array(
                op.map((o) => ({ ...o, kind: "edit" })),
                { minLength: 2, maxLength: 4 },
              )
            : fc.array(op, { maxLength: 3 }),
        workline: fc.constantFrom(undefined, "W1", "W2"),
        time: fc.nat({ max: 5 }),
      }),
      // fast-check keeps arrays short unless told: a long history is at least half its length.
      { minLength: length > 24 ? length / 2 : linear ? 10 : 2, maxLength: length },
    )
    .map((raw): TreeHistory => {
      const commits: CommitInfo[] = [];
      const trees = new Map<string, Tree>();
      raw.forEach((c, i) => {
        const hash = `c${String(i).padStart(2, "0")}`;
        const parents =
          i === 0
            ? []
            : linear
              ? [commits[i - 1]!.hash]
              : [...new Set(c.parents.map((p) => commits[p % i]!.hash))];
        const parentTrees = parents.map((p) => trees.get(p)!);
        const tree: Tree = new Map(
          parentTrees[0] ?? [
            ["src/a.ts", "b0"],
            ["lib/e.ts", "b1"],
          ],
        );
        if (parentTrees.length > 1)
          FILES.forEach((path, k) => {
            // A merge takes one side, or the other, or resolves to something new.
            const pick = c.pick[k]!;
            const side = pick === 2 ? undefined : parentTrees[pick]!.get(path);
            if (pick === 2 && tree.has(path)) tree.set(path, BLOBS[(k + i) % BLOBS.length]!);
            else if (pick !== 2) {
              if (side === undefined) tree.delete(path);
              else tree.set(path, side);
            }
          });
        const renames = applyOps(tree, c.ops);
        trees.set(hash, tree);
        commits.push({
          hash,
          parents,
          author: "A",
          author_email: "a@x",
          time: c.time,
          subject: `commit ${i}`,
          worklines: c.workline ? [c.workline] : [],
          changes:
            parentTrees.length > 1
              ? mergeChanges(parentTrees, tree)
              : diff(parentTrees[0] ?? new Map(), tree, renames),
        });
      });
      return { commits, trees };
    });

/** What the trees hold: HEAD's (the last commit's) and any basis's, NO_FILE where nothing. */
export function treeLookup(
  history: TreeHistory,
  head = history.commits.at(-1)!.hash,
): ContentLookup {
  return {
    now: (path) => history.trees.get(head)!.get(path) ?? NO_FILE,
    at: (revision, path) => history.trees.get(revision)?.get(path) ?? NO_FILE,
  };
}

/** Records on random bases and scopes, some having seen uncommitted contents of their own. */
export const treeRecords = fc.array(
  fc.record({
    base: fc.nat(),
    scope: fc.constantFrom(...SCOPES),
    workline: fc.constantFrom(undefined, "W1", "W2"),
    seen: fc.option(
      fc.dictionary(fc.constantFrom(...FILES), fc.constantFrom(NO_FILE, ...BLOBS), { maxKeys: 2 }),
      { freq: 3 },
    ),
  }),
  { minLength: 1, maxLength: 8 },
);

/** The records `treeRecords` describes, based on commits of `listed`. */
export function recordsOn(
  raw: { base: number; scope: string[]; workline?: string; seen: Record<string, string> | null }[],
  listed: readonly CommitInfo[],
): AssessedRecord[] {
  return raw.map((r, i) => ({
    id: `R${i}`,
    kind: "decision",
    basis: { revision: listed[r.base % listed.length]!.hash, touched_paths: r.scope },
    ...(r.workline ? { workline_id: r.workline } : {}),
    recorded: false,
    ...(r.seen && Object.keys(r.seen).length > 0 ? { seen: r.seen } : {}),
  }));
}
