import type { FileChange, GitAdapter, TreeEntry } from "./types.js";

/**
 * A view of `git` for staleness in which adrift's own folders (`dirs`: `.decisions/`, the log
 * directory) hold nothing: their files are never listed and changes to them never seen, so no
 * scope — not even `**` — matches adrift's own log, and committing a record or its
 * re-verification never changes its state. A rename across the boundary is the addition or the
 * deletion of its side outside.
 */
export function withoutOwnFiles(git: GitAdapter, dirs: readonly string[]): GitAdapter {
  const prefixes = [
    ...new Set(dirs.map((d) => `${d.replace(/^(\.\/)+/, "").replace(/\/+$/, "")}/`)),
  ];
  const own = (p: string) => prefixes.some((prefix) => p.startsWith(prefix));
  const changes = (list: FileChange[]): FileChange[] => {
    if (!list.some((c) => own(c.path) || (c.old_path !== undefined && own(c.old_path))))
      return list;
    const out: FileChange[] = [];
    for (const c of list) {
      const from = c.old_path !== undefined && own(c.old_path);
      if (own(c.path)) {
        if (c.old_path !== undefined && !from)
          out.push({ status: "D", path: c.old_path, ...(c.was ? { was: c.was } : {}) });
      } else if (from) out.push({ status: "A", path: c.path, ...(c.blob ? { blob: c.blob } : {}) });
      else out.push(c);
    }
    return out;
  };
  const files = (list: TreeEntry[]) =>
    list.some((e) => own(e.path)) ? list.filter((e) => !own(e.path)) : list;
  const overrides: Partial<GitAdapter> = {
    streamCommits: (head, exclude, options, onCommit) =>
      git.streamCommits(head, exclude, options, (c) => {
        const kept = changes(c.changes);
        onCommit(kept === c.changes ? c : { ...c, changes: kept });
      }),
    stagedChanges: async () => changes(await git.stagedChanges()),
    listFiles: async (rev, under) => files(await git.listFiles(rev, under)),
    worktreeTree: async (under) => {
      const work = await git.worktreeTree(under);
      if (!work) return undefined;
      const changed = work.changed.filter((p) => !own(p));
      return changed.length > 0 ? { tree: work.tree, changed } : undefined;
    },
  };
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(git, {
    get(target, key) {
      if (key in overrides) return overrides[key as keyof GitAdapter];
      const value = Reflect.get(target, key);
      if (typeof value !== "function") return value;
      let method = bound.get(key);
      if (!method) {
        method = value.bind(target);
        bound.set(key, method);
      }
      return method;
    },
  });
}
