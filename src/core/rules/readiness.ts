import { AdriftError } from "../errors.js";
import type { StoryFields } from "../project/backlog-types.js";

/** One thing a story lacks to be ready. */
export type MissingItem = {
  item: "definition_of_done" | "definition_of_ready" | "functional_requirement" | "business_rule";
  message: string;
};

const blank = (items: string[]) => items.every((item) => item.trim().length === 0);

/** Every item a story lacks to be `ready` (docs/backlog.md); empty when it is ready. */
export function missingForReady(story: StoryFields): MissingItem[] {
  const missing: MissingItem[] = [];
  if (blank(story.definition_of_done))
    missing.push({ item: "definition_of_done", message: "no definition of done (--dod)" });
  if (blank(story.definition_of_ready))
    missing.push({ item: "definition_of_ready", message: "no definition of ready (--dor)" });
  if (blank(story.functional_requirements))
    missing.push({
      item: "functional_requirement",
      message: "no functional requirement (--rf)",
    });
  if (story.business_rule_ids.length === 0)
    missing.push({ item: "business_rule", message: "no linked business rule (--rule)" });
  return missing;
}

/** Throws `not_ready` listing every missing item, or returns when the story is ready. */
export function assertReady(story: StoryFields & { id?: string }): void {
  const missing = missingForReady(story);
  if (missing.length === 0) return;
  throw new AdriftError(
    "not_ready",
    `story ${story.id ?? JSON.stringify(story.title)} is not ready: ${missing.map((m) => m.message).join("; ")}; amend it and run adrift story ready`,
    { missing },
  );
}
