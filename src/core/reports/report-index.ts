import type {
  AdrView,
  ProjectState,
  RecordKind,
  RecordStatus,
  RecordView,
} from "../project/state.js";
import { cardIncompleteness, type IncompletenessReason } from "../rules/completeness.js";
import type { Governor } from "../staleness/scope-index.js";
import type { BacklogInput, QuestionInput } from "./inputs.js";

/** What a record says of why, as its card has it now (amendments applied). */
export type RecordWhy = { trigger: string; chosen: string; rationale: string; constraints: string };

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
  /** an agent proposed it and no person has confirmed it (absent otherwise) */
  proposed?: boolean;
  /** its trigger, chosen approach, rationale and constraints (absent when all are blank) */
  why?: RecordWhy;
};

/** Records looked up by id, or walked (a `Map` is one; so is a table read from columns). */
export type ReportRecords = Pick<ReadonlyMap<string, ReportRecord>, "get" | "values"> & {
  /** `decisionGovernors` of the records, when they can be listed without building each record */
  governors?(): Governor[];
  /** every record's id, when they can be listed without building each record */
  ids?(): readonly string[];
  /** the ids of the records the log marks stale, likewise */
  markedStale?(): string[];
};

/** Every record's id (for the shortest unique prefixes). */
export function recordIds(records: ReportRecords): readonly string[] {
  if (records.ids) return records.ids();
  return Array.from(records.values(), (r) => r.id);
}

/** The ids of the records the log marks stale. */
export function markedStaleIds(records: ReportRecords): string[] {
  if (records.markedStale) return records.markedStale();
  const out: string[] = [];
  for (const r of records.values()) if (r.status === "stale") out.push(r.id);
  return out;
}

/**
 * The folded state reduced to what the PR comment reads: a few fields per record instead of
 * every card, amendment and mark, so reading it costs a fraction of the whole state.
 */
export type ReportIndex = {
  records: ReportRecords;
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
  if (record.consent === "proposed") out.proposed = true;
  const why = whyOfCard(record.card);
  if (why) out.why = why;
  return out;
}

/** The why of a card; undefined when every field of it is blank. */
export function whyOfCard(card: RecordView["card"]): RecordWhy | undefined {
  const why: RecordWhy = {
    trigger: card.trigger,
    chosen: card.chosen_approach,
    rationale: card.selection_rationale,
    constraints: card.constraints,
  };
  return Object.values(why).some((v) => v.trim() !== "") ? why : undefined;
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

/**
 * Records by column, as the report index's file keeps them: a few long arrays parse several
 * times faster than one object per record, and a record is only built when it is looked up.
 */
export type RecordColumns = {
  ids: string[];
  /** one character per record: `i` intent, `d` decision */
  kinds: string;
  /** one character per record: `a` active, `s` stale, `x` superseded */
  statuses: string;
  outcomes: string[];
  /** each record's scope entries; null for a record without a basis */
  scopes: (string[] | null)[];
  /** backlog links, by row, of the records that have any */
  affects: Record<string, { stories: string[]; tasks: string[] }>;
  /** incompleteness, by row, of the incomplete records */
  incomplete: Record<string, IncompletenessReason[]>;
  /** the rows of records an agent proposed and no person confirmed */
  proposed?: number[];
};

const KIND_CODES = { intent: "i", decision: "d" } as const;
const STATUS_CODES = { active: "a", stale: "s", superseded: "x" } as const;
const KINDS: Record<string, RecordKind> = { i: "intent", d: "decision" };
const STATUSES: Record<string, RecordStatus> = { a: "active", s: "stale", x: "superseded" };

/** The columns of a set of records. */
export function recordColumns(records: Iterable<ReportRecord>): RecordColumns {
  const out: RecordColumns = {
    ids: [],
    kinds: "",
    statuses: "",
    outcomes: [],
    scopes: [],
    affects: {},
    incomplete: {},
    proposed: [],
  };
  const kinds: string[] = [];
  const statuses: string[] = [];
  for (const r of records) {
    const row = out.ids.length;
    out.ids.push(r.id);
    kinds.push(KIND_CODES[r.kind]);
    statuses.push(STATUS_CODES[r.status]);
    out.outcomes.push(r.card.outcome);
    out.scopes.push(r.basis ? r.basis.touched_paths : null);
    if (r.affects) out.affects[row] = r.affects;
    if (r.incomplete) out.incomplete[row] = r.incomplete;
    if (r.proposed) out.proposed!.push(row);
  }
  out.kinds = kinds.join("");
  out.statuses = statuses.join("");
  return out;
}

/** The records of columns, each built when looked up (and kept) or walked (and dropped). */
export function recordTable(columns: RecordColumns): ReportRecords {
  let rows: Map<string, number> | undefined;
  const built = new Map<number, ReportRecord>();
  const proposed = new Set(columns.proposed ?? []);
  const build = (row: number): ReportRecord => {
    const scope = columns.scopes[row];
    const affects = columns.affects[row];
    const incomplete = columns.incomplete[row];
    // One shape for every record (absent fields undefined): cheaper to build than spreads.
    return {
      id: columns.ids[row]!,
      kind: KINDS[columns.kinds[row]!]!,
      status: STATUSES[columns.statuses[row]!]!,
      card: { outcome: columns.outcomes[row]! },
      basis: scope ? { touched_paths: scope } : undefined,
      affects,
      incomplete,
      proposed: proposed.has(row) || undefined,
    };
  };
  return {
    get(id) {
      if (!rows) {
        rows = new Map();
        for (let row = 0; row < columns.ids.length; row++) rows.set(columns.ids[row]!, row);
      }
      const row = rows.get(id);
      if (row === undefined) return undefined;
      let record = built.get(row);
      if (!record) {
        record = build(row);
        built.set(row, record);
      }
      return record;
    },
    *values() {
      for (let row = 0; row < columns.ids.length; row++) yield build(row);
    },
    ids: () => columns.ids,
    markedStale() {
      const out: string[] = [];
      for (
        let row = columns.statuses.indexOf("s");
        row >= 0;
        row = columns.statuses.indexOf("s", row + 1)
      )
        out.push(columns.ids[row]!);
      return out;
    },
    // Straight from the columns: walking 10,000 records to pick the scoped decisions
    // built three objects per record for the garbage collector.
    governors() {
      const out: Governor[] = [];
      for (let row = 0; row < columns.ids.length; row++) {
        const scope = columns.scopes[row];
        if (columns.kinds[row] !== "d" || columns.statuses[row] === "x") continue;
        if (scope && scope.length > 0)
          out.push({ id: columns.ids[row]!, kind: "decision", entries: scope });
      }
      return out;
    },
  } as ReportRecords;
}
