import type { AdriftEvent } from "../events/envelope.js";
import type { ProjectState } from "./state.js";

/** Applies open question events; returns false for other types. */
export function applyQuestionEvent(state: ProjectState, event: AdriftEvent): boolean {
  if (event.type === "open_question_declared") {
    state.artifacts.set(event.id, event.type);
    state.questions.set(event.id, {
      id: event.id,
      question: event.data.question,
      suggestion: event.data.suggestion,
      affects: event.data.affects,
      author: event.data.author,
      session_id: event.session_id,
      actor: event.actor,
      at: event.at,
      status: "open",
      ignored_answers: [],
    });
    return true;
  }
  if (event.type === "open_question_answered") {
    const question = state.questions.get(event.data.question_id);
    if (!question) {
      state.dangling.push({
        event_id: event.id,
        ref: event.data.question_id,
        field: "data.question_id",
      });
      return true;
    }
    // The first answer in log order counts, whatever order the lines arrived in after a merge.
    if (question.answer) {
      question.ignored_answers.push(event.id);
      return true;
    }
    question.status = "answered";
    question.answer = {
      event_id: event.id,
      answer: event.data.answer,
      accepted_suggestion: event.data.accepted_suggestion,
      decision_id: event.data.decision_id,
      answered_by: event.data.answered_by,
      at: event.at,
    };
    return true;
  }
  return false;
}
