import * as git from "isomorphic-git";
import { type EmbeddedRepo, readTreeOnce } from "./embedded-revision.js";
import { underPathspec } from "./pathspec.js";
import {
  type DetectedChange,
  type DiffPair,
  detectRenames,
  type RenameOptions,
} from "./rename-detect.js";
import type { FileChange, TreeEntry } from "./types.js";

type Entry = { oid: string; type: string; mode: number };

/** The entries of one tree object by name (empty for a missing tree). */
async function readEntries(
  repo: EmbeddedRepo,
  oid: string | undefined,
): Promise<Map<string, Entry>> {
  const out = new Map<string, Entry>();
  if (!oid) return out;
  const tree = await readTreeOnce(repo, oid);
  for (const e of tree)
    out.set(e.path, { oid: e.oid, type: e.type, mode: Number.parseInt(e.mode, 8) });
  return out;
}

/** Limits a tree walk: which directories to enter, which files to keep, when to stop. */
export type WalkLimit = { under?: readonly string[]; stopAfter?: number };

function wanted(under: readonly string[] | undefined, file: string, isDir: boolean): boolean {
  if (!under) return true;
  return under.some((u) => {
    const base = u.replace(/\/+$/, "");
    if (base === "") return true;
    if (file === base || file.startsWith(`${base}/`)) return true;
    return isDir && base.startsWith(`${file}/`);
  });
}

/** Every file below tree `oid`, recursively, with `prefix` prepended (sibling trees read in parallel). */
export async function listTree(
  repo: EmbeddedRepo,
  oid: string,
  limit: WalkLimit = {},
  prefix = "",
  out: TreeEntry[] = [],
): Promise<TreeEntry[]> {
  const subtrees: Promise<TreeEntry[]>[] = [];
  for (const [name, e] of await readEntries(repo, oid)) {
    if (limit.stopAfter !== undefined && out.length >= limit.stopAfter) break;
    const full = `${prefix}${name}`;
    if (e.type === "tree") {
      if (wanted(limit.under, full, true))
        subtrees.push(listTree(repo, e.oid, limit, `${full}/`, limit.stopAfter ? out : []));
    } else if (e.type === "blob" && wanted(limit.under, full, false))
      out.push({ path: full, oid: e.oid, type: "blob" });
    if (limit.stopAfter !== undefined && subtrees.length > 0) await subtrees.pop();
  }
  if (limit.stopAfter === undefined)
    for (const list of await Promise.all(subtrees)) out.push(...list);
  return out;
}

/** What a diff compares (literal pathspecs it is limited to) and how it pairs renames. */
export type DiffOptions = RenameOptions & { paths?: readonly string[] };

/** True when a directory may hold paths under `specs` (it is one, is under one, or holds one). */
function mayHold(dir: string, specs: readonly string[]): boolean {
  return specs.some((spec) => {
    const base = spec.replace(/\/+$/, "");
    return base === "" || dir === base || dir.startsWith(`${base}/`) || base.startsWith(`${dir}/`);
  });
}

/** Byte order of UTF-8 paths, as git sorts its diff queue (UTF-16 order differs above U+FFFF). */
export function comparePaths(a: string, b: string): number {
  if (a === b) return 0;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: any character past ASCII
  if (/[^\x00-\x7f]/.test(a) || /[^\x00-\x7f]/.test(b))
    return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
  return a < b ? -1 : 1;
}

/**
 * The paths that differ between two trees (a blob or submodule added, deleted, or changed in
 * contents or mode), in no particular order; equal subtrees are skipped, siblings read at once.
 */
async function collectPairs(
  repo: EmbeddedRepo,
  before: string | undefined,
  after: string | undefined,
  prefix: string,
  out: DiffPair[],
  paths: readonly string[] | undefined,
): Promise<void> {
  if (before === after) return;
  const [a, b] = await Promise.all([readEntries(repo, before), readEntries(repo, after)]);
  const below: Promise<void>[] = [];
  for (const name of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(name);
    const y = b.get(name);
    if (x && y && x.oid === y.oid && x.mode === y.mode) continue;
    const full = `${prefix}${name}`;
    const xTree = x?.type === "tree" ? x.oid : undefined;
    const yTree = y?.type === "tree" ? y.oid : undefined;
    if ((xTree || yTree) && (!paths || mayHold(full, paths)))
      below.push(collectPairs(repo, xTree, yTree, `${full}/`, out, paths));
    const xLeaf = x && x.type !== "tree" ? { oid: x.oid, mode: x.mode } : undefined;
    const yLeaf = y && y.type !== "tree" ? { oid: y.oid, mode: y.mode } : undefined;
    if ((!xLeaf && !yLeaf) || (paths && !underPathspec(full, paths))) continue;
    out.push({
      path: full,
      ...(xLeaf ? { before: xLeaf } : {}),
      ...(yLeaf ? { after: yLeaf } : {}),
    });
  }
  await Promise.all(below);
}

/** The diff queue between two trees, in git's order (by path). */
async function diffQueue(
  repo: EmbeddedRepo,
  before: string | undefined,
  after: string | undefined,
  paths?: readonly string[],
): Promise<DiffPair[]> {
  const out: DiffPair[] = [];
  await collectPairs(repo, before, after, "", out, paths);
  return out.sort((x, y) => comparePaths(x.path, y.path));
}

/** Reads blobs for rename detection. */
function blobReader(repo: EmbeddedRepo) {
  return async (oid: string) => (await git.readBlob({ ...repo, oid })).blob;
}

function toFileChange(change: DetectedChange): FileChange {
  const contents = {
    ...(change.after !== undefined ? { blob: change.after } : {}),
    ...(change.before !== undefined ? { was: change.before } : {}),
  };
  return change.status === "R"
    ? {
        status: "R",
        path: change.path,
        old_path: change.from,
        similarity: change.score,
        ...contents,
      }
    : { status: change.status, path: change.path, ...contents };
}

/**
 * The changes between two trees as `git diff -M --name-status` lists them: renames paired by
 * content similarity (see rename-detect.ts), in git's order. With `paths`, only the paths under
 * them are compared, and renames are paired among those alone (as `git log -- <paths>` does).
 */
export async function treeChanges(
  repo: EmbeddedRepo,
  before: string | undefined,
  after: string | undefined,
  options: DiffOptions = {},
): Promise<FileChange[]> {
  const queue = await diffQueue(repo, before, after, options.paths);
  return (await detectRenames(queue, blobReader(repo), options)).map(toFileChange);
}

/**
 * A merge's own changes, as `git log -M -c --name-status` lists them: the paths whose contents
 * differ from every parent's (each parent's diff with its renames, intersected by the merge's
 * path). The status all parents agree on when it is an addition (a rename from that parent counts
 * as one) or a deletion — the merge's own — else `M`. `differs` tells, parent by parent, whether
 * the merge differs from it at all (under `paths`).
 */
export async function mergeChanges(
  repo: EmbeddedRepo,
  parents: readonly (string | undefined)[],
  after: string,
  options: DiffOptions = {},
): Promise<{ changes: FileChange[]; differs: boolean[] }> {
  const read = blobReader(repo);
  const perParent = await Promise.all(
    parents.map(async (before) => {
      const queue = await diffQueue(repo, before, after, options.paths);
      const at = new Map(queue.map((pair) => [pair.path, pair]));
      const changes = await detectRenames(queue, read, options);
      // A rename from this parent is an addition at its path; contents as this parent's diff saw them.
      return new Map(
        changes.map((c) => {
          const pair = at.get(c.path);
          return [
            c.path,
            {
              status: c.status === "R" ? ("A" as const) : c.status,
              blob: pair?.after?.oid,
              was: c.status === "R" ? undefined : pair?.before?.oid,
            },
          ];
        }),
      );
    }),
  );
  const [first, ...rest] = perParent;
  const out: FileChange[] = [];
  for (const [file, change] of first ?? []) {
    const { status } = change;
    const others = rest.map((changes) => changes.get(file)?.status);
    if (others.includes(undefined)) continue;
    const shared = others.every((s) => s === status) && (status === "A" || status === "D");
    // What it left, and what the first parent held there (as `git log -c --raw` says).
    out.push({
      status: shared ? status : "M",
      path: file,
      ...(change.blob ? { blob: change.blob } : {}),
      ...(change.was ? { was: change.was } : {}),
    });
  }
  return {
    changes: out.sort((a, b) => comparePaths(a.path, b.path)),
    differs: perParent.map((changes) => changes.size > 0),
  };
}

/** The staged change: HEAD's tree against the index, as `git diff --cached -M` lists it. */
export async function stagedTreeChanges(
  repo: EmbeddedRepo,
  head: string | undefined,
  options: DiffOptions = {},
): Promise<FileChange[]> {
  const queue: DiffPair[] = [];
  await git.walk({
    ...repo,
    trees: head ? [git.TREE({ ref: head }), git.STAGE()] : [git.STAGE()],
    map: async (file, entries) => {
      if (file === ".") return true;
      const x = head ? entries[0] : null;
      const b = head ? entries[1] : entries[0];
      const [at, bt] = await Promise.all([x?.type(), b?.type()]);
      const xLeaf = x && at !== "tree" ? { oid: await x.oid(), mode: await x.mode() } : undefined;
      const yLeaf = b && bt !== "tree" ? { oid: await b.oid(), mode: await b.mode() } : undefined;
      if (xLeaf && yLeaf && xLeaf.oid === yLeaf.oid && xLeaf.mode === yLeaf.mode) return true;
      if (!xLeaf && !yLeaf) return true;
      queue.push({
        path: file,
        ...(xLeaf ? { before: xLeaf } : {}),
        ...(yLeaf ? { after: yLeaf } : {}),
      });
      return true;
    },
  });
  queue.sort((x, y) => comparePaths(x.path, y.path));
  return (await detectRenames(queue, blobReader(repo), options)).map(toFileChange);
}
