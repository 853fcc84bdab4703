import { OpenQuestionDeclared, VerdictRecorded } from "../../core/events/payloads.js";
import { defineTool } from "../tool.js";

/** record_verdict → recordVerdict. */
export const recordVerdictTool = defineTool({
  name: "record_verdict",
  title: "Record a QA verdict on a task",
  description:
    "Judge a task in review: approved (done), changes_requested (one correction cycle), or needs_user_decision when the requirement is not confirmed by the user: then give the question (and your suggestion) or the question_id of an open one; the task is parked until the user answers, and no cycle is spent.",
  input: VerdictRecorded.extend({
    question: OpenQuestionDeclared.shape.question.optional(),
    suggestion: OpenQuestionDeclared.shape.suggestion,
  }).strict(),
  writes: true,
  run: async (repo, { task_id, verdict, ...input }) => {
    const result = await repo.recordVerdict(task_id, verdict, input);
    const waiting = result.question_id ? `; waiting for the user on ${result.question_id}` : "";
    return {
      data: result,
      text: `recorded ${verdict} on task ${result.task_id}: ${result.from} → ${result.to}${waiting}`,
    };
  },
});
