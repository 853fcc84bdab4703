import type { Problem } from "../core/events/parse.js";
import { duplicateNumbers } from "./adr/files.js";
import type { AppContext } from "./context.js";
import { loadProject } from "./load.js";

/** The result of `validate`: every problem with file:line; ok when no error. */
export type ValidationReport = {
  ok: boolean;
  files: number;
  events: number;
  errors: number;
  warnings: number;
  problems: Problem[];
};

/** Checks every line of the log: parses, matches its schema, unique ids, references resolve. */
export async function validateLog(ctx: AppContext): Promise<ValidationReport> {
  const { state, log } = await loadProject(ctx, { allowFutureEvents: true, checkEveryLine: true });
  const problems: Problem[] = [...log.problems];
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
  };
}
