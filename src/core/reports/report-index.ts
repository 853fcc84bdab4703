import type { AdrView } from "../project/adrs.js";
import type { ProjectState, RecordKind, RecordStatus, RecordView } from "../project/state.js";
import { cardIncompleteness, type IncompletenessReason } from "../rules/completeness.js";
import type { BacklogInput, QuestionInput } from "./inputs.js";

/**
 * What reports need of a record: its standing, title, scope, backlog links and completeness.
 * Shaped as a subset of `RecordView` so the governance helpers take either.
 */
export type ReportRecord = {
  id: string;
  kind: RecordKind;
  status: RecordStatus;
  card: { outcome: string };
  basis?: { touched_paths: string[] };
  affects?: { stories: string[]; tasks: string[] };
  /** why the card is incomplete (absent when it is complete) */
  incomplete?: IncompletenessReason[];
};

/**
 * The folded state reduced to what the PR comment reads: a few fields per record instead of
 * every card, amendment and mark, so reading it costs a fraction of the whole state.
 */
export type ReportIndex = {
  records: Map<string, ReportRecord>;
  /** ADRs as the log knows them (the ADR reader joins them with the files) */
  adrs: Map<string, AdrView>;
  backlog: BacklogInput;
  /** open questions only */
  questions: QuestionInput[];
};

/** A record as reports see it. */
export function reportRecordOf(record: RecordView): ReportRecord {
  const out: ReportRecord = {
    id: record.id,
    kind: record.kind,
    status: record.status,
    card: { outcome: record.card.outcome },
  };
  if (record.basis) out.basis = { touched_paths: record.basis.touched_paths };
  const stories = record.affects?.stories ?? [];
  const tasks = record.affects?.tasks ?? [];
  if (stories.length > 0 || tasks.length > 0) out.affects = { stories, tasks };
  const incomplete = cardIncompleteness(record);
  if (incomplete.length > 0) out.incomplete = incomplete;
  return out;
}

/** Every record of the state as reports see it, by id. */
export function reportRecords(state: Pick<ProjectState, "records">): Map<string, ReportRecord> {
  const out = new Map<string, ReportRecord>();
  for (const [id, record] of state.records) out.set(id, reportRecordOf(record));
  return out;
}

/** The backlog as propagation and the PR comment follow it. */
export function backlogOf(state: ProjectState): BacklogInput {
  return {
    stories: [...state.stories.values()].map((s) => ({
      id: s.id,
      ...(s.key ? { key: s.key } : {}),
      title: s.title,
      rule_ids: s.business_rule_ids,
    })),
    tasks: [...state.tasks.values()].map((t) => ({
      id: t.id,
      ...(t.key ? { key: t.key } : {}),
      title: t.title,
      story_id: t.story_id,
    })),
    rules: [...state.rules.values()].map((r) => ({
      id: r.id,
      ...(r.key ? { key: r.key } : {}),
      title: r.title,
    })),
  };
}

/** The open questions, as reports list them. */
export function openQuestionsOf(state: ProjectState): QuestionInput[] {
  return [...state.questions.values()]
    .filter((q) => q.status === "open")
    .map((q) => ({ id: q.id, question: q.question, affects: q.affects }));
}

/** The report index of a folded state. */
export function indexState(state: ProjectState): ReportIndex {
  return {
    records: reportRecords(state),
    adrs: state.adrs,
    backlog: backlogOf(state),
    questions: openQuestionsOf(state),
  };
}
