import type { ProjectState, RecordView } from "../project/state.js";
import { cardIncompleteness, type IncompletenessReason } from "../rules/completeness.js";
import { compileScope, globBase, isExclusion, scopeKind, unescapeEntry } from "../rules/scope.js";
import { buildScopeIndex, governorsMatching } from "../staleness/scope-index.js";
import type { ChangeCommit, StaleFinding, StalenessReport } from "../staleness/types.js";
import { type Area, areaOf, coverageByArea, matchCounter } from "./areas.js";
import { adrGovernors, decisionGovernors } from "./governors.js";
import { type AdrInput, type AdrRelation, type BacklogInput, isAcceptedAdr } from "./inputs.js";
import { type ChainStep, type Propagated, propagateStaleness } from "./propagation.js";
import { type RecordWhy, whyOfCard } from "./report-index.js";

/** The version of the correspondence report's JSON shape (docs/formats.md). */
export const CORRESPONDENCE_VERSION = 2;

/** What a scope entry of a record points at now. */
export type PathState = "exists" | "moved" | "missing" | "drifted";

export type CorrespondencePath = {
  entry: string;
  state: PathState;
  /** files of HEAD the entry matches now */
  matched_files: number;
  /** for moved entries: where the files went */
  new_paths: string[];
  /** files under the entry changed since the record's basis */
  changed_paths: string[];
  commits: ChangeCommit[];
};

export type CorrespondenceRecord = {
  id: string;
  kind: RecordView["kind"];
  outcome: string;
  /** lifecycle status from the log */
  status: RecordView["status"];
  /** computed state against HEAD ("unknown" when staleness had nothing to say) */
  computed: StaleFinding["state"] | "unknown";
  method?: StaleFinding["method"];
  revision: string;
  adrs: string[];
  paths: CorrespondencePath[];
  /** its trigger, chosen approach, rationale and constraints (absent when all are blank) */
  why?: RecordWhy;
  /** what its card lacks (absent when complete) */
  incomplete?: IncompletenessReason[];
};

export type CorrespondenceAdr = {
  id: string;
  number: number | null;
  title: string;
  status: string;
  path: string;
  state: "current" | "drifted";
  record_ids: string[];
  relations: AdrRelation[];
  scope: string[];
  chain: ChainStep[];
};

/** The whole report: versioned, every array sorted, no clock time (byte-stable). */
export type CorrespondenceReport = {
  format: "adrift.correspondence";
  version: typeof CORRESPONDENCE_VERSION;
  head: string;
  depth: number;
  summary: {
    records: number;
    adrs: number;
    paths: Record<PathState, number>;
    areas: number;
    uncovered_areas: number;
    /** files = covered_files + uncovered_files */
    files: number;
    /** files a non-superseded decision or an accepted ADR governs, whatever its state */
    covered_files: number;
    /** covered files that a stale decision (marked, or computed at HEAD) governs */
    covered_by_stale: number;
    /** covered files that only stale decisions govern */
    covered_only_by_stale: number;
    /** records stale (marked in the log, or computed at HEAD), superseded ones left out */
    stale_records: number;
    uncovered_files: number;
  };
  notices: string[];
  adrs: CorrespondenceAdr[];
  records: CorrespondenceRecord[];
  areas: Area[];
  uncovered: string[];
  propagation: Propagated[];
  /**
   * the title of every record, ADR, story, task and rule the report names by id (a record's
   * outcome), so renderers print titles beside ids
   */
  titles: Record<string, string>;
};

/** Everything the report is computed from. */
export type CorrespondenceInput = {
  state: ProjectState;
  adrs: readonly AdrInput[];
  backlog: BacklogInput;
  staleness: StalenessReport;
  /** files of the tree at HEAD (adrift's own files excluded) */
  files: readonly string[];
  depth: number;
};

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function entryState(
  entry: string,
  matched: number,
  finding: StaleFinding | undefined,
): CorrespondencePath {
  const scope = compileScope(entry);
  const changes = (
    finding?.state === "fresh" || scope.exclude ? [] : (finding?.paths ?? [])
  ).filter((c) => scope.matches(c.path));
  const hashes = new Set(changes.flatMap((c) => c.commits));
  const commits = (finding?.commits ?? []).filter((c) => hashes.has(c.hash));
  const newPaths = changes.flatMap((c) =>
    c.change === "renamed" && c.new_path ? [c.new_path] : [],
  );
  const edited = changes.some((c) => c.change !== "renamed");
  let state: PathState = "exists";
  if (matched === 0) state = newPaths.length > 0 && !edited ? "moved" : "missing";
  else if (edited && finding?.state === "stale") state = "drifted";
  else if (newPaths.length > 0) state = "moved";
  return {
    entry,
    state,
    matched_files: matched,
    new_paths: [...new Set(newPaths)].sort(),
    changed_paths: [...new Set(changes.map((c) => c.path))].sort(),
    commits,
  };
}

/** The paths of a record's scope as they stand now: each entry's state, files and changes. */
export function recordPaths(
  record: RecordView,
  finding: StaleFinding | undefined,
  count: (entry: string) => number,
): CorrespondencePath[] {
  return [...(record.basis?.touched_paths ?? [])]
    .sort()
    .map((e) => entryState(e, count(e), finding));
}

/** What a record's entry in the report says, for a record with code paths. */
function recordEntry(
  record: RecordView,
  finding: StaleFinding | undefined,
  count: (entry: string) => number,
  adrs: string[],
): CorrespondenceRecord {
  const why = whyOfCard(record.card);
  const incomplete = cardIncompleteness(record);
  return {
    id: record.id,
    kind: record.kind,
    outcome: record.card.outcome,
    status: record.status,
    computed: finding?.state ?? "unknown",
    ...(finding ? { method: finding.method } : {}),
    revision: record.basis!.revision,
    adrs: adrs.sort(),
    paths: recordPaths(record, finding, count),
    ...(why ? { why } : {}),
    ...(incomplete.length > 0 ? { incomplete } : {}),
  };
}

/** The report's summary less what its records add up to (their count, their paths' states). */
export type CorrespondenceCoverage = Omit<CorrespondenceReport["summary"], "records" | "paths">;

/**
 * The report without its records and titles: ADRs with their drift, propagation, the areas'
 * coverage. What a reader needs who takes a record's paths one at a time (`recordPaths`).
 */
export type CorrespondenceOverview = Omit<
  CorrespondenceReport,
  "summary" | "records" | "titles"
> & { summary: CorrespondenceCoverage };

/** The report's overview (pure): ADRs → records, areas → governors, propagation. */
export function buildCorrespondenceOverview(input: CorrespondenceInput): CorrespondenceOverview {
  const { state } = input;
  const findings = new Map(input.staleness.findings.map((f) => [f.record_id, f]));
  // Every stale record propagates, also those without code paths (a user's answer).
  const staleIds = [...state.records.values()]
    .filter(
      (r) =>
        r.status !== "superseded" &&
        (r.status === "stale" || findings.get(r.id)?.state === "stale"),
    )
    .map((r) => r.id);
  const propagation = propagateStaleness(staleIds, state.records, input.adrs, input.backlog);
  const drifted = new Map(propagation.filter((p) => p.kind === "adr").map((p) => [p.id, p]));

  const adrs: CorrespondenceAdr[] = input.adrs
    .map((adr) => ({
      id: adr.id,
      number: adr.number ?? null,
      title: adr.title,
      status: adr.status,
      path: adr.path,
      state: drifted.has(adr.id) ? ("drifted" as const) : ("current" as const),
      record_ids: [...adr.record_ids].sort(),
      relations: [...adr.relations].sort((a, b) =>
        a.target === b.target ? (a.type < b.type ? -1 : 1) : a.target < b.target ? -1 : 1,
      ),
      scope: [
        ...new Set(
          adr.record_ids.flatMap((id) => state.records.get(id)?.basis?.touched_paths ?? []),
        ),
      ].sort(),
      chain: drifted.get(adr.id)?.chain ?? [],
    }))
    .sort((a, b) => (a.number ?? 1e9) - (b.number ?? 1e9) || byId(a, b));

  const index = buildScopeIndex([
    ...decisionGovernors(state.records.values()),
    ...adrGovernors(input.adrs.filter(isAcceptedAdr), state.records),
  ]);
  const staleDecisions = new Set(
    staleIds.filter((id) => state.records.get(id)?.kind === "decision"),
  );
  const areas = coverageByArea(index, input.files, input.depth, staleDecisions);
  return withAreas(
    {
      format: "adrift.correspondence",
      version: CORRESPONDENCE_VERSION,
      head: input.staleness.head,
      depth: input.depth,
      summary: { adrs: adrs.length, files: input.files.length, stale_records: staleIds.length },
      notices: [...input.staleness.notices].sort(),
      adrs,
      propagation,
    },
    areas,
  );
}

/** An overview with its areas, and the summary and the uncovered areas they give. */
function withAreas(
  overview: Omit<CorrespondenceOverview, "summary" | "areas" | "uncovered"> & {
    summary: Pick<CorrespondenceCoverage, "adrs" | "files" | "stale_records">;
  },
  areas: Area[],
): CorrespondenceOverview {
  const { summary } = overview;
  const uncovered = areas.filter((a) => a.covered_files === 0).map((a) => a.area);
  const covered = areas.reduce((n, a) => n + a.covered_files, 0);
  return {
    format: overview.format,
    version: overview.version,
    head: overview.head,
    depth: overview.depth,
    summary: {
      adrs: summary.adrs,
      areas: areas.length,
      uncovered_areas: uncovered.length,
      files: summary.files,
      covered_files: covered,
      covered_by_stale: areas.reduce((n, a) => n + a.covered_by_stale, 0),
      covered_only_by_stale: areas.reduce((n, a) => n + a.covered_only_by_stale, 0),
      stale_records: summary.stale_records,
      uncovered_files: summary.files - covered,
    },
    notices: overview.notices,
    adrs: overview.adrs,
    areas,
    uncovered,
    propagation: overview.propagation,
  };
}

/**
 * The overview of `input` from the overview of the same input without the records of `added`,
 * each new, not stale, held by no ADR and in no supersession (the caller checked): such a record
 * starts no drift and changes no ADR, so the ADRs, the propagation and the counts are as they
 * were, and a new decision with a scope changes only the areas holding a file it matches. Those
 * areas are counted again, from every governor; the others are kept.
 */
export function overviewWithNewRecords(
  previous: CorrespondenceOverview,
  input: CorrespondenceInput,
  added: readonly RecordView[],
): CorrespondenceOverview {
  return (
    patchedOverview(previous, input, added, stateOfFindings(input.staleness.findings)) ??
    buildCorrespondenceOverview(input)
  );
}

/** Each record's computed state, from a staleness report's findings. */
function stateOfFindings(findings: readonly StaleFinding[]): (id: string) => string | undefined {
  const byId = new Map(findings.map((f) => [f.record_id, f.state]));
  return (id) => byId.get(id);
}

/**
 * As `overviewWithNewRecords`, the records' computed states given by `stateOf` (the staleness
 * report of `input` is not read), and undefined where the overview must be computed whole (a new
 * decision reaches an area the previous overview did not have).
 */
export function patchedOverview(
  previous: CorrespondenceOverview,
  input: Omit<CorrespondenceInput, "staleness">,
  added: readonly RecordView[],
  stateOf: (id: string) => string | undefined,
): CorrespondenceOverview | undefined {
  const governors = decisionGovernors(added);
  if (governors.length === 0) return previous;
  const theirs = buildScopeIndex(governors);
  // Each file's area once; each scope entry's reach once (many records share entries).
  const areas = input.files.map((f) => areaOf(f, input.depth));
  const affected = new Set<string>();
  input.files.forEach((file, i) => {
    if (governorsMatching(theirs, file).length > 0) affected.add(areas[i]!);
  });
  if (affected.size === 0) return previous;
  const known = new Set(previous.areas.map((a) => a.area));
  if ([...affected].some((area) => !known.has(area))) return undefined;
  const { state } = input;
  // Only the governors an entry of which can reach into those areas are indexed.
  const reach = reachesAreas([...affected]);
  const reached = new Map<string, boolean>();
  const reaches = (entry: string) => {
    let answer = reached.get(entry);
    if (answer === undefined) {
      answer = reach(entry);
      reached.set(entry, answer);
    }
    return answer;
  };
  const candidates = [
    ...decisionGovernors(state.records.values()),
    ...adrGovernors(input.adrs.filter(isAcceptedAdr), state.records),
  ].filter((g) => g.entries.some(reaches));
  const staleDecisions = new Set<string>();
  for (const g of candidates) {
    const r = g.kind === "decision" ? state.records.get(g.id) : undefined;
    if (r && r.status !== "superseded" && (r.status === "stale" || stateOf(r.id) === "stale"))
      staleDecisions.add(r.id);
  }
  const index = buildScopeIndex(candidates);
  const files = input.files.filter((_, i) => affected.has(areas[i]!));
  const counted = new Map(
    coverageByArea(index, files, input.depth, staleDecisions).map((a) => [a.area, a]),
  );
  return withAreas(
    previous,
    previous.areas.map((a) => counted.get(a.area) ?? a),
  );
}

/**
 * Whether a scope entry can match a file of one of `areas` (their files all lie below `area/`;
 * "." holds the files at the root): its literal part (a glob's folders before the first pattern,
 * a folder, a path) lies below the area or above it. Wider than matching, never narrower; an
 * exclusion takes files out and reaches nothing.
 */
function reachesAreas(areas: readonly string[]): (entry: string) => boolean {
  if (areas.includes(".")) return (entry) => !isExclusion(entry);
  const folders = areas.map((a) => `${a}/`);
  return (entry) => {
    if (isExclusion(entry)) return false;
    const literal = scopeKind(entry) === "glob" ? globBase(entry) : unescapeEntry(entry);
    return folders.some((f) => literal.startsWith(f) || f.startsWith(literal));
  };
}

/** Builds the correspondence report (pure): records → code, code → records, propagation. */
export function buildCorrespondence(input: CorrespondenceInput): CorrespondenceReport {
  const { state } = input;
  const findings = new Map(input.staleness.findings.map((f) => [f.record_id, f]));
  const count = matchCounter(input.files);
  const adrsOf = new Map<string, string[]>();
  for (const adr of input.adrs)
    for (const id of adr.record_ids) adrsOf.set(id, [...(adrsOf.get(id) ?? []), adr.id]);

  const records: CorrespondenceRecord[] = [];
  for (const record of state.records.values()) {
    if ((record.basis?.touched_paths ?? []).length === 0) continue;
    records.push(recordEntry(record, findings.get(record.id), count, adrsOf.get(record.id) ?? []));
  }
  records.sort(byId);

  const overview = buildCorrespondenceOverview(input);
  const paths: Record<PathState, number> = { exists: 0, moved: 0, missing: 0, drifted: 0 };
  for (const r of records) for (const p of r.paths) paths[p.state]++;
  const { adrs, areas, propagation, summary } = overview;
  return {
    format: overview.format,
    version: overview.version,
    head: overview.head,
    depth: overview.depth,
    // The summary's keys in the order the report has always printed them.
    summary: {
      records: records.length,
      adrs: summary.adrs,
      paths,
      areas: summary.areas,
      uncovered_areas: summary.uncovered_areas,
      files: summary.files,
      covered_files: summary.covered_files,
      covered_by_stale: summary.covered_by_stale,
      covered_only_by_stale: summary.covered_only_by_stale,
      stale_records: summary.stale_records,
      uncovered_files: summary.uncovered_files,
    },
    notices: overview.notices,
    adrs,
    records,
    areas,
    uncovered: overview.uncovered,
    propagation,
    titles: titlesOf(input, records, areas, adrs, propagation),
  };
}

/** The titles of the ids a report names: records, ADRs, and the backlog propagation reaches. */
function titlesOf(
  input: CorrespondenceInput,
  records: readonly CorrespondenceRecord[],
  areas: readonly Area[],
  adrs: readonly CorrespondenceAdr[],
  propagation: readonly Propagated[],
): Record<string, string> {
  const named = new Set<string>();
  for (const r of records) named.add(r.id);
  for (const a of areas) for (const id of [...a.decisions, ...a.adrs]) named.add(id);
  for (const a of adrs) {
    named.add(a.id);
    for (const id of a.record_ids) named.add(id);
    for (const rel of a.relations) named.add(rel.target);
    for (const step of a.chain) named.add(step.id);
  }
  for (const p of propagation) for (const step of [{ id: p.id }, ...p.chain]) named.add(step.id);
  const backlog = new Map<string, string>();
  for (const list of [input.backlog.stories, input.backlog.tasks, input.backlog.rules])
    for (const item of list) backlog.set(item.id, item.title);
  const adrTitles = new Map(input.adrs.map((a) => [a.id, a.title]));
  const out: [string, string][] = [];
  for (const id of [...named].sort()) {
    const title = input.state.records.get(id)?.card.outcome ?? adrTitles.get(id) ?? backlog.get(id);
    if (title !== undefined) out.push([id, title]);
  }
  // Own properties whatever the id (`__proto__` too).
  return Object.fromEntries(out);
}
