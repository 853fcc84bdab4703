import * as z from "zod";
import { CardFieldsPatch, Considered, Label, ScopePath, Text, TierB } from "./common.js";

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
