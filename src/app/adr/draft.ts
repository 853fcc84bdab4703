import { mkdirSync, readFileSync } from "node:fs";
import { writeFileAtomically } from "../../adapters/atomic-file.js";
import { type ClusterBy, clusterRecords } from "../../core/cluster/cluster.js";
import type { RecordView } from "../../core/project/state.js";
import { buildDraft, explainPlacement, renderDraftBody } from "../../core/render/adr-draft.js";
import { type AppContext, repoPath } from "../dependencies.js";
import { loadProject } from "../log/load.js";
import { writeEvents } from "../recording/writer.js";
import { type ExistingDraft, existingDrafts, matchDraft, uniqueFile } from "./draft-files.js";
import { relativePath } from "./files.js";
import { isUnedited, stampHash, stringifyFrontMatter } from "./front-matter.js";
import { settledRecords } from "./settled.js";
import { slugOf } from "./slug.js";
import { loadTemplate } from "./templates.js";

/** Why one record of a draft is in it. */
export type DraftPlacement = { record_id: string; outcome: string; why: string };

/** What happened to one draft. */
export type DraftOutcome = {
  path: string;
  id: string;
  title: string;
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
export async function draftAdrs(ctx: AppContext, options: { by?: ClusterBy; out?: string } = {}) {
  const { state } = await loadProject(ctx);
  const settled = settledRecords(state, ctx);
  const candidates = [...state.records.values()].filter(
    (r) => r.status !== "superseded" && !settled.has(r.id),
  );
  const { clusters, unclustered } = clusterRecords(
    candidates.map((r) => ({
      id: r.id,
      tags: r.tags,
      workline_id: r.workline_id,
      touched_paths: r.basis?.touched_paths ?? [],
    })),
    options.by ?? "auto",
  );
  const dir = repoPath(ctx, options.out ?? ctx.config.drafts_dir);
  const existing = existingDrafts(dir);
  const claimed = new Set<ExistingDraft>();
  const liveKeys = new Set(clusters.map((c) => c.key));
  const taken = new Set(existing.map((d) => d.file));
  const template = loadTemplate(ctx, "adr-draft.md");
  const worklineTitles = new Map([...state.worklines.values()].map((w) => [w.id, w.title]));
  const today = ctx.clock.now().toISOString().slice(0, 10);
  const outcomes: DraftOutcome[] = [];
  for (const cluster of clusters) {
    const records = cluster.record_ids.map((id) => state.records.get(id)!) as RecordView[];
    const before = matchDraft(cluster.key, cluster.record_ids, existing, claimed, liveKeys);
    if (before) claimed.add(before);
    const id = before?.id ?? ctx.ids.next();
    const render = (date: string) => {
      const doc = buildDraft({
        id,
        date,
        cluster,
        records,
        worklineTitles,
        recordNotes: new Map(),
      });
      const text = `${stringifyFrontMatter(doc.front)}\n${renderDraftBody(template, doc.blocks)}`;
      return { doc, text: stampHash(text) };
    };
    const { doc, text } = render(today);
    const file =
      before?.file ??
      uniqueFile(dir, await slugOf(doc.front.title, `draft-${id.toLowerCase()}`), taken);
    const byId = new Map(records.map((r) => [r.id, r]));
    const outcome: DraftOutcome = {
      path: relativePath(ctx, file),
      id,
      title: doc.front.title,
      cluster: cluster.key,
      record_ids: cluster.record_ids,
      reason: doc.reason,
      placements: cluster.placements.map((p) => ({
        record_id: p.record_id,
        outcome: byId.get(p.record_id)?.card.outcome ?? "",
        why: explainPlacement(p, worklineTitles),
      })),
      result: "created",
    };
    if (before) {
      const current = readFileSync(file, "utf8");
      if (!isUnedited(current)) {
        const beside = file.replace(/\.md$/i, ".regenerated.md");
        writeFileAtomically(beside, text);
        outcomes.push({
          ...outcome,
          result: "edited",
          regenerated_path: relativePath(ctx, beside),
        });
        continue;
      }
      if (render(before.date).text === current) {
        outcomes.push({ ...outcome, result: "unchanged" });
        continue;
      }
      outcome.result = "updated";
    }
    mkdirSync(dir, { recursive: true });
    writeFileAtomically(file, text);
    outcomes.push(outcome);
  }
  const written = outcomes.filter((o) => o.result === "created" || o.result === "updated");
  if (written.length > 0)
    await writeEvents(
      ctx,
      written.map((o) => ({
        type: "adr_drafted" as const,
        data: { draft_path: o.path, record_ids: o.record_ids, cluster_key: o.cluster },
      })),
    );
  // Drafts no cluster continues (their records were accepted or moved elsewhere) are left for a
  // person to delete or accept; they are named, never removed.
  const orphaned = existing
    .filter((d) => !claimed.has(d))
    .map((d) => relativePath(ctx, d.file))
    .sort();
  return { drafts: outcomes, unclustered, orphaned };
}
