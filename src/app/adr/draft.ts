import { mkdirSync, readFileSync } from "node:fs";
import { writeFileAtomically } from "../../adapters/atomic-file.js";
import type { DraftContent } from "../../core/render/adr-content.js";
import {
  buildDraft,
  explainPlacement,
  explainWaiting,
  renderDraftBody,
} from "../../core/render/adr-draft.js";
import type { AppContext } from "../dependencies.js";
import { writeEvents } from "../recording/writer.js";
import { uniqueFile } from "./draft-files.js";
import { type DraftOptions, type DraftPlan, planDrafts } from "./draft-plan.js";
import { relativePath } from "./files.js";
import { isUnedited, stampHash, stringifyFrontMatter } from "./front-matter.js";
import { slugOf } from "./slug.js";
import { loadTemplate } from "./templates.js";

/** Why one record of a draft is in it. */
export type DraftPlacement = { record_id: string; outcome: string; why: string };

/** A record with no draft yet, and why. */
export type WaitingRecord = { record_id: string; outcome: string; reason: string; why: string };

/** What happened to one draft. */
export type DraftOutcome = {
  path: string;
  id: string;
  title: string;
  language: string;
  cluster: string;
  record_ids: string[];
  reason: string;
  /** why each record landed in this draft (what `adr draft --explain` prints) */
  placements: DraftPlacement[];
  /** `edited`: a person changed the draft; it was kept and the new version written beside it */
  result: "created" | "updated" | "unchanged" | "edited";
  regenerated_path?: string;
};

export { settledRecords } from "./settled.js";

/** Clusters the records not yet in an ADR and writes or updates one draft per cluster. */
export async function draftAdrs(ctx: AppContext, options: DraftOptions = {}) {
  const plan = await planDrafts(ctx, options);
  const taken = new Set(plan.existing.map((d) => d.file));
  const outcomes: DraftOutcome[] = [];
  for (const p of plan.plans) outcomes.push(await writeDraft(ctx, plan, p, taken));
  await recordDrafted(ctx, outcomes);
  // Drafts no cluster continues (their records were accepted or moved elsewhere) are left for a
  // person to delete or accept; they are named, never removed.
  const orphaned = plan.existing
    .filter((d) => !plan.claimed.has(d))
    .map((d) => relativePath(ctx, d.file))
    .sort();
  const waiting: WaitingRecord[] = plan.waiting.map((w) => ({
    record_id: w.record_id,
    outcome: plan.state.records.get(w.record_id)?.card.outcome ?? "",
    reason: w.reason,
    why: explainWaiting(w),
  }));
  return { drafts: outcomes, waiting, unclustered: plan.unclustered, orphaned };
}

const sameRecords = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Records `adr_drafted` for the drafts written. */
export async function recordDrafted(ctx: AppContext, outcomes: readonly DraftOutcome[]) {
  const written = outcomes.filter((o) => o.result === "created" || o.result === "updated");
  if (written.length > 0)
    await writeEvents(
      ctx,
      written.map((o) => ({
        type: "adr_drafted" as const,
        data: { draft_path: o.path, record_ids: o.record_ids, cluster_key: o.cluster },
      })),
    );
}

/**
 * Writes one planned draft (with an agent's prose when `content` is given), unless a person
 * edited the one it continues: then the new version goes beside it.
 */
export async function writeDraft(
  ctx: AppContext,
  plan: Awaited<ReturnType<typeof planDrafts>>,
  p: DraftPlan,
  taken: Set<string>,
  content?: DraftContent,
): Promise<DraftOutcome> {
  const template = loadTemplate(ctx, "adr-draft.md");
  const render = (date: string) => {
    const doc = buildDraft({
      id: p.id,
      date,
      cluster: p.cluster,
      records: p.records,
      title: p.title,
      language: p.language,
      worklineTitles: plan.worklineTitles,
      answers: p.answers,
      content,
    });
    const text = `${stringifyFrontMatter(doc.front)}\n${renderDraftBody(template, doc.blocks, doc.headings)}`;
    return { doc, text: stampHash(text) };
  };
  const { doc, text } = render(ctx.clock.now().toISOString().slice(0, 10));
  const file =
    p.before?.file ??
    uniqueFile(plan.dir, await slugOf(p.title, `draft-${p.id.toLowerCase()}`), taken);
  const byId = new Map(p.records.map((r) => [r.id, r]));
  const outcome: DraftOutcome = {
    path: relativePath(ctx, file),
    id: p.id,
    title: p.title,
    language: p.language,
    cluster: p.cluster.key,
    record_ids: p.cluster.record_ids,
    reason: doc.reason,
    placements: p.cluster.placements.map((pl) => ({
      record_id: pl.record_id,
      outcome: byId.get(pl.record_id)?.card.outcome ?? "",
      why: explainPlacement(pl, plan.worklineTitles),
    })),
    result: "created",
  };
  if (p.before) {
    const current = readFileSync(file, "utf8");
    // An agent's prose stands while its records do; adrift's own words never replace it.
    const agents = !content && p.before.drafted_by === "agent";
    if (agents && sameRecords(p.before.records, p.cluster.record_ids))
      return { ...outcome, result: "unchanged" };
    if (agents || !isUnedited(current)) {
      const beside = file.replace(/\.md$/i, ".regenerated.md");
      writeFileAtomically(beside, text);
      return { ...outcome, result: "edited", regenerated_path: relativePath(ctx, beside) };
    }
    if (render(p.before.date).text === current) return { ...outcome, result: "unchanged" };
    outcome.result = "updated";
  }
  mkdirSync(plan.dir, { recursive: true });
  writeFileAtomically(file, text);
  return outcome;
}
