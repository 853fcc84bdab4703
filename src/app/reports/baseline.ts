import { mkdirSync } from "node:fs";
import path from "node:path";
import { readBaseline, writeBaseline } from "../../adapters/baseline-store.js";
import { DECISIONS_DIR } from "../../core/config-defaults.js";
import { AdriftError } from "../../core/errors.js";
import { type Baseline, freezeBaseline } from "../../core/reports/baseline.js";
import { adrGovernors, decisionGovernors } from "../../core/reports/governors.js";
import { buildScopeIndex, governorsOf } from "../../core/staleness/scope-index.js";
import { type AppContext, repoPath } from "../dependencies.js";
import { coverageFileTest, reportGit } from "./diff-range.js";
import { loadReportInputs } from "./inputs.js";
import { loadReportState } from "./state.js";

/** Where the baseline lives, relative to the repository root (tracked). */
export const BASELINE_FILE = `${DECISIONS_DIR}/baseline.json`;

/** The baseline of this repository, if it has one. */
export function loadBaseline(ctx: AppContext): Baseline | undefined {
  return readBaseline(repoPath(ctx, BASELINE_FILE), BASELINE_FILE);
}

/**
 * Records the files at HEAD that no decision (not superseded, whatever its state) or accepted
 * ADR governs — what `pr-comment` calls uncovered — grouped by area, so the uncovered gate
 * fires only on new code until `expires`.
 */
export async function freezeUncovered(ctx: AppContext, options: { expires?: string } = {}) {
  const expires = options.expires ?? null;
  if (
    expires !== null &&
    (!/^\d{4}-\d{2}-\d{2}$/.test(expires) || Number.isNaN(Date.parse(expires)))
  )
    throw new AdriftError("usage", `--expires expects a date YYYY-MM-DD, got "${expires}"`);
  const git = reportGit(ctx);
  const head = await git.resolve("HEAD");
  if (!head)
    throw new AdriftError("validation_failed", "the repository has no commits yet: commit first");
  const state = await loadReportState(ctx);
  const inputs = await loadReportInputs(ctx, state);
  const index = buildScopeIndex([
    ...decisionGovernors(state.records.values()),
    ...adrGovernors(inputs.adrs, state.records),
  ]);
  const counted = coverageFileTest(ctx);
  const files = (await git.tree(head)).map((t) => t.path).filter(counted.counts);
  const uncovered = files.filter((f) => governorsOf(index, f).every((g) => g.kind === "intent"));
  const baseline = freezeBaseline(uncovered, ctx.config.coverage_depth, expires);
  const file = repoPath(ctx, BASELINE_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  writeBaseline(file, baseline);
  return {
    file: BASELINE_FILE,
    head,
    areas: baseline.areas.length,
    files: uncovered.length,
    expires,
  };
}
