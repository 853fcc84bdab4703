// Making HEAD's commit again with a few files added, as `git commit --amend` would, but without
// running any hook and keeping the commit's dates: what lets a merge commit carry the stale marks
// its pre-merge-commit hook wrote (git writes a merge's tree before that hook runs).
import { rmSync } from "node:fs";
import path from "node:path";

/** A commit as git stores it, for the headers a plain commit has. */
export type RawCommit = {
  tree: string;
  parents: string[];
  author: Signature;
  committer: Signature;
  message: string;
};

/** Who and when, as a commit header holds it. */
export type Signature = { name: string; email: string; timestamp: number; offset: string };

const SIGNATURE = /^(.*) <([^>]*)> (\d+) ([+-]\d{4})$/;

function signature(value: string): Signature | undefined {
  const m = SIGNATURE.exec(value);
  return m ? { name: m[1]!, email: m[2]!, timestamp: Number(m[3]), offset: m[4]! } : undefined;
}

/**
 * Parses `git cat-file commit` output. Undefined for a commit with any other header (a
 * signature, a merged tag's signature, an encoding): made again, it would lose them.
 */
export function parseRawCommit(text: string): RawCommit | undefined {
  const end = text.indexOf("\n\n");
  const headers = (end < 0 ? text : text.slice(0, end)).split("\n");
  const message = end < 0 ? "" : text.slice(end + 2);
  let tree: string | undefined;
  let author: Signature | undefined;
  let committer: Signature | undefined;
  const parents: string[] = [];
  for (const line of headers) {
    const at = line.indexOf(" ");
    const [key, value] = [line.slice(0, at), line.slice(at + 1)];
    if (key === "tree") tree = value;
    else if (key === "parent") parents.push(value);
    else if (key === "author") author = signature(value);
    else if (key === "committer") committer = signature(value);
    else return undefined;
  }
  return tree && author && committer ? { tree, parents, author, committer, message } : undefined;
}

/** The environment `git commit-tree` takes a signature from. */
function signatureEnv(who: "AUTHOR" | "COMMITTER", s: Signature): NodeJS.ProcessEnv {
  return {
    [`GIT_${who}_NAME`]: s.name,
    [`GIT_${who}_EMAIL`]: s.email,
    [`GIT_${who}_DATE`]: `@${s.timestamp} ${s.offset}`,
  };
}

/** How the git CLI adapter runs git for this: stdout, with extra environment and input. */
type Run = (
  args: string[],
  options?: { env?: NodeJS.ProcessEnv; input?: string; allowFail?: boolean },
) => Promise<{ stdout: string; code: number }>;

/** Throwaway index files made by this process. */
let made = 0;

/**
 * The git CLI's `carryIntoHead`: a throwaway index holding HEAD's tree and `files` as the work
 * tree has them, its tree committed with HEAD's parents, message, author and committer, and
 * HEAD's branch moved from `head` to it only if it still points there (`update-ref` with the old
 * value). Undefined, with nothing changed, when HEAD is not `head` or its commit has headers a
 * copy would lose (a signature).
 */
export async function carryIntoHeadWithCli(
  run: Run,
  gitDir: string,
  head: string,
  files: readonly string[],
  reason: string,
): Promise<string | undefined> {
  const raw = await run(["cat-file", "commit", head], { allowFail: true });
  const commit = raw.code === 0 ? parseRawCommit(raw.stdout) : undefined;
  if (!commit) return undefined;
  const index = path.join(gitDir, `adrift-carry-index-${process.pid}-${made++}`);
  try {
    const env = { GIT_INDEX_FILE: index };
    await run(["read-tree", head], { env });
    await run(["add", "--", ...files], { env });
    const tree = (await run(["write-tree"], { env })).stdout.trim();
    if (tree === commit.tree) return undefined;
    const created = await run(["commit-tree", tree, ...commit.parents.flatMap((p) => ["-p", p])], {
      env: {
        ...signatureEnv("AUTHOR", commit.author),
        ...signatureEnv("COMMITTER", commit.committer),
      },
      input: commit.message,
    });
    const oid = created.stdout.trim();
    const moved = await run(["update-ref", "-m", reason, "HEAD", oid, head], { allowFail: true });
    return moved.code === 0 ? oid : undefined;
  } finally {
    rmSync(index, { force: true });
  }
}
