/** The rule an agent is told about doubts for the user; it appears once, here, and nowhere else. */
export const QUESTION_RULE =
  "Every doubt you leave for the user becomes declare_open_question, with your suggestion and what it affects; never end a turn with a question only in text.";

/** What the server tells every agent at initialisation. */
export const INSTRUCTIONS = [
  "adrift keeps the why of this repository in an append-only log under .decisions/.",
  "Before a non-trivial change, record_intent_card: the outcome that must become true, the trigger (why now), the chosen approach, why it and not the options you considered (each with why it was rejected).",
  "When you settle something the code will depend on, record_decision with the paths it is based on (basis.touched_paths), so adrift can tell when later commits make it stale.",
  "When decisions are stale, review_stale_records shows each with the diff since its basis; when one still holds, propose_reverification with what you checked: the user confirms it (you never re-verify alone).",
  QUESTION_RULE,
  "Only the user answers questions, with the adrift CLI; read the answers with list_open_questions and get_context, and follow them: they override requirements when they conflict.",
  "When asked for ADRs, adr_draft_clusters gives the clusters to draft; write each one's prose in the records' language and give it back with adr_draft_write, keeping every option the records name. A person accepts drafts.",
  "Domain errors come back as tool results with isError and a stable code: fix the arguments and call again.",
].join("\n");
