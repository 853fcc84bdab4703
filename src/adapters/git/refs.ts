// Branch tips read from the files git keeps (loose refs under refs/heads and refs/remotes, and
// packed-refs), without starting git: a marking commit's merge-safety check asks for them, and
// a process saved there is saved on every such commit. Where the files do not say for certain
// (reftable, a ref whose file holds something else than an object id or a symbolic ref), git
// is asked instead.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { RepositoryLocation } from "./types.js";

const OBJECT_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;
const BRANCH_ROOTS = ["refs/heads", "refs/remotes"];

/** True when the repository keeps its refs in a reftable: its files say nothing then. */
export function usesReftable(location: RepositoryLocation): boolean {
  return existsSync(path.join(location.commonDir, "reftable"));
}

/** The packed refs under the branch roots, by name (peeled lines skipped); null when unreadable. */
function packedRefs(commonDir: string): Map<string, string> | null {
  let text: string;
  try {
    text = readFileSync(path.join(commonDir, "packed-refs"), "utf8");
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? new Map() : null;
  }
  const refs = new Map<string, string>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#") || line.startsWith("^")) continue;
    const space = line.indexOf(" ");
    const oid = line.slice(0, space);
    const name = line.slice(space + 1);
    if (space < 0 || !OBJECT_ID.test(oid)) return null;
    if (BRANCH_ROOTS.some((root) => name.startsWith(`${root}/`))) refs.set(name, oid);
  }
  return refs;
}

/**
 * Every loose ref below `dir` (the ref name `name`) into `out`: an object id is a tip, a
 * symbolic ref is not one (as `git for-each-ref` shows it with its target), a lock file is a
 * write in progress and not a ref. False when a file holds anything else.
 */
function looseRefs(dir: string, name: string, out: Map<string, string | null>): boolean {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT";
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    const ref = `${name}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!looseRefs(full, ref, out)) return false;
      continue;
    }
    if (entry.name.endsWith(".lock")) continue;
    if (!entry.isFile()) return false;
    let content: string;
    try {
      content = readFileSync(full, "utf8").trim();
    } catch {
      return false;
    }
    if (OBJECT_ID.test(content)) out.set(ref, content);
    else if (content.startsWith("ref: ")) out.set(ref, null);
    else return false;
  }
  return true;
}

/**
 * The branch tips (local and remote-tracking) by ref name, sorted by name, as `git for-each-ref
 * refs/heads refs/remotes` lists those that are not symbolic refs; null when git must be asked.
 */
export function readBranchTips(location: RepositoryLocation): Map<string, string> | null {
  if (usesReftable(location)) return null;
  const packed = packedRefs(location.commonDir);
  if (!packed) return null;
  const loose = new Map<string, string | null>();
  for (const root of BRANCH_ROOTS)
    if (!looseRefs(path.join(location.commonDir, root), root, loose)) return null;
  // A loose ref is newer than its packed line; a symbolic one is no tip.
  const all = new Map<string, string | null>([...packed, ...loose]);
  const names = [...all.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const tips = new Map<string, string>();
  for (const name of names) {
    const oid = all.get(name);
    if (oid) tips.set(name, oid);
  }
  return tips;
}
