import type { ProjectState } from "../../core/project/state.js";

/** A readiness warning shown by `adr accept`; it never blocks (SPEC §3). */
export type ReadinessWarning = { code: "open_questions"; count: number; message: string };

/** "N questions still open — answer with …" when the log has open questions. */
export function readinessWarnings(state: ProjectState): ReadinessWarning[] {
  let count = 0;
  for (const question of state.questions.values()) if (question.status === "open") count++;
  if (count === 0) return [];
  return [
    {
      code: "open_questions",
      count,
      message: `${count} question${count === 1 ? "" : "s"} still open — answer with adrift question answer <id> --answer "…" (list them with adrift question list)`,
    },
  ];
}
