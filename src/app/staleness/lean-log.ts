import { isUtf8 } from "node:buffer";
import { readFileSync } from "node:fs";
import path from "node:path";
import { setImmediate } from "node:timers/promises";
import { listLogFiles, logDirsOf, splitLines } from "../../adapters/log-files.js";
import type { StaleCache } from "../../adapters/stale-cache.js";
import type { Basis } from "../../core/events/common.js";
import type { Problem } from "../../core/events/parse.js";
import { isStalenessType, NEEDS_VALIDATION, parseForStaleness } from "../../core/project/lean.js";
import { type LoadedLine, orderLines } from "../../core/project/order.js";
import type { ProjectState } from "../../core/project/state.js";
import { futureEventsError } from "../../core/project/unreadable-lines.js";
import { NO_FILE } from "../../core/staleness/history.js";
import type { AssessedRecord } from "../../core/staleness/record-contents.js";
import type { StalenessReport } from "../../core/staleness/types.js";
import type { AppContext } from "../dependencies.js";
import type { FingerprintSource } from "./engine.js";
import { setAsideMarkIds } from "./marks-set-aside.js";

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
export type Inputs = Pick<StaleCache, "records" | "open_worklines"> & {
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
export async function fromLog(
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
export type LogBytes = { file: string; bytes: Buffer }[];

export async function readLogBytes(ctx: AppContext): Promise<LogBytes> {
  const files = await listLogFiles(logDirsOf(ctx.git.location.root, ctx.config.log_dir));
  // Read at once, not in the chunks of an async read: while a caller parses the log on this
  // thread (the reports' index), each chunk waits for a turn of the event loop, and the history
  // read that starts from these bytes started ~150 ms late on a 20 MB log.
  return files.map((file) => ({ file, bytes: readFileSync(file) }));
}

/** What staleness needs of a folded state: the records it assesses and the open worklines. */
export function inputsOf(state: ProjectState): Inputs {
  return {
    records: assessedRecords(state),
    open_worklines: [...state.worklines.values()]
      .filter((w) => w.status === "open")
      .map((w) => w.id),
  };
}

/** Stops at a line from a newer adrift, naming its file and line: a newer schema version may
 * change what an event means, and folding without it could mislead. */
export function refuseFutureEvents(inputs: Inputs): void {
  const refusal = inputs.problems && futureEventsError({ problems: inputs.problems });
  if (refusal) throw refusal;
}

/** The report with the log lines its inputs could not read, when there are any. */
export function withLogProblems(report: StalenessReport, inputs: Inputs): StalenessReport {
  return inputs.problems?.length ? { ...report, log_problems: inputs.problems } : report;
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
export function scanRevisions(read: LogBytes): Set<string> {
  const found = new Set<string>();
  for (const { bytes } of read)
    for (let at = bytes.indexOf(REVISION_KEY); at >= 0; at = bytes.indexOf(REVISION_KEY, at + 1)) {
      const id = objectIdAt(bytes, at + REVISION_KEY.length);
      if (id) found.add(id);
    }
  return found;
}
