import type * as fs from "node:fs";
import * as git from "isomorphic-git";

/** What revision resolution needs from the embedded repository. */
export type EmbeddedRepo = {
  fs: typeof fs;
  dir: string;
  gitdir: string;
  cache: object;
  /** objects already read, by id (isomorphic-git looks for each one on disk anew) */
  objects?: ObjectMemo;
};

type ReadCommitResult = Awaited<ReturnType<typeof git.readCommit>>;

/** A map that forgets its oldest entry past `limit` entries. */
type Bounded<T> = { map: Map<string, Promise<T>>; limit: number };

/**
 * Commits and trees read, by id: objects never change, so they are kept for the handle's life,
 * up to a bound (a tree can be large: fewer of them).
 */
export class ObjectMemo {
  readonly commits: Bounded<ReadCommitResult> = { map: new Map(), limit: 20_000 };
  readonly trees: Bounded<git.TreeEntry[]> = { map: new Map(), limit: 4_000 };

  /** The value for `key`, computed once while it is kept. */
  remember<T>({ map, limit }: Bounded<T>, key: string, read: () => Promise<T>): Promise<T> {
    let value = map.get(key);
    if (!value) {
      value = read();
      // A failed read is not kept: the object may appear (a fetch) or the error be passing.
      value.catch(() => map.delete(key));
      if (map.size >= limit) map.delete(map.keys().next().value!);
      map.set(key, value);
    }
    return value;
  }
}

/** A commit object, read once per repository handle. */
export function readCommitOnce(repo: EmbeddedRepo, oid: string): Promise<ReadCommitResult> {
  const read = () => git.readCommit({ ...repo, oid });
  return repo.objects ? repo.objects.remember(repo.objects.commits, oid, read) : read();
}

/** A tree object's entries, read once per repository handle. */
export async function readTreeOnce(repo: EmbeddedRepo, oid: string): Promise<git.TreeEntry[]> {
  const read = async () => (await git.readTree({ ...repo, oid })).tree;
  return repo.objects ? repo.objects.remember(repo.objects.trees, oid, read) : read();
}

/** Resolves a name (ref, full or short oid) to an object id, or undefined. */
async function resolveName(repo: EmbeddedRepo, name: string): Promise<string | undefined> {
  if (/^[0-9a-f]{40}$/.test(name)) return name;
  try {
    return await git.resolveRef({ ...repo, ref: name });
  } catch {
    // not a ref: maybe a short oid
  }
  if (/^[0-9a-f]{4,39}$/.test(name)) {
    try {
      return await git.expandOid({ ...repo, oid: name });
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The commit's parents, or undefined when the commit is missing. */
export async function parentsOf(repo: EmbeddedRepo, oid: string): Promise<string[] | undefined> {
  try {
    return (await readCommitOnce(repo, oid)).commit.parent;
  } catch {
    return undefined;
  }
}

/**
 * Resolves a revision expression with the suffixes adrift uses (`~n`, `^`, `^n`, `^{commit}`)
 * to a commit id, or undefined when it does not name a commit present here.
 */
export async function resolveEmbedded(
  repo: EmbeddedRepo,
  rev: string,
): Promise<string | undefined> {
  const match = /^(.*?)((?:~\d*|\^\d*|\^\{commit\})*)$/.exec(rev);
  if (!match?.[1]) return undefined;
  let oid = await resolveName(repo, match[1]);
  if (!oid) return undefined;
  if ((await parentsOf(repo, oid)) === undefined) return undefined;
  for (const step of match[2]!.match(/~\d*|\^\d*|\^\{commit\}/g) ?? []) {
    if (step === "^{commit}") continue;
    const count = step.length > 1 ? Number(step.slice(1)) : 1;
    if (step[0] === "~") {
      for (let i = 0; i < count && oid; i++) oid = (await parentsOf(repo, oid))?.[0];
    } else if (count > 0) oid = (await parentsOf(repo, oid!))?.[count - 1];
    if (!oid) return undefined;
  }
  return oid;
}
