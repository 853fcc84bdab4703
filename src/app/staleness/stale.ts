import { isUtf8 } from "node:buffer";
import { readFileSync } from "node:fs";
import path from "node:path";
import { setImmediate } from "node:timers/promises";
import { readLocalState, withMarksLock } from "../../adapters/local-state.js";
import {
  type LogFileStamp,
  listLogFiles,
  logDirsOf,
  logFileStamps,
  splitLines,
  stampsOfKey,
} from "../../adapters/log-files.js";
import { profileNote, startSpan, timed } from "../../adapters/profile.js";
import {
  knownReportJson,
  markedReportText,
  readStaleCache,
  readStaleFindings,
  readStaleReport,
  reportBasisOf,
  type StaleCache,
  writeStaleCache,
} from "../../adapters/stale-cache.js";
import type { Basis } from "../../core/events/common.js";
import type { Problem } from "../../core/events/parse.js";
import { isStalenessType, NEEDS_VALIDATION, parseForStaleness } from "../../core/project/lean.js";
import { type LoadedLine, orderLines } from "../../core/project/order.js";
import type { ProjectState } from "../../core/project/state.js";
import { futureEventsError } from "../../core/project/unreadable-lines.js";
import type { NoAdvance, PreviousReport } from "../../core/staleness/advance.js";
import { type CommitInfo, NO_FILE } from "../../core/staleness/history.js";
import type { AssessedRecord } from "../../core/staleness/staleness.js";
import type { StaleFinding, StalenessReport } from "../../core/staleness/types.js";
import type { AppContext } from "../dependencies.js";
import { dropHookGate, writeHookGate } from "../hooks/gate.js";
import { deferRefresh, refreshDeferred, takeDeferredRefresh } from "./deferred-refresh.js";
import type { Advanced, FingerprintSource, HistoryDetails, PreparedHistory } from "./engine.js";
import { carryMarkState, logKeyWithMarks, setAsideMarkIds } from "./marks-set-aside.js";
import { withoutOwnFilesContext } from "./own-files.js";
import {
  fingerprintsAfterCommit,
  mergeStaged,
  STAGED,
  stagedCommit,
  stagedFindings,
  stagedQuestions,
  stagedRecordIds,
} from "./staged.js";

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
};

/** The records staleness looks at: with a basis and a scope, not superseded. */
export function assessedRecords(state: ProjectState): AssessedRecord[] {
  const out: AssessedRecord[] = [];
  for (const r of state.records.values()) {
    if (!r.basis || r.basis.touched_paths.length === 0 || r.status === "superseded") continue;
    const seen = seenOf(r.basis);
    out.push({
      id: r.id,
      kind: r.kind,
      basis: r.basis,
      ...(r.workline_id ? { workline_id: r.workline_id } : {}),
      recorded: r.status === "stale",
      ...(seen ? { seen } : {}),
    });
  }
  return out;
}

/** What the author saw where it differed from the basis revision (`AssessedRecord.seen`). */
function seenOf(basis: Basis): Record<string, string> | undefined {
  if (!basis.uncommitted?.length) return undefined;
  const seen: Record<string, string> = {};
  for (const file of basis.uncommitted) seen[file] = basis.fingerprints?.[file] ?? NO_FILE;
  return seen;
}

/**
 * What staleness reads of the log. `problems` are the lines it could not read (their events left
 * out); undefined when not known (the records came from a caller's fold).
 */
type Inputs = Pick<StaleCache, "records" | "open_worklines"> & {
  fingerprints?: FingerprintSource;
  problems?: Problem[];
};

/** Log lines parsed between two turns of the event loop. */
const YIELD_EVERY = 200;

/**
 * Reads and folds what staleness needs from the log, without the schema validator. A line the
 * lean reader cannot take (broken, from a newer adrift, or written otherwise than adrift writes)
 * goes through the validator — loaded only then — and is used, or left out as a problem.
 */
async function fromLog(
  ctx: AppContext,
  read?: LogBytes,
): Promise<Inputs & { problems: Problem[] }> {
  const root = ctx.git.location.root;
  const lines: LoadedLine[] = [];
  const problems: Problem[] = [];
  let validator: typeof import("../../core/events/parse.js") | undefined;
  const files = read ?? (await readLogBytes(ctx));
  for (const [n, { file, bytes }] of files.entries()) {
    ctx.progress?.("reading the log, files", n + 1, files.length);
    const name = path.relative(root, file);
    const texts = isUtf8(bytes)
      ? bytes.toString("utf8").split("\n")
      : splitLines(bytes, name, problems);
    const unterminated = bytes.length > 0 && bytes[bytes.length - 1] !== 0x0a;
    for (let i = 0; i < texts.length; i++) {
      // Let git's callbacks run now and then: the history read waits on them to start `git log`.
      if (i % YIELD_EVERY === YIELD_EVERY - 1) await setImmediate();
      const text = texts[i];
      if (text === undefined) continue; // not UTF-8: its problem is noted
      let event = parseForStaleness(text);
      // A write cut short leaves its line last, without a newline: checked whatever its type.
      if (event === undefined && unterminated && i === texts.length - 1 && !isJson(text))
        event = NEEDS_VALIDATION;
      if (event === undefined) continue;
      const at = { file: name, line: i + 1 };
      if (event !== NEEDS_VALIDATION) {
        lines.push({ event, text, at });
        continue;
      }
      validator ??= await import("../../core/events/parse.js");
      const parsed = validator.parseEventLine(text.replace(/\r$/, ""), at);
      if (!parsed.ok)
        problems.push(
          validator.tornOrInvalid(parsed.problem, text, unterminated && i === texts.length - 1),
        );
      else if (!parsed.unknown && isStalenessType(parsed.event.type))
        lines.push({ event: parsed.event, text, at });
    }
  }
  // Different lines with one id: git says which the log held first (as every reader does).
  let ordered = orderLines(lines);
  if (ordered.conflicts.length > 0) {
    const { committedOrderFrom } = await import("../log/committed-order.js");
    ordered = orderLines(lines, undefined, await committedOrderFrom(ctx.git)(ordered.conflicts));
  }
  const setAside = await setAsideMarkIds(ctx);
  // Loaded only when the log is read: a hook on a current cache never folds it.
  const { foldEvents } = await import("../../core/project/fold.js");
  return { ...inputsOf(foldEvents(ordered.events, undefined, { setAside })), problems };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The log files' bytes, read once for the revision scan and the fold. */
type LogBytes = { file: string; bytes: Buffer }[];

async function readLogBytes(ctx: AppContext): Promise<LogBytes> {
  const files = await listLogFiles(logDirsOf(ctx.git.location.root, ctx.config.log_dir));
  // Read at once, not in the chunks of an async read: while a caller parses the log on this
  // thread (the reports' index), each chunk waits for a turn of the event loop, and the history
  // read that starts from these bytes started ~150 ms late on a 20 MB log.
  return files.map((file) => ({ file, bytes: readFileSync(file) }));
}

/** What staleness needs of a folded state: the records it assesses and the open worklines. */
function inputsOf(state: ProjectState): Inputs {
  return {
    records: assessedRecords(state),
    open_worklines: [...state.worklines.values()]
      .filter((w) => w.status === "open")
      .map((w) => w.id),
  };
}

function withoutFingerprints(records: AssessedRecord[]): StaleCache["records"] {
  return records.map((r) => {
    const { fingerprints, ...basis } = r.basis;
    return { ...r, basis, ...(fingerprints ? { fingerprinted: true } : {}) };
  });
}

/**
 * The cached report (at this HEAD or an earlier one, for the records as they were then), with
 * what carrying it forward needs; undefined when there is none or it was written without that.
 */
function previousReport(
  gitDir: string,
  cached: StaleCache | undefined,
  head: string | undefined,
): PreviousReport | undefined {
  const basis = reportBasisOf(cached);
  if (!basis || !head) return undefined;
  const report = readStaleReport(gitDir, basis.key, basis.head);
  if (!report) return undefined;
  return {
    head: basis.head,
    records: basis.records,
    findings: new Map(report.findings.map((f) => [f.record_id, f])),
    follows: basis.follows,
    oldest: basis.oldest,
    linear: basis.linear === true,
  };
}

/**
 * SPEC §3 staleness of every record at HEAD (plus the staged change with `staged`). Reuses the
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

/** `computeStaleness` of the log whose key (`cacheKey`) the caller already took. */
async function staleness(
  ctx: AppContext,
  options: StaleOptions,
  key: string,
): Promise<StalenessReport> {
  const gitDir = ctx.git.location.gitDir;
  const cached = readStaleCache(gitDir);
  const head = await ctx.git.resolveRevision("HEAD");
  let inputs: Inputs | undefined;
  let report: StalenessReport;
  if (cached && cached.key === key) {
    inputs = {
      ...cached,
      // A caller with its own fold has read the log's problems itself: it pays no extra read.
      problems: cached.problems ?? (options.folded ? undefined : await problemsOfLog(ctx, cached)),
      fingerprints: async () =>
        new Map((await fromLog(ctx)).records.map((r) => [r.id, r.basis.fingerprints])),
    };
    refuseFutureEvents(inputs);
  }
  if (inputs && options.staged && options.history === false && !ctx.env.ADRIFT_HOOK_FULL) {
    const few = await stagedOnStoredReport(ctx, cached!, inputs, head);
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
    const read = await readLogBytes(ctx);
    const folded = options.folded?.();
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
    if (advanced && !("reason" in advanced)) {
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
    const written = startSpan("write cache");
    await saveCache(
      ctx,
      {
        key,
        records: withoutFingerprints(inputs!.records),
        open_worklines: inputs!.open_worklines,
        ...(inputs!.problems ? { problems: inputs!.problems } : {}),
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
  cached: StaleCache,
  inputs: Inputs,
  head: string | undefined,
): Promise<StalenessReport | undefined> {
  const gitDir = ctx.git.location.gitDir;
  if (!cached.unrecorded || cached.missing?.length || cached.head !== head) return undefined;
  if (!readStaleFindings(gitDir, cached.key, head, new Set())) return undefined;
  const follows = reportBasisOf(cached)?.follows;
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
 * Writes the staleness cache (and the report, when given), and the hook gate derived from it:
 * the old gate goes first, so no hook reads it against a cache that no longer backs it.
 */
async function saveCache(
  ctx: AppContext,
  cache: Parameters<typeof writeStaleCache>[1],
  report?: Parameters<typeof writeStaleCache>[2],
): Promise<void> {
  const gitDir = ctx.git.location.gitDir;
  dropHookGate(gitDir);
  writeStaleCache(gitDir, cache, report);
  await writeHookGate(ctx, cache);
}

/** Stops at a line from a newer adrift, naming its file and line (SPEC §2). */
function refuseFutureEvents(inputs: Inputs): void {
  const refusal = inputs.problems && futureEventsError({ problems: inputs.problems });
  if (refusal) throw refusal;
}

/** The report with the log lines its inputs could not read, when there are any. */
function withLogProblems(report: StalenessReport, inputs: Inputs): StalenessReport {
  return inputs.problems?.length ? { ...report, log_problems: inputs.problems } : report;
}

/**
 * The unreadable lines of the log a cache was derived from, when it does not know them (its
 * records came from a caller's fold): read once with the lean reader, and kept in the cache.
 */
async function problemsOfLog(ctx: AppContext, cached: StaleCache): Promise<Problem[]> {
  const { problems } = await timed("read the log for its problems", () => fromLog(ctx));
  const { version: _version, ...kept } = cached;
  await saveCache(ctx, { ...kept, problems });
  return problems;
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
  const findings = stagedFindings(inputs.records, commit, {
    ...(head ? { head } : {}),
    atBasis: (revision, path) => atBasis.get(`${revision}\0${path}`),
    ...(follows ? { follows } : {}),
  });
  return { findings, commit };
}

/** What the cached records were derived from: the log dir, each log file's contents, the marks set aside. */
function cacheKey(ctx: AppContext): Promise<string> {
  return logKeyWithMarks(ctx);
}

const REVISION_KEY = Buffer.from('"revision":"');

/** The object id at `at` in `bytes` when a quote ends it (40 or 64 hex digits), else undefined. */
function objectIdAt(bytes: Buffer, at: number): string | undefined {
  let end = at;
  while (end < bytes.length && end - at <= 64) {
    const c = bytes[end]!;
    if ((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66)) end++;
    else break;
  }
  const length = end - at;
  return (length === 40 || length === 64) && bytes[end] === 0x22
    ? bytes.toString("latin1", at, end)
    : undefined;
}

/**
 * Basis revisions named anywhere in the log, found in the raw bytes (no decoding, no parsing):
 * enough to start reading history while the log is parsed.
 */
function scanRevisions(read: LogBytes): Set<string> {
  const found = new Set<string>();
  for (const { bytes } of read)
    for (let at = bytes.indexOf(REVISION_KEY); at >= 0; at = bytes.indexOf(REVISION_KEY, at + 1)) {
      const id = objectIdAt(bytes, at + REVISION_KEY.length);
      if (id) found.add(id);
    }
  return found;
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
  const cached = readStaleCache(gitDir);
  if (!cached?.problems || cached.unrecorded === undefined || cached.unrecorded.length > 0)
    return undefined;
  const key = await cacheKey(ctx);
  if (cached.key !== key || cached.head !== (await ctx.git.resolveRevision("HEAD")))
    return undefined;
  if (futureEventsError({ problems: cached.problems })) return undefined;
  const active = readLocalState(gitDir).active_workline;
  const commit = stagedCommit(
    await ctx.git.stagedChanges(),
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

/** What `--record` wrote. */
export type RecordedMarks = { marked: string[]; file?: string };

/** The findings that are stale and not yet marked in the log. */
export function unrecorded(report: StalenessReport): StaleFinding[] {
  return report.findings.filter((f) => f.state === "stale" && !f.recorded);
}

/** Appends `decision_marked_stale` for every newly stale record (idempotent), in one append. */
export async function recordStaleness(
  ctx: AppContext,
  report: StalenessReport,
): Promise<RecordedMarks> {
  const { marked, file } = await markUnrecorded(ctx, report);
  return file ? { marked, file } : { marked };
}

/** What marking wrote, and the records another adrift marked since the report was computed. */
type Marking = RecordedMarks & { meanwhile: string[] };

/**
 * Marks the report's unrecorded stale records. The check and the append happen under the
 * clone's marks lock, against the log as it is then: another adrift (a hook, the watcher, a
 * second `stale --record`) may have marked some of them since the report was computed, and a
 * record is never marked twice.
 */
async function markUnrecorded(
  ctx: AppContext,
  report: StalenessReport,
  readAt?: string,
  deferred = false,
): Promise<Marking> {
  const candidates = unrecorded(report);
  if (candidates.length === 0) return { marked: [], meanwhile: [] };
  return withMarksLock(ctx.git.location.gitDir, async () => {
    // The log as the report read it (`readAt`, its key taken before): no mark written since. A
    // mark grows its file, so another key means another writer came first: read the log again.
    const unchanged = readAt !== undefined && (await cacheKey(ctx)) === readAt;
    const now = unchanged
      ? undefined
      : new Map((await fromLog(ctx)).records.map((r) => [r.id, r.recorded]));
    const fresh = now ? candidates.filter((f) => now.get(f.record_id) === false) : candidates;
    const meanwhile = now
      ? candidates.filter((f) => now.get(f.record_id) === true).map((f) => f.record_id)
      : [];
    if (fresh.length === 0) return { marked: [], meanwhile };
    const { writeEventsToFile } = await import("../recording/writer.js");
    const detected = ctx.clock.now().toISOString();
    // The gate is written again from the cache below (refreshAfterMarks), not extended here.
    const { file, appended } = await writeEventsToFile(
      ctx,
      fresh.map((f) => {
        const staged = f.commits.some((c) => c.hash === STAGED);
        return {
          type: "decision_marked_stale" as const,
          data: {
            decision_id: f.record_id,
            reason: "paths_changed" as const,
            commits: f.commits.filter((c) => c.hash !== STAGED),
            paths: [...new Set(f.paths.map((p) => p.path))],
            detected_at: detected,
            ...(staged ? { staged: true } : {}),
          },
        };
      }),
      { extendGate: false },
    );
    const marked = fresh.map((f) => f.record_id);
    const { root, gitDir } = ctx.git.location;
    const relative = path.relative(root, file);
    const append = { appended, head: report.head };
    // Still under the lock: the next marker finds the cache matching the log it reads, or the
    // note that brings it there (`deferred`: the pre-commit, while git waits).
    if (!(deferred && deferRefresh(gitDir, root, { file: relative, marked, ...append })))
      await refreshAfterMarks(ctx, new Set(marked), relative, append);
    return { marked, file: relative, meanwhile };
  });
}

/** `adrift stale`: the report, and with `record` the marks written. */
export async function runStale(
  context: AppContext,
  options: StaleOptions & { record?: boolean; deferRefresh?: boolean } = {},
) {
  const ctx = withoutOwnFilesContext(context);
  await settleDeferredRefresh(ctx);
  // The log's key before the report reads it: what marking checks the log against.
  const readAt = await cacheKey(ctx);
  const report = await staleness(ctx, options, readAt);
  const { meanwhile, ...recorded }: Marking = options.record
    ? await markUnrecorded(ctx, report, readAt, options.deferRefresh)
    : { marked: [], meanwhile: [] };
  // Marked by this run or by another meanwhile: recorded in the log either way.
  const done = new Set([...recorded.marked, ...meanwhile]);
  const findings =
    done.size === 0
      ? report.findings
      : report.findings.map((f) => (done.has(f.record_id) ? { ...f, recorded: true } : f));
  const result = { ...report, findings };
  return { ...result, ...recorded, unrecorded: unrecorded(result).map((f) => f.record_id) };
}

/**
 * Brings the cache up to date with marks a pre-commit appended and left for the next reader
 * (`deferred-refresh.ts`), when that append is still exactly what the file last received.
 */
async function settleDeferredRefresh(ctx: AppContext): Promise<void> {
  const { gitDir, root } = ctx.git.location;
  if (!refreshDeferred(gitDir)) return;
  await withMarksLock(gitDir, async () => {
    const refresh = takeDeferredRefresh(gitDir, root);
    if (refresh) await refreshAfterMarks(ctx, new Set(refresh.marked), refresh.file, refresh);
  });
}

/**
 * Keeps the cache valid across adrift's own append of marks (otherwise the next commit would
 * re-read the whole log): when the file written is the only one that changed, the cached records
 * and report are updated in place. Any other change leaves the cache to be rebuilt.
 */
async function refreshAfterMarks(
  ctx: AppContext,
  marked: Set<string>,
  file: string,
  append: { appended: number; head: string },
) {
  const gitDir = ctx.git.location.gitDir;
  const cached = readStaleCache(gitDir);
  // The append may have sealed a torn last line there: the next run reads the log again.
  if (!cached || cached.problems?.some((p) => p.file === file)) return;
  const root = ctx.git.location.root;
  const now = await logFileStamps(logDirsOf(root, ctx.config.log_dir), root, gitDir);
  const others = (stamps: LogFileStamp[]) => JSON.stringify(stamps.filter(([f]) => f !== file));
  const before = stampsOfKey(cached.key);
  if (others(before) !== others(now)) return;
  // The marks were made from a report at HEAD: they apply here, and what is set aside stays.
  await carryMarkState(ctx, before, now, { file, ...append, count: marked.size });
  const key = await logKeyWithMarks(ctx, now);
  // The stored report with the marked findings marked, its other findings left as text.
  const report = cached.head
    ? markedReportText(gitDir, cached.key, cached.head, key, marked)
    : undefined;
  const mark = <T extends { id?: string; record_id?: string; recorded: boolean }>(r: T): T =>
    marked.has(r.id ?? r.record_id ?? "") ? { ...r, recorded: true } : r;
  // Everything else the cache holds (what carries the report forward) stays as it was.
  const { version: _version, ...kept } = cached;
  await saveCache(
    ctx,
    {
      ...kept,
      key,
      records: cached.records.map(mark),
      unrecorded: cached.unrecorded?.filter((id) => !marked.has(id)),
    },
    report !== undefined ? { text: report } : undefined,
  );
}

/** `runStale`'s result as compact JSON, reusing the report's serialisation when it is unchanged. */
export function staleResultJson(result: Awaited<ReturnType<typeof runStale>>): string {
  const { head, findings, notices, ...rest } = result;
  const known = knownReportJson({ head, findings, notices });
  if (known === undefined || Object.keys(rest).length === 0) return JSON.stringify(result);
  return `${known.slice(0, -1)},${JSON.stringify(rest).slice(1)}`;
}
