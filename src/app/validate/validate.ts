import { readLog } from "../../adapters/log-store.js";
import type { AdriftEvent } from "../../core/events/envelope.js";
import { futureDating, idTimesOf } from "../../core/events/event-time.js";
import type { LinePosition, Problem } from "../../core/events/parse.js";
import { foldAndCheck } from "../../core/project/fold-check.js";
import type { ProjectState } from "../../core/project/state.js";
import { findUnresolvedReferences } from "../../core/rules/references.js";
import { duplicateNumbers } from "../adr/files.js";
import type { AppContext } from "../dependencies.js";
import { committedOrderFrom } from "../log/committed-order.js";
import { type LoadedProject, logDirs } from "../log/load.js";
import { checkHistory } from "./history.js";
import { basisRevisionProblems, recordEventProblems } from "./records.js";

/** The result of `validate`: every problem with file:line; ok when no error. */
export type ValidationReport = {
  ok: boolean;
  files: number;
  events: number;
  errors: number;
  warnings: number;
  problems: Problem[];
  /** what could not be checked, and why */
  notices?: string[];
};

/**
 * Checks every line of the log: parses, matches its schema, unique ids, references resolve,
 * keys and transitions survived merges; with `against`, also that the log is append-only since
 * that revision (see validate-history).
 */
export async function validateLog(
  ctx: AppContext,
  options: { against?: string } = {},
): Promise<ValidationReport> {
  return (await validateProject(ctx, options)).report;
}

/** `validateLog`, also returning the log as read and its folded state (one read for doctor). */
export async function validateProject(
  ctx: AppContext,
  options: { against?: string } = {},
): Promise<LoadedProject & { report: ValidationReport }> {
  const log = await readLog(logDirs(ctx), ctx.git.location.root, {
    committedOrder: committedOrderFrom(ctx.git),
  });
  const { state, findings } = foldAndCheck(log.events);
  const at = (id: string): LinePosition => log.positions.get(id) ?? { file: "?", line: 0 };
  const problems: Problem[] = [...log.problems];
  const notices: string[] = [];
  const idTimes = idTimesOf(log.events.map((e) => e.id));
  problems.push(...futureDatedEvents(log.events, ctx.clock.now().getTime(), idTimes, at));
  if (options.against) {
    const history = await checkHistory(ctx, options.against, state, idTimes);
    problems.push(...history.problems);
    notices.push(...history.notices);
  }
  for (const dangling of state.dangling)
    problems.push({
      ...at(dangling.event_id),
      severity: "error",
      code: "unknown_reference",
      message: `${dangling.field} names ${dangling.ref}, which no event in the log created`,
    });
  for (const ref of findUnresolvedReferences(log.events, state))
    problems.push({ ...at(ref.event_id), severity: "error", code: ref.code, message: ref.message });
  // Merges leave these behind and the append-only log cannot undo them: warnings, not errors.
  for (const { event_id, code, message } of findings)
    problems.push({ ...at(event_id), severity: "warning", code, message });
  problems.push(...duplicateAnswers(state, at));
  problems.push(...recordEventProblems(log.events, at));
  problems.push(...(await basisRevisionProblems(ctx, log.events, at)));
  // Left out by the fold; the log cannot take them back, so warnings (--against makes new ones errors).
  for (const refused of state.refused_changes)
    problems.push({
      ...at(refused.event_id),
      severity: "warning",
      code: "not_by_answerer",
      message: `${refused.reason}; this ${refused.change === "amend" ? "amendment" : "supersession"} is ignored`,
    });
  for (const [number, files] of duplicateNumbers(ctx))
    for (const file of files)
      problems.push({
        file,
        line: 1,
        severity: "error",
        code: "duplicate_adr_number",
        message: `ADR number ${number} is used by ${files.length} files (${files.join(", ")}): run adrift adr renumber`,
      });
  // A line --against fails says it once, as the error.
  const failed = new Set(
    problems.filter((p) => p.severity === "error").map((p) => `${p.code} ${p.file}:${p.line}`),
  );
  const said = problems.filter(
    (p) => p.severity === "error" || !failed.has(`${p.code} ${p.file}:${p.line}`),
  );
  problems.splice(0, problems.length, ...said);
  problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  const errors = problems.filter((p) => p.severity === "error").length;
  const report: ValidationReport = {
    ok: errors === 0,
    files: log.files.length,
    events: log.events.length + log.unknown.length,
    errors,
    warnings: problems.length - errors,
    problems,
    ...(options.against ? { notices } : {}),
  };
  return { state, log, report };
}

/**
 * Events dated after this clock: they outrank every write made until their date (the log is
 * ordered by the time in ids). adrift's own later writes are ordered after them anyway; a
 * warning, since the log cannot take a line back (`--against` makes a new one an error).
 */
function futureDatedEvents(
  events: readonly AdriftEvent[],
  now: number,
  idTimes: readonly number[],
  at: (id: string) => LinePosition,
): Problem[] {
  return events.flatMap((event) => {
    const dated = futureDating(event, now, idTimes);
    return dated
      ? [
          {
            ...at(event.id),
            severity: "warning" as const,
            code: "future_dated",
            message: `event ${event.id} is ${dated}, after this clock (${new Date(now).toISOString()}): it is ordered after every event written until then (adrift orders its own later writes after it)`,
          },
        ]
      : [];
  });
}

function duplicateAnswers(state: ProjectState, at: (id: string) => LinePosition): Problem[] {
  return [...state.questions.values()].flatMap((question) =>
    question.ignored_answers.map(
      (ignored): Problem => ({
        ...at(ignored),
        severity: "warning",
        code: "duplicate_answer",
        message: `question ${question.id} was answered again; the first answer (${question.answer?.event_id}) counts`,
      }),
    ),
  );
}
