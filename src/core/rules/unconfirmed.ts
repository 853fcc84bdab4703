import type { StoryView } from "../project/backlog-types.js";

/**
 * How a definition-of-ready item says the user has not confirmed a requirement: "not confirmed",
 * "unconfirmed", and the same in Portuguese, Spanish, Italian and French.
 */
const UNCONFIRMED =
  /\b(?:not|un)[\s-]?confirmed\b|\bn[ãa]o\s+confirmad|\bno\s+confirmad|\bnon\s+confermat|\bnon\s+confirm/iu;

/** The id of the event that last set the story's definition of ready (its creation or an amendment). */
function lastReadyChange(story: StoryView): string {
  const amended = story.amendments.filter((a) => a.changes.definition_of_ready !== undefined);
  return amended.at(-1)?.event_id ?? story.id;
}

/**
 * The definition-of-ready items that still say the user has not confirmed a requirement: none
 * once a user decision that reaches the task was taken after the definition of ready was last
 * written (the decision settles it, and wins over the story's text).
 */
export function unconfirmedItems(story: StoryView, decisions: readonly { id: string }[]): string[] {
  const items = story.definition_of_ready.filter((item) => UNCONFIRMED.test(item));
  if (items.length === 0) return [];
  const since = lastReadyChange(story);
  return decisions.some((d) => d.id > since) ? [] : items;
}
