import type { ProjectState } from "../../core/project/state.js";

/** A readiness warning shown by `adr accept`; it never blocks (SPEC §3). */
export type ReadinessWarning = { code: "open_questions"; count: number; message: string };

/**
 * The open questions of the log, once the backlog area folds them into `state.questions`
 * (an artifact map whose entries carry `status`). Until then there are none to count.
 */
export function readinessWarnings(state: ProjectState): ReadinessWarning[] {
  const questions = (state as { questions?: Map<string, { status?: string }> }).questions;
  if (!(questions instanceof Map)) return [];
  let count = 0;
  for (const question of questions.values()) if (question.status === "open") count++;
  if (count === 0) return [];
  return [
    {
      code: "open_questions",
      count,
      message: `${count} question(s) still open — answer with adrift question answer <id> --answer "…" (list them with adrift question list)`,
    },
  ];
}
