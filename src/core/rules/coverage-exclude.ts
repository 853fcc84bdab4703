import picomatch from "picomatch";

/**
 * The test for `coverage.exclude`: true for a repository-relative path one of the globs matches
 * (dot files included, `**` across folders, as scopes match) and no `!` entry takes back
 * (`test/**` with `!test/e2e/**` leaves the end-to-end tests counted); a backslash makes the
 * next character literal. Such files count neither as covered nor as uncovered, in the PR
 * comment, the report, the baseline and every gate; staleness is not affected (a decision whose
 * scope names one still goes stale).
 */
export function coverageExclusion(globs: readonly string[]): (path: string) => boolean {
  const positive = globs.filter((g) => !g.startsWith("!"));
  if (positive.length === 0) return () => false;
  const isMatch = picomatch(positive, { dot: true });
  const negative = globs.filter((g) => g.startsWith("!")).map((g) => g.slice(1));
  if (negative.length === 0) return (path) => isMatch(path);
  const takenBack = picomatch(negative, { dot: true });
  return (path) => isMatch(path) && !takenBack(path);
}
