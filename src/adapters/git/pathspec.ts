import type { FileChange } from "./types.js";

/**
 * True when `path` is one of `specs` or below one (a spec ending in `/` names a directory): how
 * git reads a literal pathspec.
 */
export function underPathspec(path: string, specs: readonly string[]): boolean {
  for (const spec of specs)
    if (spec.endsWith("/") ? path.startsWith(spec) : path === spec || path.startsWith(`${spec}/`))
      return true;
  return false;
}

/**
 * A commit's changes as `git log -- <specs>` lists them: only paths under the specs, and a rename
 * with one side outside them shown as the addition or the deletion of the side inside (git pairs
 * renames only among the paths it diffs).
 */
export function limitChanges(
  changes: readonly FileChange[],
  specs: readonly string[],
): FileChange[] {
  const out: FileChange[] = [];
  for (const change of changes) {
    const inside = underPathspec(change.path, specs);
    if (change.old_path === undefined) {
      if (inside) out.push(change);
      continue;
    }
    const from = underPathspec(change.old_path, specs);
    if (inside && from) out.push(change);
    else if (inside)
      out.push({ status: "A", path: change.path, ...(change.blob ? { blob: change.blob } : {}) });
    else if (from)
      out.push({ status: "D", path: change.old_path, ...(change.was ? { was: change.was } : {}) });
  }
  return out;
}
