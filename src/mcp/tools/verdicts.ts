import { OpenQuestionDeclared, VerdictRecorded } from "../../core/events/payloads.js";
import { defineTool } from "../tool.js";

/** record_verdict → recordVerdict. */
export const recordVerdictTool = defineTool({
  name: "record_verdict",
  title: "Record a QA verdict on a task",
  description:
    "Judge a task in review: approved (done), changes_requested (one correction cycle), or needs_user_decision when the requirement is not confirmed by the user: then give the question (and your suggestion) or the question_id of an open one; the task is parked until the user answers, and no cycle is spent. With QA specialties, give yours; the task moves when all have judged.",
  input: VerdictRecorded.extend({
    question: OpenQuestionDeclared.shape.question.optional(),
    suggestion: OpenQuestionDeclared.shape.suggestion,
  }).strict(),
  writes: true,
  run: async (repo, { task_id, verdict, ...input }) => {
    const result = await repo.recordVerdict(task_id, verdict, input);
    const voice = result.specialty ? ` (${result.specialty})` : "";
    const { consolidated, pending, voices } = result.round;
    const head = result.settled
      ? `the round was already complete (${consolidated}): task ${result.task_id} moved ${result.from} → ${result.to}; your verdict was not recorded`
      : !consolidated
        ? `recorded ${verdict}${voice} on task ${result.task_id}; the round waits for ${pending.join(", ")}`
        : `recorded ${verdict}${voice} on task ${result.task_id}${voices.length > 1 ? `; consolidated ${consolidated}` : ""}: ${result.from} → ${result.to}`;
    const asked = voices.flatMap((v) => (v.question_id ? [v.question_id] : []));
    const waiting =
      result.to === "parked" ? `; waiting for the user on ${asked.join(", ")}, no cycle spent` : "";
    const decisions = result.user_decisions;
    return {
      data: result,
      text: [`${head}${waiting}`, decisions.decisions.length > 0 ? decisions.text.trim() : ""]
        .filter(Boolean)
        .join("\n"),
    };
  },
});
