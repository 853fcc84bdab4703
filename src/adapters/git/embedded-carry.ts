// isomorphic-git's `carryIntoHead` (see carry-into-head.ts for the git CLI's).
import { readFileSync } from "node:fs";
import path from "node:path";
import * as git from "isomorphic-git";
import type { EmbeddedRepo } from "./embedded-revision.js";

type TreeEntry = Awaited<ReturnType<typeof git.readTree>>["tree"][number];

/** The tree `treeOid` with the blob at `segments` (a path, split) set to `blob`; new trees written. */
async function withBlob(
  repo: EmbeddedRepo,
  treeOid: string | undefined,
  segments: readonly string[],
  blob: string,
): Promise<string> {
  const entries: TreeEntry[] = treeOid
    ? (await git.readTree({ ...repo, oid: treeOid })).tree.map((e) => ({ ...e }))
    : [];
  const [name, ...rest] = segments;
  const at = entries.findIndex((e) => e.path === name);
  const old = at >= 0 ? entries[at] : undefined;
  const entry: TreeEntry =
    rest.length === 0
      ? { mode: old?.type === "blob" ? old.mode : "100644", path: name!, oid: blob, type: "blob" }
      : {
          mode: "040000",
          path: name!,
          oid: await withBlob(repo, old?.type === "tree" ? old.oid : undefined, rest, blob),
          type: "tree",
        };
  if (at >= 0) entries[at] = entry;
  else entries.push(entry);
  return git.writeTree({ ...repo, tree: entries });
}

/**
 * Makes commit `head` again with `files` as the work tree holds them (same parents, message,
 * author, committer) and moves HEAD's branch to it while it still points at `head`. Undefined
 * when it cannot without losing something (a signed commit) or HEAD moved.
 */
export async function carryIntoHeadEmbedded(
  repo: EmbeddedRepo,
  root: string,
  head: string,
  files: readonly string[],
): Promise<string | undefined> {
  const { commit } = await git.readCommit({ ...repo, oid: head });
  if (commit.gpgsig) return undefined;
  let tree = commit.tree;
  for (const file of files) {
    const blob = await git.writeBlob({ ...repo, blob: readFileSync(path.join(root, file)) });
    tree = await withBlob(repo, tree, file.split("/"), blob);
  }
  if (tree === commit.tree) return undefined;
  const oid = await git.writeCommit({ ...repo, commit: { ...commit, tree } });
  const ref = await git.resolveRef({ ...repo, ref: "HEAD" }).catch(() => undefined);
  if (ref !== head) return undefined;
  const branch = await git.currentBranch({ ...repo, fullname: true });
  await git.writeRef({ ...repo, ref: branch ?? "HEAD", value: oid, force: true });
  return oid;
}
