// The working tree as a tree object, for the embedded adapter: what `git add -A` into a
// throwaway index and `git write-tree` give the git CLI adapter.
import * as fs from "node:fs";
import path from "node:path";
import * as git from "isomorphic-git";
import type { EmbeddedRepo } from "./embedded-revision.js";

/** A file of the working tree as a tree entry, or null where it was deleted. */
type Update = { oid: string; mode: string } | null;

/** Writes the blob of a working-tree file (a symbolic link's target for a link). */
async function writeFile(repo: EmbeddedRepo, file: string): Promise<Update> {
  const full = path.join(repo.dir, file);
  let stat: fs.Stats;
  try {
    stat = await fs.promises.lstat(full);
  } catch {
    return null;
  }
  if (stat.isSymbolicLink()) {
    const target = Buffer.from(await fs.promises.readlink(full));
    return { oid: await git.writeBlob({ ...repo, blob: target }), mode: "120000" };
  }
  const blob = await fs.promises.readFile(full);
  const mode = stat.mode & 0o111 ? "100755" : "100644";
  return { oid: await git.writeBlob({ ...repo, blob }), mode };
}

/** Tree `oid` (undefined: none) below `prefix` with `updates` applied; undefined when empty. */
async function rewrite(
  repo: EmbeddedRepo,
  oid: string | undefined,
  prefix: string,
  updates: ReadonlyMap<string, Update>,
): Promise<string | undefined> {
  const entries = oid ? (await git.readTree({ ...repo, oid })).tree : [];
  const byName = new Map(entries.map((e) => [e.path, e]));
  const names = new Set<string>();
  for (const file of updates.keys())
    if (file.startsWith(prefix)) names.add(file.slice(prefix.length).split("/")[0]!);
  for (const name of names) {
    const full = `${prefix}${name}`;
    const update = updates.get(full);
    if (update === null) byName.delete(name);
    else if (update)
      byName.set(name, { mode: update.mode, path: name, oid: update.oid, type: "blob" });
    else {
      const existing = byName.get(name);
      const below = existing?.type === "tree" ? existing.oid : undefined;
      const tree = await rewrite(repo, below, `${full}/`, updates);
      if (tree) byName.set(name, { mode: "040000", path: name, oid: tree, type: "tree" });
      else byName.delete(name);
    }
  }
  if (byName.size === 0) return undefined;
  return git.writeTree({ ...repo, tree: [...byName.values()] });
}

/** `GitAdapter.worktreeTree` with isomorphic-git (HEAD given). */
export async function worktreeTree(
  repo: EmbeddedRepo,
  head: string,
  under: readonly string[],
): Promise<{ tree: string; changed: string[] } | undefined> {
  const bases = under.map((u) => u.replace(/\/+$/, ""));
  const whole = bases.includes("");
  const rows = await git.statusMatrix({
    ...repo,
    ref: head,
    ...(whole ? {} : { filepaths: bases }),
  });
  // [file, HEAD (0 absent, 1 there), working tree (0 absent, 1 as HEAD, 2 otherwise), index]
  const changed = rows
    .filter(([, inHead, work]) => (inHead === 1 && work !== 1) || (inHead === 0 && work === 2))
    .map(([file]) => file)
    .sort();
  if (changed.length === 0) return undefined;
  const updates = new Map<string, Update>();
  for (const file of changed) updates.set(file, await writeFile(repo, file));
  const root = (await git.readCommit({ ...repo, oid: head })).commit.tree;
  const tree =
    (await rewrite(repo, root, "", updates)) ?? (await git.writeTree({ ...repo, tree: [] }));
  return { tree, changed };
}
