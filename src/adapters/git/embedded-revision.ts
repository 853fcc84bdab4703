import type * as fs from "node:fs";
import * as git from "isomorphic-git";

/** What revision resolution needs from the embedded repository. */
export type EmbeddedRepo = { fs: typeof fs; dir: string; gitdir: string; cache: object };

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
    return (await git.readCommit({ ...repo, oid })).commit.parent;
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
