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
