import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { slugify } from "../../core/adr/model.js";
import { type ClusterBy, clusterRecords } from "../../core/cluster/cluster.js";
import type { ProjectState, RecordView } from "../../core/project/state.js";
import { buildDraft } from "../../core/render/adr-draft.js";
import { fillTemplate } from "../../core/render/mdast.js";
import { type AppContext, repoPath } from "../context.js";
import { loadProject } from "../load.js";
import { writeEvents } from "../writer.js";
import { adrFilesIn, relativePath } from "./files.js";
import { isUnedited, readFrontMatter, stampHash, stringifyFrontMatter } from "./front-matter.js";
import { loadTemplate } from "./templates.js";

/** What happened to one draft. */
export type DraftOutcome = {
  path: string;
  id: string;
  title: string;
  cluster: string;
  record_ids: string[];
  reason: string;
  /** `edited`: a person changed the draft; it was kept and the new version written beside it */
  result: "created" | "updated" | "unchanged" | "edited";
  regenerated_path?: string;
};

/** Records that no longer need a draft: in an accepted ADR, or in a rejected one and unchanged since. */
export function settledRecords(state: ProjectState): Set<string> {
  const settled = new Set<string>();
  for (const adr of state.adrs.values()) {
    if (adr.status === "accepted") for (const id of adr.record_ids) settled.add(id);
    if (adr.status === "rejected")
      for (const id of adr.record_ids) {
        const record = state.records.get(id);
        const changed = record?.amendments.some((a) => a.event_id > adr.event_id);
        if (!changed) settled.add(id);
      }
  }
  return settled;
}

/** Clusters the records not yet in an ADR and writes or updates one draft per cluster. */
export async function draftAdrs(ctx: AppContext, options: { by?: ClusterBy; out?: string } = {}) {
  const { state } = await loadProject(ctx);
  const settled = settledRecords(state);
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
  const taken = new Set([...existing.values()].map((d) => d.file));
  const template = loadTemplate(ctx, "adr-draft.md");
  const worklineTitles = new Map([...state.worklines.values()].map((w) => [w.id, w.title]));
  const today = ctx.clock.now().toISOString().slice(0, 10);
  const outcomes: DraftOutcome[] = [];
  for (const cluster of clusters) {
    const records = cluster.record_ids.map((id) => state.records.get(id)!) as RecordView[];
    const before = existing.get(cluster.key);
    const id = before?.id ?? ctx.ids.next();
    const render = (date: string) => {
      const doc = buildDraft({ id, date, cluster, records, worklineTitles });
      const text = `${stringifyFrontMatter(doc.front)}\n${fillTemplate(template, doc.blocks)}`;
      return { doc, text: stampHash(text) };
    };
    const { doc, text } = render(today);
    const file =
      before?.file ?? uniqueFile(dir, slugify(doc.front.title, `draft-${id.toLowerCase()}`), taken);
    const outcome: DraftOutcome = {
      path: relativePath(ctx, file),
      id,
      title: doc.front.title,
      cluster: cluster.key,
      record_ids: cluster.record_ids,
      reason: doc.reason,
      result: "created",
    };
    if (before) {
      const current = readFileSync(file, "utf8");
      if (!isUnedited(current)) {
        const beside = file.replace(/\.md$/i, ".regenerated.md");
        writeFileSync(beside, text);
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
    writeFileSync(file, text);
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
  // Drafts whose cluster is gone (its records were accepted or moved elsewhere) are left for a
  // person to delete or accept; they are named, never removed.
  const live = new Set(clusters.map((c) => c.key));
  const orphaned = [...existing]
    .filter(([key]) => !live.has(key))
    .map(([, d]) => relativePath(ctx, d.file))
    .sort();
  return { drafts: outcomes, unclustered, orphaned };
}

function existingDrafts(dir: string): Map<string, { file: string; id: string; date: string }> {
  const found = new Map<string, { file: string; id: string; date: string }>();
  for (const file of adrFilesIn(dir)) {
    try {
      const { data } = readFrontMatter(readFileSync(file, "utf8"), file);
      if (typeof data.cluster === "string" && typeof data.id === "string")
        found.set(data.cluster, { file, id: data.id, date: String(data.date ?? "") });
    } catch {
      // A draft whose front matter a person broke is not ours to match; it is left alone.
    }
  }
  return found;
}

function uniqueFile(dir: string, slug: string, taken: Set<string>): string {
  for (let n = 1; ; n++) {
    const file = path.join(dir, n === 1 ? `${slug}.md` : `${slug}-${n}.md`);
    if (!taken.has(file) && !existsSync(file)) {
      taken.add(file);
      return file;
    }
  }
}
