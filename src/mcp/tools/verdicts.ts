import { OpenQuestionDeclared, VerdictRecorded } from "../../core/events/payloads.js";
import { defineTool } from "../tool.js";

/** record_verdict → recordVerdict. */
export const recordVerdictTool = defineTool({
  name: "record_verdict",
  title: "Record a QA verdict on a task",
  description:
    "QA's verdict on a task in review: approved, changes_requested (a correction cycle), or needs_user_decision with question + suggestion or question_id (the task parks; no cycle). specialty: your QA role.",
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
    const waiting = result.resumed
      ? "; the user already answered the round's questions: back in review for a new round"
      : result.to === "parked"
        ? `; waiting for the user on ${asked.join(", ")}, no cycle spent`
        : "";
    const decisions = result.user_decisions;
    return {
      data: result,
      text: [`${head}${waiting}`, decisions.decisions.length > 0 ? decisions.text.trim() : ""]
        .filter(Boolean)
        .join("\n"),
    };
  },
});
