import type { ResourceDefinition } from "./resource.js";

/** The active workline's context one-liner, as `adrift context` prints it. */
export const contextResource: ResourceDefinition = {
  uri: "adrift://context",
  name: "context",
  title: "Context of the active workline",
  description:
    "The last intent card of the active workline (outcome and chosen approach), the number of open worklines, and the stale records, in about 80 tokens.",
  mimeType: "text/plain",
  read: async (repo) => (await repo.contextLine()).text,
};

/** The open questions, newest first, as list_open_questions returns them. */
export const openQuestionsResource: ResourceDefinition = {
  uri: "adrift://questions/open",
  name: "open-questions",
  title: "Open questions",
  description:
    "The questions waiting for the user's answer, newest first (at most 50, with the total).",
  mimeType: "application/json",
  read: async (repo) => JSON.stringify(await repo.listQuestions({ status: "open" }), null, 2),
};
