import * as git from "isomorphic-git";
import type { EmbeddedRepo } from "./embedded-revision.js";
import type { FileChange, TreeEntry } from "./types.js";

type Entry = { oid: string; type: string };

/** The entries of one tree object by name (empty for a missing tree). */
async function readEntries(
  repo: EmbeddedRepo,
  oid: string | undefined,
): Promise<Map<string, Entry>> {
  const out = new Map<string, Entry>();
  if (!oid) return out;
  const { tree } = await git.readTree({ ...repo, oid });
  for (const e of tree) out.set(e.path, { oid: e.oid, type: e.type });
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

/** Added, modified and deleted files between two trees (equal subtrees are skipped). */
async function diffTrees(
  repo: EmbeddedRepo,
  before: string | undefined,
  after: string | undefined,
  prefix: string,
  out: FileChange[],
  oids: Map<string, string>,
): Promise<void> {
  if (before === after) return;
  const [a, b] = await Promise.all([readEntries(repo, before), readEntries(repo, after)]);
  for (const name of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(name);
    const y = b.get(name);
    if (x?.oid === y?.oid) continue;
    const full = `${prefix}${name}`;
    const xTree = x?.type === "tree" ? x.oid : undefined;
    const yTree = y?.type === "tree" ? y.oid : undefined;
    if (xTree || yTree) await diffTrees(repo, xTree, yTree, `${full}/`, out, oids);
    const xBlob = x && x.type === "blob" ? x : undefined;
    const yBlob = y && y.type === "blob" ? y : undefined;
    if (xBlob && yBlob) out.push({ status: "M", path: full, was: xBlob.oid, blob: yBlob.oid });
    else if (xBlob) {
      out.push({ status: "D", path: full, was: xBlob.oid });
      oids.set(`D\0${full}`, xBlob.oid);
    } else if (yBlob) {
      out.push({ status: "A", path: full, blob: yBlob.oid });
      oids.set(`A\0${full}`, yBlob.oid);
    }
  }
}

/**
 * The changes between two trees, with pure renames (a deleted and an added file holding the
 * same blob) detected; renames with edits stay a deletion and an addition.
 */
export async function treeChanges(
  repo: EmbeddedRepo,
  before: string | undefined,
  after: string | undefined,
): Promise<FileChange[]> {
  const raw: FileChange[] = [];
  const oids = new Map<string, string>();
  await diffTrees(repo, before, after, "", raw, oids);
  return pairRenames(raw, oids);
}

/**
 * A merge's own changes, as `git log -c` lists them: the files whose contents differ from every
 * parent's (a conflict resolved, an edit made in the merge), compared path by path (no renames).
 * The status all parents agree on (a file the merge added or deleted), else `M`.
 */
export async function mergeChanges(
  repo: EmbeddedRepo,
  parents: readonly (string | undefined)[],
  after: string,
): Promise<FileChange[]> {
  const [first, ...rest] = await Promise.all(
    parents.map(async (before) => {
      const raw: FileChange[] = [];
      await diffTrees(repo, before, after, "", raw, new Map());
      return new Map(raw.map((c) => [c.path, c]));
    }),
  );
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
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Turns a deletion and an addition of one blob into a pure rename. */
export function pairRenames(raw: FileChange[], oids: Map<string, string>): FileChange[] {
  const deleted = new Map<string, string[]>();
  for (const c of raw)
    if (c.status === "D") {
      const oid = oids.get(`D\0${c.path}`)!;
      deleted.set(oid, [...(deleted.get(oid) ?? []), c.path]);
    }
  const renamedFrom = new Set<string>();
  const out: FileChange[] = [];
  for (const c of raw) {
    if (c.status !== "A") continue;
    const from = deleted.get(oids.get(`A\0${c.path}`)!)?.shift();
    if (from) {
      renamedFrom.add(from);
      out.push({
        status: "R",
        path: c.path,
        old_path: from,
        similarity: 100,
        ...(c.blob ? { blob: c.blob, was: c.blob } : {}),
      });
    } else out.push(c);
  }
  for (const c of raw) if (c.status !== "A" && !renamedFrom.has(c.path)) out.push(c);
  return out;
}

/** The staged change: HEAD's tree against the index. */
export async function stagedTreeChanges(
  repo: EmbeddedRepo,
  head: string | undefined,
): Promise<FileChange[]> {
  if (!head)
    return (await git.listFiles({ ...repo })).map((file) => ({ status: "A" as const, path: file }));
  const raw: FileChange[] = [];
  const oids = new Map<string, string>();
  await git.walk({
    ...repo,
    trees: [git.TREE({ ref: head }), git.STAGE()],
    map: async (file, [a, b]) => {
      if (file === ".") return true;
      const [at, bt] = await Promise.all([a?.type(), b?.type()]);
      if (at === "tree" || bt === "tree") return true;
      const [x, y] = await Promise.all([a?.oid(), b?.oid()]);
      if (x === y) return true;
      if (x && y) raw.push({ status: "M", path: file, was: x, blob: y });
      else if (x) {
        raw.push({ status: "D", path: file, was: x });
        oids.set(`D\0${file}`, x);
      } else if (y) {
        raw.push({ status: "A", path: file, blob: y });
        oids.set(`A\0${file}`, y);
      }
      return true;
    },
  });
  return pairRenames(raw, oids);
}
