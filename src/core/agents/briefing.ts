import type { ProjectState, RecordStatus, RecordView } from "../project/state.js";
import { compileScopes, shownEntry } from "../rules/scope.js";

/** At most this many governing decisions reach the agent before an edit. */
export const GOVERNING_LIMIT = 10;

/** A decision that governs a file, with the scope entry that made it so. */
export type GoverningDecision = {
  id: string;
  outcome: string;
  chosen_approach: string;
  status: RecordStatus;
  scope: string;
  specificity: number;
  at: string;
};

/** How a decision the agent saw has changed since. */
export type DecisionChange = {
  id: string;
  outcome: string;
  was: RecordStatus;
  now: RecordStatus;
  /** why it is stale now (paths and commits), or what superseded it */
  because?: string;
};

/**
 * The decisions (not superseded) whose scope covers any of `paths`, most specific scope
 * first, then newest first. Uses the shared scope matcher so hooks, stale and context agree.
 */
export function decisionsGoverning(
  state: ProjectState,
  paths: readonly string[],
): GoverningDecision[] {
  const found: GoverningDecision[] = [];
  for (const record of state.records.values()) {
    if (record.kind !== "decision" || record.status === "superseded") continue;
    const scopes = compileScopes(record.basis?.touched_paths ?? []);
    let best: { entry: string; specificity: number } | undefined;
    for (const scope of scopes)
      if (paths.some((p) => scope.matches(p)) && (!best || scope.specificity > best.specificity))
        best = { entry: scope.entry, specificity: scope.specificity };
    if (!best) continue;
    found.push({
      id: record.id,
      outcome: record.card.outcome,
      chosen_approach: record.card.chosen_approach,
      status: record.status,
      scope: best.entry,
      specificity: best.specificity,
      at: record.at,
    });
  }
  return found.sort((a, b) => b.specificity - a.specificity || b.id.localeCompare(a.id));
}

const short = (id: string) => id.slice(0, 10);

/** The text an agent gets before editing `paths`: ≤ limit decisions, and what was left out. */
export function renderGoverning(
  paths: readonly string[],
  decisions: readonly GoverningDecision[],
  limit = GOVERNING_LIMIT,
): string | undefined {
  if (decisions.length === 0) return undefined;
  const shown = decisions.slice(0, limit);
  const lines = [
    `adrift: ${decisions.length} recorded decision(s) govern ${paths.join(", ")} — respect them, or record why you depart:`,
    ...shown.map(
      (d) =>
        `- ${short(d.id)} [${shownEntry(d.scope)}]${d.status === "stale" ? " (STALE: re-check before relying on it)" : ""} ${d.outcome}${d.chosen_approach ? ` — chosen: ${d.chosen_approach}` : ""}`,
    ),
  ];
  const left = decisions.slice(limit);
  if (left.length > 0)
    lines.push(
      `…and ${left.length} less specific one(s) left out: ${left.map((d) => short(d.id)).join(", ")} (adrift show <id>)`,
    );
  return lines.join("\n");
}

/** "was → now" lines for decisions that went stale or were superseded under the agent. */
export function renderChanges(changes: readonly DecisionChange[]): string | undefined {
  if (changes.length === 0) return undefined;
  return [
    "adrift: a decision governing files you touched in this session changed:",
    ...changes.map(
      (c) =>
        `- ${short(c.id)} "${c.outcome}": was ${c.was} → now ${c.now}${c.because ? ` (${c.because})` : ""}`,
    ),
  ].join("\n");
}

/** Why a record is stale or superseded now, in a few words. */
export function describeChange(record: RecordView, state: ProjectState): string | undefined {
  if (record.status === "superseded" && record.superseded_by) {
    const by = state.records.get(record.superseded_by);
    return `superseded by ${short(record.superseded_by)}${by ? ` "${by.card.outcome}"` : ""}`;
  }
  const mark = record.stale_marks.at(-1);
  if (record.status === "stale" && mark) {
    const paths = mark.data.paths.slice(0, 3).join(", ");
    const commits = mark.data.commits
      .slice(0, 3)
      .map((c) => (typeof c === "string" ? c : c.hash).slice(0, 7))
      .join(", ");
    return (
      [paths && `changed: ${paths}`, commits && `in ${commits}`].filter(Boolean).join(" ") ||
      undefined
    );
  }
  return undefined;
}

/** The request at stop: record what was decided and what was left open. */
export function renderStopRequest(touched: readonly string[]): string {
  const files =
    touched.slice(0, 8).join(", ") + (touched.length > 8 ? `, +${touched.length - 8} more` : "");
  return [
    `adrift: before you finish — in this session you worked on ${files}.`,
    "Record each decision you made as an intent card or decision, with what you rejected and why",
    '(adrift intent record --outcome … --trigger … --chosen … --rationale … --considered "X :: why not" --path <file>,',
    "or the MCP tool record_intent_card / record_decision).",
    "Every question you leave for the user becomes an open question, with your suggestion and what it affects",
    '(adrift question ask "…" --suggest "…", or declare_open_question) — never only in your reply.',
    "If you decided nothing new, say so and stop.",
  ].join("\n");
}

/** A one-line summary of the log for the start of a session. */
export function renderSessionSummary(state: ProjectState, activeWorkline?: string): string {
  let active = 0;
  let stale = 0;
  let proposed = 0;
  for (const record of state.records.values()) {
    if (record.consent === "proposed") proposed++;
    if (record.kind !== "decision") continue;
    if (record.status === "active") active++;
    if (record.status === "stale") stale++;
  }
  const workline = activeWorkline ? state.worklines.get(activeWorkline) : undefined;
  return [
    `adrift: ${active} active decision(s), ${stale} stale`,
    workline ? `; workline "${workline.title}"` : "",
    proposed > 0
      ? `; ${proposed} record(s) agents proposed wait for the person's confirmation (adrift list --status proposed)`
      : "",
    ". Before you edit a file you get the decisions that govern it; `adrift context` for more.",
  ].join("");
}
