import { readLocalState } from "../../adapters/local-state.js";
import { profileNote, startSpan, timed } from "../../adapters/profile.js";
import {
  readStaleCache,
  readStaleCacheSlice,
  readStaleFindings,
  readStaleReport,
  reportBasisOf,
  type StaleCache,
} from "../../adapters/stale-cache.js";
import type { Problem } from "../../core/events/parse.js";
import type { ProjectState } from "../../core/project/state.js";
import { futureEventsError } from "../../core/project/unreadable-lines.js";
import type { NoAdvance } from "../../core/staleness/advance.js";
import { type CommitInfo, NO_FILE } from "../../core/staleness/history.js";
import type { AssessedRecord } from "../../core/staleness/record-contents.js";
import { withStandingMarks } from "../../core/staleness/standing-marks.js";
import type { StaleFinding, StalenessReport } from "../../core/staleness/types.js";
import type { AppContext } from "../dependencies.js";
import type { Advanced, FingerprintSource, HistoryDetails, PreparedHistory } from "./engine.js";
import {
  fromLog,
  type Inputs,
  inputsOf,
  readLogBytes,
  refuseFutureEvents,
  scanRevisions,
  withLogProblems,
} from "./lean-log.js";
import { withoutOwnFilesContext } from "./own-files.js";
import {
  cacheKey,
  previousReport,
  problemsOfLog,
  saveCache,
  withoutFingerprints,
} from "./report-cache.js";
import {
  fingerprintsAfterCommit,
  mergeStaged,
  stagedCommit,
  stagedFindings,
  stagedPaths,
  stagedQuestions,
  stagedRecordIds,
} from "./staged.js";
import { settleDeferredRefresh, unrecorded } from "./stale-marking.js";

/**
 * Options of a staleness computation. `staged` adds the staged change as one more commit;
 * `history: false` (the pre-commit hook) reads history only when HEAD's report is not already
 * known: the findings are then those of the staged change alone.
 */
export type StaleOptions = {
  staged?: boolean;
  history?: boolean;
  /**
   * The log already being folded by the caller (reports fold it with validation anyway): when it
   * gives one, staleness takes its records from that fold instead of reading the log again.
   */
  folded?: () => Promise<ProjectState> | undefined;
  /**
   * A caller that only shows the report (the site): when the stored report was carried over no
   * new commit and no record had to be judged from history (the log only gained records based
   * on HEAD, or changed words), the cache and the stored report are left as they were. Writing
   * them costs what the log holds (10 MB on 10,000 records) for one new finding; the next
   * command that computes staleness carries them forward as cheaply, and writes them.
   */
  leaveCarried?: boolean;
};

/**
 * The staleness of every record at HEAD (plus the staged change with `staged`). Reuses the
 * cache under the git dir when neither the log files nor HEAD changed; when HEAD moved on by a
 * few commits since the cached report, carries that report forward (only the records the new
 * commits touched are judged again) when that gives exactly what reading history whole would.
 * Lines it could not read are left out and listed (`log_problems`); a line from a newer adrift
 * stops it (`unsupported_schema_version`): folding without it could mislead.
 */
export async function computeStaleness(
  ctx: AppContext,
  options: StaleOptions = {},
): Promise<StalenessReport> {
  const own = withoutOwnFilesContext(ctx);
  await settleDeferredRefresh(own);
  return staleness(own, options, await cacheKey(own));
}

/**
 * `computeStaleness` of the log whose key (`cacheKey`) the caller already took. A record marked
 * stale in the log is reported stale whatever it computes to now (`withStandingMarks`); the
 * cache keeps what was computed.
 */
export async function staleness(
  ctx: AppContext,
  options: StaleOptions,
  key: string,
): Promise<StalenessReport> {
  return withStandingMarks(await computedStaleness(ctx, options, key));
}

/** What the records compute to at HEAD (plus the staged change), marks aside. */
async function computedStaleness(
  ctx: AppContext,
  options: StaleOptions,
  key: string,
): Promise<StalenessReport> {
  const gitDir = ctx.git.location.gitDir;
  const head = await ctx.git.resolveRevision("HEAD");
  const hook = options.staged && options.history === false && !ctx.env.ADRIFT_HOOK_FULL;
  if (hook) {
    // The records the staged change can touch, read alone through the cache's index.
    const slice = readStaleCacheSlice(gitDir, stagedPaths(await ctx.git.stagedChanges()));
    if (slice?.key === key && slice.problems) {
      const inputs: Inputs = {
        ...slice,
        problems: slice.problems,
        fingerprints: logFingerprints(ctx),
      };
      refuseFutureEvents(inputs);
      const few = await stagedOnStoredReport(ctx, slice, slice.follows, inputs, head);
      if (few) return few;
    }
  }
  const cached = readStaleCache(gitDir);
  let inputs: Inputs | undefined;
  let report: StalenessReport;
  if (cached && cached.key === key) {
    inputs = {
      ...cached,
      // A caller with its own fold has read the log's problems itself: it pays no extra read.
      problems: cached.problems ?? (options.folded ? undefined : await problemsOfLog(ctx, cached)),
      fingerprints: logFingerprints(ctx),
    };
    refuseFutureEvents(inputs);
  }
  if (inputs && hook) {
    const few = await stagedOnStoredReport(
      ctx,
      cached!,
      reportBasisOf(cached)?.follows,
      inputs,
      head,
    );
    if (few) return few;
  }
  let stored = cached?.key === key ? readStaleReport(gitDir, key, head) : undefined;
  // Fetching history (git fetch --unshallow) can bring basis revisions the report did without.
  if (stored && cached?.missing?.length) {
    const fetched = await ctx.git.commitTimes([...new Set(cached.missing)]);
    if (fetched.size > 0) {
      profileNote("a basis revision the stored report was missing is here now: computed again");
      stored = undefined;
    }
  }
  if (!stored && options.history === false) {
    // The staged change's own findings need the records only, not history.
    if (!inputs) {
      inputs = await timed("read and fold the log", () => fromLog(ctx));
      refuseFutureEvents(inputs);
      // The stored report stays what it was computed from, to be carried forward later.
      const basis = reportBasisOf(cached);
      await saveCache(ctx, {
        key,
        records: withoutFingerprints(inputs.records),
        open_worklines: inputs.open_worklines,
        problems: inputs.problems,
        ...(basis ? { previous: basis } : {}),
      });
    }
    const staged = options.staged
      ? (await stagedChangeFindings(ctx, inputs, reportBasisOf(cached)?.follows)).findings
      : [];
    return withLogProblems({ head: head ?? "", findings: staged, notices: [] }, inputs);
  }
  const previous = stored ? undefined : previousReport(gitDir, cached, head);
  // Reading history is loaded only when history is read: a hook on a stored report never does.
  const engine = stored ? undefined : await import("./engine.js");
  let preparing: Promise<PreparedHistory> | undefined;
  let advancing: Promise<Advanced | NoAdvance> | undefined;
  const advance = (records: readonly AssessedRecord[], fingerprints?: FingerprintSource) =>
    timed("carry the previous report forward", () =>
      engine!.advanceReport(ctx.git, head!, previous!, records, fingerprints),
    );
  if (!cached || cached.key !== key) {
    // Start reading history (git) while the log is parsed and validated — unless the previous
    // report can be carried forward, which needs the records first.
    const folded = options.folded?.();
    // The log's bytes serve reading it here and scanning its revisions for a history read whole.
    const read = folded && previous ? [] : await readLogBytes(ctx);
    const reading = folded
      ? timed("records from the caller's fold", async () => inputsOf(await folded))
      : timed("read and fold the log", () => fromLog(ctx, read));
    if (previous) {
      advancing = reading.then((i) => advance(i.records));
      advancing.catch(() => undefined);
    } else {
      const scanned = startSpan("scan revisions");
      const revisions = scanRevisions(read);
      scanned();
      preparing = timed("read history (git log, parse, index, assess)", () =>
        engine!.prepareHistory(
          ctx.git,
          revisions,
          reading.then((i) => i.records),
          ctx.progress ? { progress: ctx.progress } : {},
        ),
      );
      preparing.catch(() => undefined);
    }
    inputs = await reading;
    refuseFutureEvents(inputs);
  } else if (previous) advancing = advance(inputs!.records, inputs!.fingerprints);
  if (stored) report = stored;
  else {
    const advanced = await advancing;
    const details: HistoryDetails = { follows: new Map() };
    let oldest: string | undefined;
    let carriedAsIs = false;
    if (advanced && !("reason" in advanced)) {
      carriedAsIs = advanced.commits === 0 && advanced.judged === 0;
      report = advanced.report;
      details.follows = advanced.follows;
      // The new commits are one line: the history is as linear as it was.
      details.linear = previous!.linear;
      oldest = previous!.oldest;
    } else {
      if (advanced) profileNote(`history read whole: ${advanced.reason}`);
      const records = inputs!.records;
      preparing ??= engine!.prepareHistory(
        ctx.git,
        records.map((r) => r.basis.revision),
        records,
        ctx.progress ? { progress: ctx.progress } : {},
      );
      report = await timed("history ready + assess records", () =>
        engine!.historyReport(ctx.git, records, inputs!.fingerprints, preparing, details),
      );
      oldest = details.excluded?.length === 1 ? details.excluded[0] : undefined;
    }
    if (report.head && inputs!.records.some((r) => r.basis.anchors?.length)) {
      const { judgeAnchoredFindings } = await import("./anchor-judge.js");
      const findings = await timed("judge anchors", () =>
        judgeAnchoredFindings(
          ctx.git,
          inputs!.records,
          report.findings,
          { head: report.head },
          details.follows,
        ),
      );
      report = { ...report, findings };
    }
    if (options.leaveCarried && carriedAsIs)
      profileNote("the report carried forward is not written: the next computation carries it");
    else await writeComputed(ctx, key, inputs!, report, details, oldest);
  }
  if (!options.staged) return withLogProblems(report, inputs!);
  const follows = reportBasisOf(readStaleCache(gitDir))?.follows;
  const staged = await stagedChangeFindings(ctx, inputs!, follows);
  // Records compared by fingerprints are compared with what the commit will hold.
  const rejudged = await fingerprintsAfterCommit(
    ctx.git,
    report,
    inputs!.records,
    staged.commit,
    inputs!.fingerprints,
  );
  return withLogProblems(mergeStaged(rejudged, staged.findings), inputs!);
}

/** Writes the cache (the records, what carrying the report forward needs) and the report. */
async function writeComputed(
  ctx: AppContext,
  key: string,
  inputs: Inputs,
  report: StalenessReport,
  details: HistoryDetails,
  oldest: string | undefined,
): Promise<void> {
  const written = startSpan("write cache");
  await saveCache(
    ctx,
    {
      key,
      records: withoutFingerprints(inputs.records),
      open_worklines: inputs.open_worklines,
      ...(inputs.problems ? { problems: inputs.problems } : {}),
      head: report.head,
      unrecorded: unrecorded(report).map((f) => f.record_id),
      ...(details.missing?.length ? { missing: [...new Set(details.missing)] } : {}),
      ...(oldest
        ? {
            oldest,
            follows: Object.fromEntries(details.follows),
            linear: details.linear === true,
          }
        : {}),
    },
    { key, head: report.head, report },
  );
  written();
}

/**
 * The pre-commit's report (HEAD's stored report with the staged change added), made from the
 * findings it can change alone: HEAD's unrecorded ones (what the cache lists) and those of the
 * records the staged change touches, each parsed from its own part of the stored report. It
 * marks exactly what the report made whole marks: every other finding is carried through
 * unchanged and is not an unrecorded stale one. Undefined when the stored report cannot be used
 * so (none at this HEAD, a basis revision it missed, a cache that does not list the unrecorded).
 */
async function stagedOnStoredReport(
  ctx: AppContext,
  cached: Pick<StaleCache, "key" | "head" | "unrecorded" | "missing">,
  follows: StaleCache["follows"],
  inputs: Inputs,
  head: string | undefined,
): Promise<StalenessReport | undefined> {
  const gitDir = ctx.git.location.gitDir;
  if (!cached.unrecorded || cached.missing?.length || cached.head !== head) return undefined;
  if (!readStaleFindings(gitDir, cached.key, head, new Set())) return undefined;
  const staged = await stagedChangeFindings(ctx, inputs, follows);
  const ids = new Set([
    ...cached.unrecorded,
    ...staged.findings.map((f) => f.record_id),
    ...stagedRecordIds(inputs.records, staged.commit),
  ]);
  const report = readStaleFindings(gitDir, cached.key, head, ids);
  if (!report) return undefined;
  const rejudged = await fingerprintsAfterCommit(
    ctx.git,
    report,
    inputs.records,
    staged.commit,
    inputs.fingerprints,
  );
  return withLogProblems(mergeStaged(rejudged, staged.findings), inputs);
}

/**
 * What the staged change, taken as one more commit of the active workline, does to the records.
 * `follows`: per record, the paths its finding at HEAD followed renames to.
 */
async function stagedChangeFindings(
  ctx: AppContext,
  inputs: Inputs,
  follows: Readonly<Record<string, readonly string[]>> | undefined,
): Promise<{ findings: StaleFinding[]; commit: CommitInfo }> {
  const active = readLocalState(ctx.git.location.gitDir).active_workline;
  // git exports the author inside hooks; asking git config costs a process.
  const author = ctx.env.GIT_AUTHOR_NAME
    ? { name: ctx.env.GIT_AUTHOR_NAME, email: ctx.env.GIT_AUTHOR_EMAIL }
    : await ctx.git.identity();
  const commit = stagedCommit(
    await ctx.git.stagedChanges(),
    author,
    active && inputs.open_worklines.includes(active) ? active : undefined,
    Math.floor(ctx.clock.now().getTime() / 1000),
  );
  const head = await ctx.git.resolveRevision("HEAD");
  // What the bases other than HEAD held at the staged paths: one request for all of them.
  const pairs = stagedQuestions(inputs.records, commit, head);
  const held = pairs.length > 0 ? await ctx.git.objectIdsAt(pairs) : [];
  const atBasis = new Map(pairs.map(([rev, p], i) => [`${rev}\0${p}`, held[i] ?? NO_FILE]));
  let findings = stagedFindings(inputs.records, commit, {
    ...(head ? { head } : {}),
    atBasis: (revision, path) => atBasis.get(`${revision}\0${path}`),
    ...(follows ? { follows } : {}),
  });
  if (head && findings.some((f) => anchored(inputs.records, f.record_id))) {
    const { judgeAnchoredFindings } = await import("./anchor-judge.js");
    findings = await judgeAnchoredFindings(ctx.git, inputs.records, findings, {
      head,
      staged: commit,
    });
  }
  return { findings, commit };
}

/**
 * The pre-commit fast path: when, by the cache alone, nothing is stale and unrecorded at HEAD
 * and the staged change makes nothing stale (then the full computation can be skipped), the
 * log lines the cache was read without; undefined when the cache cannot tell.
 */
export async function nothingToMark(
  context: AppContext,
): Promise<{ problems: Problem[] } | undefined> {
  const ctx = withoutOwnFilesContext(context);
  await settleDeferredRefresh(ctx);
  const gitDir = ctx.git.location.gitDir;
  const changes = await ctx.git.stagedChanges();
  // The records the staged change can touch, through the cache's index; else every record.
  const cached = readStaleCacheSlice(gitDir, stagedPaths(changes)) ?? readStaleCache(gitDir);
  if (!cached?.problems || cached.unrecorded === undefined || cached.unrecorded.length > 0)
    return undefined;
  const key = await cacheKey(ctx);
  if (cached.key !== key || cached.head !== (await ctx.git.resolveRevision("HEAD")))
    return undefined;
  if (futureEventsError({ problems: cached.problems })) return undefined;
  const active = readLocalState(gitDir).active_workline;
  const commit = stagedCommit(
    changes,
    { name: ctx.env.GIT_AUTHOR_NAME ?? "", email: ctx.env.GIT_AUTHOR_EMAIL },
    active && cached.open_worklines.includes(active) ? active : undefined,
    0,
  );
  // Without looking up what other bases held: a change the content rule might excuse there
  // counts here, and the full computation decides.
  const staged = stagedFindings(cached.records, commit, {
    head: cached.head,
    ...(cached.follows ? { follows: cached.follows } : {}),
  });
  return staged.some((f) => f.state === "stale" && !f.recorded)
    ? undefined
    : { problems: cached.problems };
}

/** The records' fingerprints, read from the log when a judgement needs them (rarely). */
function logFingerprints(ctx: AppContext): FingerprintSource {
  return async () => new Map((await fromLog(ctx)).records.map((r) => [r.id, r.basis.fingerprints]));
}

/** True when record `id` has anchors (its findings are judged by them). */
function anchored(records: readonly AssessedRecord[], id: string): boolean {
  return records.some((r) => r.id === id && !!r.basis.anchors?.length);
}
