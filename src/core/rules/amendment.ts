import { AdriftError } from "../errors.js";
import type { Actor, Person } from "../events/common.js";
import type { QuestionView, StoryView } from "../project/backlog-types.js";
import type { ProjectState, RecordChange, RecordView } from "../project/state.js";

/** Re-exported for the callers that check a change (records.ts, validate). */
export type { RecordChange };

/** The parts of a record that say who owns it. */
type Owned = Pick<RecordView, "id" | "kind" | "question_id" | "actor">;

/**
 * The person who alone may change `record`: for a decision recorded as a person's answer to an
 * open question (it names the question, and a human wrote it — adrift writes it with the answer,
 * as the person answering), that person; undefined for every other record, which anyone may
 * change. Read from the record alone, so the fold applies it in any order of the log.
 */
export function recordOwner(record: Owned): Person | undefined {
  if (record.kind !== "decision" || record.question_id === undefined) return undefined;
  const actor = record.actor as Partial<Actor> | undefined;
  if (actor?.kind !== "human" || !actor.email) return undefined;
  return { name: actor.name ?? actor.email, email: actor.email };
}

const sameEmail = (a: string | undefined, b: string) =>
  a !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Why `by` may not amend or supersede `record`, or undefined when it may. A user's decision
 * (see `recordOwner`) is changed only by its owner, as a human: never by an agent (whoever it
 * works for), never by another person — they ask the owner, or record a decision of their own.
 */
export function changeRefusal(
  record: Owned,
  by: Partial<Actor> | undefined,
  change: RecordChange,
): string | undefined {
  const owner = recordOwner(record);
  if (!owner) return undefined;
  const verb = change === "amend" ? "amend" : "supersede";
  const whose = `decision ${record.id} is ${owner.email}'s answer to question ${record.question_id}`;
  if (by?.kind !== "human")
    return `${whose}: ${by?.kind === "agent" ? `an agent (${by.name ?? "unnamed"})` : `a ${by?.kind ?? "nameless"} actor`} cannot ${verb} it; only ${owner.email} can, from their own shell — or record a new decision`;
  if (!sameEmail(by.email, owner.email))
    return `${whose}: only ${owner.email} can ${verb} it, not ${by.email ?? by.name}; ask them, or record a decision of your own`;
  return undefined;
}

/**
 * Throws `only_session_author` when an agent records a decision as a user's — naming a question
 * it answers or what it `affects` (what `context --story` shows as "User decisions"): only a
 * person's answer to an open question makes one.
 */
export function assertMayRecordUserDecision(by: Actor): void {
  if (by.kind === "human") return;
  throw new AdriftError(
    "only_session_author",
    `${by.kind === "agent" ? `an agent (${by.name})` : `a ${by.kind} actor`} cannot record a user's decision (question_id, affects): only a person's answer to an open question makes one; declare an open question instead`,
    { reason: by.kind },
  );
}

/** Throws `only_session_author` when `by` may not make `change` to `record` (see `changeRefusal`). */
export function assertMayChange(record: Owned, by: Actor, change: RecordChange): void {
  const refusal = changeRefusal(record, by, change);
  if (refusal)
    throw new AdriftError("only_session_author", refusal, {
      id: record.id,
      question_id: record.question_id,
      owner: recordOwner(record)?.email,
      change,
    });
}

/**
 * When a story may change: a draft story is amended freely; past draft only with an answered question;
 * never while one of its tasks is in progress or in review, never once done.
 */
export function assertStoryAmendable(
  state: ProjectState,
  story: StoryView,
  question: QuestionView | undefined,
): void {
  if (story.status === "done")
    throw new AdriftError(
      "conflict",
      `story ${story.id} is done and is no longer amended; create a new story`,
      { id: story.id, status: story.status },
    );
  const busy = story.task_ids
    .map((id) => state.tasks.get(id))
    .filter((t) => t && (t.status === "in_progress" || t.status === "in_review"));
  if (busy.length > 0)
    throw new AdriftError(
      "conflict",
      `story ${story.id} cannot be amended while task(s) ${busy.map((t) => `${t!.key ?? t!.id} (${t!.status})`).join(", ")} are being worked on; wait until they leave in_progress/in_review`,
      { id: story.id, tasks: busy.map((t) => t!.id) },
    );
  if (story.status === "draft") return;
  if (!question)
    throw new AdriftError(
      "conflict",
      `story ${story.id} is ${story.status}: amend it only with --question <id> of an answered question (the user's decision that changes it)`,
      { id: story.id, status: story.status },
    );
  if (question.status !== "answered")
    throw new AdriftError(
      "conflict",
      `question ${question.id} is still open; a ${story.status} story is amended only after the question is answered`,
      { id: story.id, question_id: question.id },
    );
}
