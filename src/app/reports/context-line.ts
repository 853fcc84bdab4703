import { readLocalState } from "../../adapters/local-state.js";
import { resolveRef } from "../../core/project/lookup.js";
import { waitsForPerson } from "../../core/project/records.js";
import type { ProjectState, RecordView } from "../../core/project/state.js";
import { renderContextLine } from "../../core/render/context-line.js";
import type { AppContext } from "../dependencies.js";
import { staleRecordIds } from "../staleness/stale-records.js";
import { loadReportState } from "./state.js";

/** Options of the agent one-liner. */
export type ContextLineOptions = { workline?: string; maxTokens?: number };

/** The one-liner and what it was built from. */
export type ContextLine = {
  text: string;
  max_tokens: number;
  max_chars: number;
  workline_id?: string;
  card_id?: string;
  open_worklines: number;
  /** records agents proposed that wait for a person (`adrift list --status proposed`) */
  proposed: number;
  stale: { id: string; outcome: string }[];
};

/** Default budget of the one-liner, in tokens (1 token ≈ 4 characters). */
export const DEFAULT_CONTEXT_TOKENS = 80;

/**
 * The card the one-liner headlines: the latest active one (of the workline, when one is given).
 * A stale or superseded card no longer says what the work is for; a stale one gets its own
 * `stale …` part instead.
 */
function lastCard(state: ProjectState, workline: string | undefined): RecordView | undefined {
  const records = [...state.records.values()].filter(
    (r) => r.status === "active" && (workline === undefined || r.workline_id === workline),
  );
  // ids are ULIDs: the greatest is the latest; an intent card wins over a decision.
  const latest = (list: RecordView[]) =>
    list.reduce<RecordView | undefined>(
      (a, r) => (a === undefined || r.id > a.id ? r : a),
      undefined,
    );
  return latest(records.filter((r) => r.kind === "intent")) ?? latest(records);
}

/** The agent one-liner: the active workline's last intent card, open worklines and stale records, in budget. */
export async function contextLine(
  ctx: AppContext,
  options: ContextLineOptions = {},
): Promise<ContextLine> {
  const state = await loadReportState(ctx);
  const maxTokens = options.maxTokens ?? DEFAULT_CONTEXT_TOKENS;
  const active = readLocalState(ctx.git.location.gitDir).active_workline;
  const workline = options.workline
    ? resolveRef(state, options.workline, { accept: ["workline_opened"], what: "workline" })
    : active && state.worklines.has(active)
      ? active
      : undefined;
  const card = lastCard(state, workline);
  const open = [...state.worklines.values()].filter((w) => w.status === "open").length;
  const staleIds = await staleRecordIds(ctx, state);
  const stale = [...state.records.values()]
    .filter((r) => r.status !== "superseded" && staleIds.has(r.id))
    .sort((a, b) => (a.id < b.id ? 1 : -1))
    .map((r) => ({ id: r.id, outcome: r.card.outcome }));
  let proposed = 0;
  for (const r of state.records.values()) if (waitsForPerson(r)) proposed++;
  const max_chars = maxTokens * 4;
  const text = renderContextLine({
    card: card && {
      id: card.id,
      outcome: card.card.outcome,
      chosen_approach: card.card.chosen_approach,
    },
    open_worklines: open,
    proposed,
    stale,
    max_chars,
  });
  return {
    text,
    max_tokens: maxTokens,
    max_chars,
    ...(workline ? { workline_id: workline } : {}),
    ...(card ? { card_id: card.id } : {}),
    open_worklines: open,
    proposed,
    stale,
  };
}
