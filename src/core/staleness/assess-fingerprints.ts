import { compileScopes } from "../rules/scope.js";
import { listedPaths } from "./listed-paths.js";
import type { AssessedRecord } from "./record-contents.js";
import { isExactPath, stateOf } from "./record-state.js";
import { candidatesFor } from "./scope-candidates.js";
import type { PathChange, StaleFinding } from "./types.js";

/** The tree at HEAD as fingerprint comparison needs it. */
export type CurrentTree = {
  /** path -> blob id */
  files: Map<string, string>;
  /** sorted paths */
  sorted: string[];
  /** blob id -> paths holding it */
  byOid: Map<string, string[]>;
};

/** Builds the lookup structures of a tree listing. */
export function currentTree(entries: readonly { path: string; oid: string }[]): CurrentTree {
  const files = new Map<string, string>();
  const byOid = new Map<string, string[]>();
  for (const e of entries) {
    files.set(e.path, e.oid);
    const list = byOid.get(e.oid);
    if (list) list.push(e.path);
    else byOid.set(e.oid, [e.path]);
  }
  return { files, byOid, sorted: [...files.keys()].sort() };
}

/**
 * Staleness when the basis revision is unavailable (a shallow clone): compares the stored fingerprints with HEAD.
 * Returns undefined when the record has no file fingerprints to compare (nothing can be said).
 */
export function assessByFingerprints(
  record: AssessedRecord,
  fingerprints: Record<string, string> | undefined,
  head: CurrentTree,
): StaleFinding | undefined {
  if (!fingerprints) return undefined;
  const scopes = compileScopes(record.basis.touched_paths);
  const fileKeys = Object.keys(fingerprints).filter((k) => !k.endsWith("/"));
  const flags = { stale: false, review: false, moved: false };
  const paths: PathChange[] = [];
  const claimed = new Set<string>();
  for (const file of fileKeys) {
    const was = fingerprints[file]!;
    const now = head.files.get(file);
    if (now === was) continue;
    if (now !== undefined) {
      flags.stale = true;
      paths.push({ path: file, change: "modified", commits: [] });
      continue;
    }
    const moved = (head.byOid.get(was) ?? []).find((p) => !(p in fingerprints) && !claimed.has(p));
    if (moved) {
      claimed.add(moved);
      flags.moved = true;
      paths.push({ path: file, change: "renamed", new_path: moved, commits: [] });
    } else {
      flags.stale = true;
      paths.push({ path: file, change: "deleted", commits: [] });
    }
  }
  const enumerated = fileKeys.length > 0 || Object.keys(fingerprints).length === 0;
  if (enumerated) {
    const seen = new Set<string>();
    for (const scope of scopes)
      for (const file of candidatesFor(scope, head.sorted)) {
        if (seen.has(file) || file in fingerprints || claimed.has(file)) continue;
        seen.add(file);
        paths.push({ path: file, change: "added", commits: [] });
        if (isExactPath(scopes, file)) flags.stale = true;
        else flags.review = true;
      }
  }
  return {
    record_id: record.id,
    kind: record.kind,
    state: stateOf(flags),
    recorded: record.recorded,
    commits: [],
    ...listedPaths(paths),
    method: "fingerprints",
  };
}
