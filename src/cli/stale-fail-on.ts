import { AdriftError } from "../core/errors.js";
import { isStale } from "../core/staleness/standing-marks.js";
import type { StaleFinding } from "../core/staleness/types.js";

/** Conditions `stale --fail-on` can name. */
export const STALE_FAIL_CONDITIONS = ["stale", "unrecorded"] as const;
export type StaleFailCondition = (typeof STALE_FAIL_CONDITIONS)[number];

/** Parses `--fail-on stale,unrecorded`; a name outside the list is a usage error. */
export function parseStaleFailOn(value: string | undefined): StaleFailCondition[] {
  if (value === undefined) return [];
  const names = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0)
    throw new AdriftError("usage", `--fail-on takes ${STALE_FAIL_CONDITIONS.join(",")}; got ""`);
  for (const name of names)
    if (!(STALE_FAIL_CONDITIONS as readonly string[]).includes(name))
      throw new AdriftError(
        "usage",
        `--fail-on takes ${STALE_FAIL_CONDITIONS.join(",")}; got "${name.slice(0, 40)}"`,
      );
  return names as StaleFailCondition[];
}

const records = (n: number) => `${n} record${n === 1 ? " is" : "s are"}`;

/**
 * The conditions that hold, each as the line stderr gets: `stale` — a record is stale, by
 * computation or by a mark in the log (what "exit 1 when stale" means); `unrecorded` — a stale
 * record has no mark in the log yet (what `--check` has always checked).
 */
export function staleGateFailures(
  conditions: readonly StaleFailCondition[],
  result: { findings: readonly StaleFinding[]; unrecorded: readonly string[] },
): string[] {
  const out: string[] = [];
  if (conditions.includes("stale")) {
    const n = result.findings.filter(isStale).length;
    if (n > 0) out.push(`adrift: ${records(n)} stale (--fail-on stale)`);
  }
  if (conditions.includes("unrecorded") && result.unrecorded.length > 0)
    out.push(
      `adrift: ${records(result.unrecorded.length)} stale and not yet marked in the log (--fail-on unrecorded; adrift stale --record marks them)`,
    );
  return out;
}
