// The paths a record's scope can be found by, and the paths a changed file looks them up by:
// what lets the pre-commit read only the records a staged change can touch (the index beside the
// staleness cache, `adapters/stale-cache-index.ts`) instead of every record.
//
// A record's keys are the literal part of each scope entry: the path a path or directory entry
// names, the directory a glob's wildcards start in ("" for a glob that starts with one), the
// paths its anchors sit in, and the paths its finding followed renames to. A changed path finds
// every key equal to it or naming a directory above it, so the records found are every record
// whose scope can match it (and some whose globs then do not): judging those gives exactly what
// judging all of them gives.
import { isExclusion, literalBase } from "../rules/scope.js";
import type { AssessedRecord } from "./record-contents.js";

/** The keys `record` is found by, each once. */
export function recordScopeKeys(
  record: AssessedRecord,
  followed: readonly string[] = [],
): string[] {
  const keys: string[] = [];
  const add = (key: string) => {
    if (!keys.includes(key)) keys.push(key);
  };
  for (const entry of record.basis.touched_paths) {
    if (isExclusion(entry)) continue;
    const base = literalBase(entry);
    add(base.endsWith("/") ? base.replace(/\/+$/, "") : base);
  }
  for (const anchor of record.basis.anchors ?? []) add(anchor.path);
  for (const path of followed) add(path);
  return keys;
}

/** The keys a changed `path` looks records up by: "", each directory above it, and itself. */
export function lookupKeys(path: string): string[] {
  const keys = [""];
  let at = path.indexOf("/");
  while (at >= 0) {
    keys.push(path.slice(0, at));
    at = path.indexOf("/", at + 1);
  }
  keys.push(path);
  return keys;
}
