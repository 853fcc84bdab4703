/** The rule an agent is told about doubts for the user; it appears once, here, and nowhere else. */
export const QUESTION_RULE =
  "Every doubt for the user becomes declare_open_question, with your suggestion and what it affects, never a question only in text.";

/**
 * What the server tells every agent at initialisation: when to reach for which tool, in as few
 * words as that takes (a client sends them, with tools/list, on every turn).
 */
export const INSTRUCTIONS = [
  "adrift keeps the why of this repository in .decisions/.",
  "Before a non-trivial change, record_intent_card; when the code will depend on what you settle, record_decision with the paths it rests on.",
  "Stale records: review_stale_records, then propose_reverification (the user confirms).",
  QUESTION_RULE,
  "Only the user answers; answers override requirements.",
  "Errors come back with isError and a code: fix the arguments and call again.",
].join("\n");
