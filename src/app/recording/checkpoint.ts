import { readLocalState } from "../../adapters/local-state.js";
import { resolveRef } from "../../core/project/lookup.js";
import { cardIncompleteness } from "../../core/rules/completeness.js";
import type { AppContext } from "../dependencies.js";
import { loadProject } from "../log/load.js";

/** Where a workline stands at a checkpoint (closing or exporting it): has it a complete card? */
export type WorklineCheckpoint = {
  workline_id: string;
  title: string;
  status: string;
  records: number;
  /** some intent card or decision of the workline is complete */
  complete: boolean;
  /** the command that records the missing card, for a person without a terminal to answer */
  command: string;
};

/**
 * The checkpoint: before a workline is closed or exported, whether a person who
 * recorded nothing (or nothing complete) should be asked for the five fields. Undefined when
 * no workline is named and none is active.
 */
export async function worklineCheckpoint(
  ctx: AppContext,
  ref?: string,
): Promise<WorklineCheckpoint | undefined> {
  const { state } = await loadProject(ctx);
  const target = ref ?? readLocalState(ctx.git.location.gitDir).active_workline;
  if (!target) return undefined;
  const id = resolveRef(state, target, { accept: ["workline_opened"], what: "workline" });
  const workline = state.worklines.get(id)!;
  const records = [...state.records.values()].filter((r) => r.workline_id === id);
  return {
    workline_id: id,
    title: workline.title,
    status: workline.status,
    records: records.length,
    complete: records.some((r) => cardIncompleteness(r).length === 0),
    command: `adrift intent record --workline ${id} --outcome "…" --trigger "…" --considered "… :: why not" --chosen "…" --rationale "…" --validation "…"`,
  };
}
