import {
  type Cluster,
  type ClusterBy,
  clusterRecords,
  type Waiting,
} from "../../core/cluster/cluster.js";
import { resolveRef } from "../../core/project/lookup.js";
import type { ProjectState, RecordView } from "../../core/project/state.js";
import type { AnsweredQuestion } from "../../core/render/adr-content.js";
import { titleOf, uniqueTitle } from "../../core/render/adr-draft.js";
import { type AdrLanguage, detectLanguage } from "../../core/render/adr-words.js";
import { type AppContext, repoPath } from "../dependencies.js";
import { loadProject } from "../log/load.js";
import { type ExistingDraft, existingDrafts, matchDraft } from "./draft-files.js";
import { collectAdrs } from "./list.js";
import { settledRecords } from "./settled.js";

/** One draft to write: its cluster, records, title, language, and the draft it continues. */
export type DraftPlan = {
  id: string;
  cluster: Cluster;
  records: RecordView[];
  title: string;
  language: AdrLanguage;
  answers: Map<string, AnsweredQuestion>;
  before?: ExistingDraft;
};

/** What `adr draft` asks of the clustering. */
export type DraftOptions = {
  by?: ClusterBy;
  out?: string;
  /** records a person asked a draft of even when they share nothing (ids or id prefixes) */
  records?: readonly string[];
};

const RECORD_TYPES = ["intent_card_recorded", "decision_recorded"];

/**
 * Clusters the records not yet in an ADR and plans one draft per cluster: titles unique among
 * the drafts and the ADRs (a workline whose title an accepted ADR took gives its leftover
 * records a title of their own), the language of the records, the earlier draft each continues.
 */
export async function planDrafts(ctx: AppContext, options: DraftOptions = {}) {
  const { state } = await loadProject(ctx);
  const settled = settledRecords(state, ctx);
  const candidates = [...state.records.values()].filter(
    (r) => r.status !== "superseded" && !settled.has(r.id),
  );
  const dir = repoPath(ctx, options.out ?? ctx.config.drafts_dir);
  const existing = existingDrafts(dir);
  const asked = new Set(
    (options.records ?? []).map((ref) =>
      resolveRef(state, ref, { accept: RECORD_TYPES, what: "record" }),
    ),
  );
  for (const d of existing) if (d.cluster.startsWith("record:")) asked.add(d.cluster.slice(7));
  const answers = answersOf(state, candidates);
  const { clusters, waiting, unclustered } = clusterRecords(
    candidates.map((r) => ({
      id: r.id,
      tags: r.tags,
      workline_id: r.workline_id,
      touched_paths: r.basis?.touched_paths ?? [],
      decided: Boolean(r.card.chosen_approach.trim() || answers.has(r.id)),
      question_id: answers.has(r.id) ? r.question_id : undefined,
      links: linksOf(state, r),
    })),
    options.by ?? "auto",
    asked,
  );
  const worklineTitles = new Map([...state.worklines.values()].map((w) => [w.id, w.title]));
  const accepted = new Set(
    [...state.adrs.values()].filter((a) => a.status === "accepted").flatMap((a) => a.record_ids),
  );
  const takenWorklines = new Set(
    [...state.records.values()]
      .filter((r) => r.workline_id && accepted.has(r.id))
      .map((r) => r.workline_id!),
  );
  const claimed = new Set<ExistingDraft>();
  const liveKeys = new Set(clusters.map((c) => c.key));
  const taken = new Set(
    (await collectAdrs(ctx, state)).map((a) => (a.title ?? "").toLocaleLowerCase()).filter(Boolean),
  );
  // Workline drafts name their question first: another draft never takes a workline's title.
  const ordered = [...clusters].sort(
    (a, b) => Number(b.criterion === "workline") - Number(a.criterion === "workline"),
  );
  const plans = new Map<Cluster, DraftPlan>();
  for (const cluster of ordered) {
    const records = cluster.record_ids.map((id) => state.records.get(id)!);
    const before = matchDraft(cluster.key, cluster.record_ids, existing, claimed, liveKeys);
    if (before) claimed.add(before);
    const base = titleOf(cluster, records, worklineTitles, {
      worklineTaken: takenWorklines.has(cluster.shared[0] ?? ""),
      answers,
    });
    const title = uniqueTitle(base, records, taken);
    taken.add(title.toLocaleLowerCase());
    plans.set(cluster, {
      id: before?.id ?? ctx.ids.next(),
      cluster,
      records,
      title,
      language: languageOf(ctx, records, worklineTitles.get(cluster.shared[0] ?? "")),
      answers: new Map(
        records.filter((r) => answers.has(r.id)).map((r) => [r.id, answers.get(r.id)!]),
      ),
      before,
    });
  }
  return {
    state,
    dir,
    existing,
    claimed,
    worklineTitles,
    plans: clusters.map((c) => plans.get(c)!),
    waiting: waiting as Waiting[],
    unclustered,
  };
}

function languageOf(
  ctx: AppContext,
  records: readonly RecordView[],
  workline?: string,
): AdrLanguage {
  const setting = ctx.config.adr_language ?? "auto";
  if (setting !== "auto") return setting;
  return detectLanguage([
    workline ?? "",
    ...records.flatMap((r) => [
      r.card.outcome,
      r.card.trigger,
      r.card.chosen_approach,
      r.card.selection_rationale,
      r.card.constraints,
    ]),
  ]);
}

/** The questions the records answer, by record id. */
function answersOf(
  state: ProjectState,
  records: readonly RecordView[],
): Map<string, AnsweredQuestion> {
  const out = new Map<string, AnsweredQuestion>();
  for (const r of records) {
    const question = r.question_id ? state.questions.get(r.question_id) : undefined;
    if (question?.answer?.decision_id === r.id)
      out.set(r.id, {
        question: question.question,
        answered_by: question.answer.answered_by.name,
        answer: question.answer.answer,
      });
  }
  return out;
}

/**
 * What ties a record to others for an answer: the rules, stories and tasks it affects, and the
 * record itself; an answer is tied to the record its question arose from (the last one of the
 * question's session before it was asked).
 */
function linksOf(state: ProjectState, r: RecordView): string[] {
  const affects = r.affects ? [...r.affects.rules, ...r.affects.stories, ...r.affects.tasks] : [];
  const question = r.question_id ? state.questions.get(r.question_id) : undefined;
  if (!question) return [...affects, `record:${r.id}`];
  let before: RecordView | undefined;
  for (const other of state.records.values())
    if (
      other.session_id === question.session_id &&
      !other.question_id &&
      other.id < question.id &&
      (!before || other.id > before.id)
    )
      before = other;
  return before ? [...affects, `record:${before.id}`] : affects;
}
