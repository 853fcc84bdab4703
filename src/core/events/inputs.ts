import * as z from "zod";
import { Affects, CardFieldsPatch, Considered, Label, ScopePath, Text, TierB } from "./common.js";
import { OpenQuestionDeclared, StoryCreated } from "./payloads.js";

/**
 * The JSON a person or agent gives for a card or decision: the event payload's field names.
 * Strict at every level: a misspelt field (`outcom`, `rejected_becuase`) is an error naming it,
 * never a field dropped in silence.
 */
export const CardFileInput = z
  .object({
    card: CardFieldsPatch.strict().optional(),
    considered: z.array(Considered.strict()).optional(),
    trivial: z.boolean().optional(),
    tags: z.array(Label).optional(),
    touched_paths: z.array(ScopePath).optional(),
    basis: z
      .object({ revision: z.string().optional(), touched_paths: z.array(ScopePath).optional() })
      .strict()
      .optional(),
    findings: z.array(Text).optional(),
    tier_b: TierB.strict().optional(),
  })
  .strict();

export type CardFileInput = z.infer<typeof CardFileInput>;

/**
 * The names of what the library's `recordIntent` takes: the card fields flat beside the rest
 * (its values are checked where they are used).
 */
export const CardInputFields = CardFieldsPatch.extend({
  considered: z.array(Considered).optional(),
  trivial: z.boolean().optional(),
  tags: z.array(Label).optional(),
  touched_paths: z.array(ScopePath).optional(),
  revision: z.string().optional(),
  anchor: z.enum(["auto"]).optional(),
  tier_b: TierB.optional(),
  workline: z.string().optional(),
});

/** The names of what the library's `recordDecision` takes: a card's, findings, and a user's decision. */
export const DecisionInputFields = CardInputFields.extend({
  findings: z.array(Text).optional(),
  question_id: z.string().optional(),
  affects: Affects.partial().optional(),
});

/** The names of what the library's `amendRecord` takes. */
export const AmendInputFields = CardFieldsPatch.extend({
  considered: z.array(Considered).optional(),
  add_considered: z.array(Considered).optional(),
  tags: z.array(Label).optional(),
  trivial: z.boolean().optional(),
  touched_paths: z.array(ScopePath).optional(),
  reason: z.string().optional(),
});

/** The names of what the library's `amendStory` takes: the story's fields, and the answered question. */
export const StoryChangesFields = StoryCreated.omit({ epic_id: true, key: true }).extend({
  question: z.string().optional(),
});

/** The names of what the library's `askQuestion` takes. */
export const QuestionInputFields = OpenQuestionDeclared.omit({ author: true }).extend({
  affects: Affects.partial().optional(),
});

/** The names of what the library's `answerQuestion` takes. */
export const AnswerInputFields = z.object({
  answer: z.string().optional(),
  accept_suggestion: z.boolean().optional(),
});
