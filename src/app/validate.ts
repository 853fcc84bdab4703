import type { AdriftEvent } from "../core/events/envelope.js";
import type { Problem } from "../core/events/parse.js";
import { duplicateNumbers } from "./adr/files.js";
import type { AppContext } from "./context.js";
import { loadProject } from "./load.js";
import { checkHistory } from "./validate-history.js";

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
 * Checks every line of the log: parses, matches its schema, unique ids, references resolve;
 * with `against`, also that the log is append-only since that revision (see validate-history).
 */
export async function validateLog(
  ctx: AppContext,
  options: { against?: string } = {},
): Promise<ValidationReport> {
  const { state, log } = await loadProject(ctx, { allowFutureEvents: true, checkEveryLine: true });
  const problems: Problem[] = [...log.problems];
  const notices: string[] = [];
  if (options.against) {
    const history = await checkHistory(ctx, options.against, questionAuthors(log.events));
    problems.push(...history.problems);
    notices.push(...history.notices);
  }
  for (const dangling of state.dangling) {
    const at = log.positions.get(dangling.event_id) ?? { file: "?", line: 0 };
    problems.push({
      ...at,
      severity: "error",
      code: "unknown_reference",
      message: `${dangling.field} names ${dangling.ref}, which no event in the log created`,
    });
  }
  for (const question of state.questions.values())
    for (const ignored of question.ignored_answers)
      problems.push({
        ...(log.positions.get(ignored) ?? { file: "?", line: 0 }),
        severity: "warning",
        code: "duplicate_answer",
        message: `question ${question.id} was answered again; the first answer (${question.answer?.event_id}) counts`,
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
  problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  const errors = problems.filter((p) => p.severity === "error").length;
  return {
    ok: errors === 0,
    files: log.files.length,
    events: log.events.length + log.unknown.length,
    errors,
    warnings: problems.length - errors,
    problems,
    ...(options.against ? { notices } : {}),
  };
}

/** question id -> email of the author of the session it was declared in. */
function questionAuthors(events: readonly AdriftEvent[]): (id: string) => string | undefined {
  const sessions = new Map<string, string>();
  const questions = new Map<string, string>();
  for (const e of events) {
    if (e.type === "session_started") sessions.set(e.id, e.data.author.email);
    if (e.type === "open_question_declared") questions.set(e.id, e.session_id);
  }
  return (id) => sessions.get(questions.get(id) ?? "");
}
