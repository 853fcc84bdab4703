import { readFileSync } from "node:fs";
import path from "node:path";
import { usesReftable } from "./refs.js";
import type { RepositoryLocation } from "./types.js";

function read(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/**
 * HEAD's commit read from the files git keeps (HEAD, loose refs, packed-refs), without starting
 * git: the hook path saves a process. `undefined` for an unborn branch; `null` when the files
 * do not say (a symbolic ref chain, reftable, …) and git must be asked.
 */
export function readHead(location: RepositoryLocation): string | undefined | null {
  // A reftable's HEAD file is a placeholder (`ref: refs/heads/.invalid`).
  if (usesReftable(location)) return null;
  const head = read(path.join(location.gitDir, "HEAD"))?.trim();
  if (!head) return null;
  if (/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(head)) return head;
  const match = /^ref: (refs\/[^\s]+)$/.exec(head);
  if (!match) return null;
  const ref = match[1]!;
  const loose = read(path.join(location.commonDir, ref))?.trim();
  if (loose !== undefined) return /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(loose) ? loose : null;
  const packed = read(path.join(location.commonDir, "packed-refs"));
  if (packed === undefined) return undefined;
  for (const line of packed.split("\n"))
    if (line.endsWith(` ${ref}`)) return line.slice(0, line.indexOf(" "));
  return undefined;
}
