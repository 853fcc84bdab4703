import { readFileSync } from "node:fs";
import { AdriftError } from "../core/errors.js";
import { stableJson } from "../core/render/json.js";
import { BASELINE_VERSION, type Baseline } from "../core/reports/baseline.js";
import { writeFileAtomically } from "./atomic-file.js";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isBaseline(value: unknown): value is Baseline {
  const b = value as Baseline;
  return (
    typeof b === "object" &&
    b !== null &&
    b.version === BASELINE_VERSION &&
    Number.isInteger(b.depth) &&
    Array.isArray(b.areas) &&
    b.areas.every(
      (a) =>
        typeof a.area === "string" &&
        (a.expires === null || (typeof a.expires === "string" && DATE.test(a.expires))) &&
        Array.isArray(a.files) &&
        a.files.every((f) => typeof f === "string"),
    )
  );
}

/** Reads the baseline file; undefined when there is none; validation_failed when it is malformed. */
export function readBaseline(file: string, name: string): Baseline | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new AdriftError(
      "validation_failed",
      `${name}: not valid JSON (${(error as Error).message})`,
    );
  }
  if (!isBaseline(parsed))
    throw new AdriftError(
      "validation_failed",
      `${name}: expected {version: 1, depth, areas: [{area, expires: YYYY-MM-DD|null, files: []}]}; run \`adrift baseline freeze\` again`,
    );
  return parsed;
}

/** Writes the baseline atomically (sorted keys, so re-freezing the same state changes nothing). */
export function writeBaseline(file: string, baseline: Baseline): void {
  writeFileAtomically(file, stableJson(baseline));
}
