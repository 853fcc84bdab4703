import { AdriftError, truncate } from "../errors.js";
import type { TaskStatus, TaskView, Verdict, VerdictView } from "../project/backlog-types.js";
import { assertTaskTransition, TASK_TRANSITIONS, VERDICT_TRANSITIONS } from "./transitions.js";

/** What a verdict does to a task. */
export type VerdictEffect = {
  from: TaskStatus;
  to: TaskStatus;
  cycle_counted: boolean;
  cycles: number;
};

/**
 * What a verdict does: `approved` finishes the task; `changes_requested` spends a correction cycle and
 * sends it back to work, or blocks it past the limit; `needs_user_decision` parks it for free.
 */
export function verdictEffect(task: TaskView, verdict: Verdict, limit: number): VerdictEffect {
  const counted = verdict === "changes_requested";
  const cycles = task.cycles + (counted ? 1 : 0);
  const to: TaskStatus =
    verdict === "approved"
      ? "done"
      : verdict === "needs_user_decision"
        ? "parked"
        : cycles > limit
          ? "blocked"
          : "in_progress";
  if (task.status !== "in_review")
    throw new AdriftError(
      "invalid_transition",
      `a verdict judges a task in review; task ${task.key ?? task.id} is ${task.status} (move it with adrift task review first)`,
      { id: task.id, from: task.status, to, allowed: TASK_TRANSITIONS[task.status] },
    );
  assertTaskTransition(task.id, task.status, to, VERDICT_TRANSITIONS);
  return { from: task.status, to, cycle_counted: counted, cycles };
}

/** A task's QA round: the voices it waits for, those given, and the result once all are in. */
export type QaRound = {
  /** the specialties a round waits for; empty when the project names none (one voice decides) */
  specialties: string[];
  /** this round's verdicts, in log order */
  voices: VerdictView[];
  /** the specialties that have not given their verdict yet */
  pending: string[];
  /** the QA lead's result, once every voice is in */
  consolidated?: Verdict;
};

/** needs_user_decision beats changes_requested, which beats approved. */
const PRECEDENCE: readonly Verdict[] = ["needs_user_decision", "changes_requested", "approved"];

/**
 * The QA lead's reading of a round's voices: one voice waiting for the user parks the task (a
 * fix made before the user decides may be the wrong fix), any voice asking for changes sends it
 * back to work (one cycle for the round), and only unanimous approval finishes it.
 */
export function consolidateVerdicts(voices: readonly { verdict: Verdict }[]): Verdict | undefined {
  return PRECEDENCE.find((v) => voices.some((voice) => voice.verdict === v));
}

/** The round of `task` (its verdicts since it last went to review) against the project's specialties. */
export function qaRound(task: TaskView, specialties: readonly string[]): QaRound {
  const voices = [...task.round];
  const given = new Set(voices.map((v) => v.specialty));
  const pending = specialties.filter((s) => !given.has(s));
  const complete = specialties.length === 0 ? voices.length > 0 : pending.length === 0;
  return {
    specialties: [...specialties],
    voices,
    pending,
    ...(complete ? { consolidated: consolidateVerdicts(voices) } : {}),
  };
}

/**
 * Checks that `specialty` may speak in the task's round: named when the project has
 * specialties, one of them, and not already heard in this round.
 */
export function assertVoice(
  task: TaskView,
  specialty: string | undefined,
  specialties: readonly string[],
): void {
  const name = task.key ?? task.id;
  if (specialties.length > 0 && specialty === undefined)
    throw new AdriftError(
      "usage",
      `this project's QA gives one verdict per specialty (${specialties.join(", ")}): say whose verdict this is with --specialty`,
      { specialties },
    );
  if (specialty === undefined) return;
  if (specialties.length > 0 && !specialties.includes(specialty))
    throw new AdriftError(
      "usage",
      `"${truncate(specialty, 40)}" is not one of this project's QA specialties (${specialties.join(", ")}); qa_specialties in .decisions/config.json lists them`,
      { specialty, specialties },
    );
  const earlier = task.round.find((v) => v.specialty === specialty);
  if (earlier)
    throw new AdriftError(
      "conflict",
      `${specialty} already gave its verdict (${earlier.verdict}) on task ${name} in this round; a round hears each specialty once`,
      { id: task.id, specialty, verdict: earlier.verdict, event_id: earlier.event_id },
    );
}
