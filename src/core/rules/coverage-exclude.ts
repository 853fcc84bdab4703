import picomatch from "picomatch";

/**
 * The test for `coverage.exclude`: true for a repository-relative path one of the globs matches
 * (dot files included, `**` across folders, as scopes match). Such files count neither as covered
 * nor as uncovered, in the PR comment, the report, the baseline and every gate; staleness is
 * not affected (a decision whose scope names one still goes stale).
 */
export function coverageExclusion(globs: readonly string[]): (path: string) => boolean {
  if (globs.length === 0) return () => false;
  const isMatch = picomatch([...globs], { dot: true });
  return (path) => isMatch(path);
}
