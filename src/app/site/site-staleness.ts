// Staleness as a site build takes it: computed at HEAD, or as the last build left it when the
// log only grew by new records based on HEAD since (see `stalenessAsBefore`); and the
// correspondence overview drawn from it, patched from the last build's when it can be.
import { profileNote } from "../../adapters/profile.js";
import type { ProjectState, RecordView } from "../../core/project/state.js";
import {
  buildCorrespondenceOverview,
  type CorrespondenceInput,
  type CorrespondenceOverview,
  overviewWithNewRecords,
  patchedOverview,
} from "../../core/reports/correspondence.js";
import type { ComputedState, StaleFinding } from "../../core/staleness/types.js";
import type { AppContext } from "../dependencies.js";
import {
  overviewAsBefore,
  type SiteBasis,
  type SiteSources,
  siteBasis,
  stalenessAsBefore,
} from "./site-basis.js";
import { type DiffJob, diffJobs } from "./site-diffs.js";

/** What the site takes of staleness, and what it draws from it. */
export type Parts = {
  /** the new records when staleness was kept (`StalenessAsBefore.added`) */
  added?: RecordView[];
  findings: Map<string, StaleFinding>;
  states: ReadonlyMap<string, ComputedState>;
  notices: readonly string[];
  diffRecords: Set<string>;
  jobs: DiffJob[];
  basis: SiteBasis;
  report: CorrespondenceOverview;
};

/**
 * Staleness as the last build (`before`) left it, with the new records' fresh findings, and its
 * overview patched (`stalenessAsBefore`, `overviewAsBefore`); undefined when either cannot be.
 */
export async function keptStaleness(
  ctx: AppContext,
  before: SiteBasis,
  sources: Omit<SiteSources, "notices">,
  key: string,
  state: ProjectState,
  overviewInput: Omit<CorrespondenceInput, "staleness">,
): Promise<Parts | undefined> {
  const notices = before.notices ?? [];
  // The same stale records show diffs: the new records are fresh.
  const diffRecords = new Set(before.diffs);
  const basis = siteBasis(ctx, { ...sources, notices }, key, state.event_count, diffRecords);
  const kept = await stalenessAsBefore(ctx, before, basis, sources.head, state, sources.adrs);
  if (!kept) return undefined;
  const carried = await overviewAsBefore(ctx, before, basis, state, kept.states, sources.adrs);
  const report =
    carried &&
    patchedOverview(carried.overview, overviewInput, carried.added, (id) => kept.states.get(id));
  if (!report) return undefined;
  profileNote(
    `staleness as the last build left it, with ${kept.findings.size} new fresh record(s); its overview patched`,
  );
  return { ...kept, diffRecords, jobs: [], basis, report };
}

/** Staleness computed at HEAD (`staleness`), and the overview drawn from it. */
export async function computedParts(
  ctx: AppContext,
  before: unknown,
  sources: Omit<SiteSources, "notices">,
  key: string,
  state: ProjectState,
  overviewInput: CorrespondenceInput,
): Promise<Parts> {
  const { staleness } = overviewInput;
  const findings = new Map(staleness.findings.map((f) => [f.record_id, f]));
  const states = new Map(staleness.findings.map((f) => [f.record_id, f.state]));
  const jobs = diffJobs(state, staleness.findings);
  const diffRecords = new Set(jobs.map((j) => j.record));
  const basis = siteBasis(
    ctx,
    { ...sources, head: staleness.head, notices: staleness.notices },
    key,
    state.event_count,
    diffRecords,
  );
  const carried = await overviewAsBefore(ctx, before, basis, state, states, sources.adrs);
  if (carried)
    profileNote(`the last build's overview patched with ${carried.added.length} new record(s)`);
  const report = carried
    ? overviewWithNewRecords(carried.overview, overviewInput, carried.added)
    : buildCorrespondenceOverview(overviewInput);
  return { findings, states, notices: staleness.notices, diffRecords, jobs, basis, report };
}
