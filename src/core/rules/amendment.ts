import { AdriftError } from "../errors.js";
import type { QuestionView, StoryView } from "../project/backlog-types.js";
import type { ProjectState } from "../project/state.js";

/**
 * Seed 0214 §8: a draft story is amended freely; past draft only with an answered question;
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
