import * as z from "zod";
import { CardFieldsPatch, Considered, Label, ScopePath, Text, TierB } from "./common.js";

/** The JSON a person or agent gives for a card or decision: the event payload's field names. */
export const CardFileInput = z
  .object({
    card: CardFieldsPatch.optional(),
    considered: z.array(Considered).optional(),
    trivial: z.boolean().optional(),
    tags: z.array(Label).optional(),
    touched_paths: z.array(ScopePath).optional(),
    basis: z
      .object({ revision: z.string().optional(), touched_paths: z.array(ScopePath) })
      .optional(),
    findings: z.array(Text).optional(),
    tier_b: TierB.optional(),
  })
  .strict();

export type CardFileInput = z.infer<typeof CardFileInput>;
