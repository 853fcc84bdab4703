// Which records were stale at a pull request's base (its tip: the merge base when the base has
// not moved), as the staleness engine judged them there, kept for the next PR comment on the
// same range. A record's staleness at a commit is
// determined by the log's contents (the key) and that commit's history, except where the engine
// did without history (its report has notices: a fetch may change it), which is never kept here.
import { readFileSync } from "node:fs";
import path from "node:path";
import { writeFileAtomically } from "./atomic-file.js";
import { stateDir } from "./local-state.js";

/** Bumped whenever the meaning changes, and with the staleness engine's cache version. */
const VERSION = 2;

type Stored = {
  version: number;
  key: string;
  base: string;
  /** per record id: stale there, not stale, or null (the engine did not find the record) */
  stale: Record<string, boolean | null>;
};

function file(gitDir: string): string {
  return path.join(stateDir(gitDir), "base-stale.json");
}

/** What is known for the log as `key` names it at base commit `base` (empty when nothing is). */
export function readBaseStale(
  gitDir: string,
  key: string,
  base: string,
): Map<string, boolean | undefined> {
  try {
    const stored = JSON.parse(readFileSync(file(gitDir), "utf8")) as Stored;
    if (stored.version !== VERSION || stored.key !== key || stored.base !== base) return new Map();
    return new Map(Object.entries(stored.stale).map(([id, v]) => [id, v ?? undefined]));
  } catch {
    return new Map();
  }
}

/** Keeps `known` for `key` at `base` (replacing what was kept for any other). */
export function writeBaseStale(
  gitDir: string,
  key: string,
  base: string,
  known: ReadonlyMap<string, boolean | undefined>,
): void {
  try {
    const stale: Record<string, boolean | null> = {};
    for (const [id, v] of known) stale[id] = v ?? null;
    const stored: Stored = { version: VERSION, key, base, stale };
    writeFileAtomically(file(gitDir), JSON.stringify(stored), { mkdir: true });
  } catch {
    // derived state only: the next run asks the engine again
  }
}
