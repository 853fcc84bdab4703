import * as z from "zod";
import { AdriftError } from "../errors.js";
import { describeIssues } from "../events/parse.js";
import type { RecordView } from "../project/state.js";
import { type DraftContent, optionKey, recordOptions } from "../render/adr-content.js";

const Prose = z.string().max(20_000, "longer than 20000 characters");
const Lines = z.array(Prose).max(200).default([]);

/** The prose an agent gives back for one cluster (`adr draft --from-agent`, MCP `adr_draft_write`). */
export const AgentDraft = z
  .object({
    /** the cluster key `--for-agent` gave (`workline:01J…`) */
    cluster: z.string().min(1).max(2_000),
    context: z.union([Prose, Lines]).transform((v) => (typeof v === "string" ? [v] : v)),
    drivers: Lines,
    options: z
      .array(z.object({ name: Prose.min(1), pros: Lines, cons: Lines }).strict())
      .min(1, "a draft names its options")
      .max(200),
    outcome: z
      .array(z.object({ option: Prose.min(1), outcome: Prose.default(""), why: Prose }).strict())
      .min(1, "a draft says what was chosen")
      .max(200),
    consequences: z
      .object({ good: Lines, bad: Lines, neutral: Lines })
      .strict()
      .default({ good: [], bad: [], neutral: [] }),
    confirmation: Lines,
    more: Lines,
  })
  .strict();

/** An agent's draft as it was given (before the check against the records). */
export type AgentDraftInput = z.input<typeof AgentDraft>;

/** Parses an agent's draft; `validation_failed` naming what is wrong. */
export function parseAgentDraft(value: unknown): z.infer<typeof AgentDraft> {
  const parsed = AgentDraft.safeParse(value);
  if (!parsed.success)
    throw new AdriftError(
      "validation_failed",
      `the agent's draft: ${describeIssues(parsed.error)}; see \`adrift adr draft --for-agent --json\` for the fields`,
    );
  return parsed.data;
}

/**
 * The agent's prose as draft content, when it keeps to the records: every option it names is
 * one a record chose or rejected (names compared without case and extra spaces), it names
 * every such option, and each chosen one has its outcome. Throws `validation_failed` with the
 * invented and dropped options in `details`.
 */
export function checkAgentDraft(
  draft: z.infer<typeof AgentDraft>,
  records: readonly RecordView[],
): DraftContent {
  const known = recordOptions(records);
  const knownKeys = new Map(known.map((o) => [optionKey(o.name), o]));
  const named = new Set(draft.options.map((o) => optionKey(o.name)));
  const invented = draft.options
    .filter((o) => !knownKeys.has(optionKey(o.name)))
    .map((o) => o.name);
  const chosenKeys = new Set(known.filter((o) => o.chosen).map((o) => optionKey(o.name)));
  const wrongOutcome = draft.outcome
    .filter((c) => !chosenKeys.has(optionKey(c.option)))
    .map((c) => c.option);
  const decided = new Set(draft.outcome.map((c) => optionKey(c.option)));
  const dropped = known
    .filter((o) => !named.has(optionKey(o.name)) || (o.chosen && !decided.has(optionKey(o.name))))
    .map((o) => o.name);
  if (invented.length + wrongOutcome.length + dropped.length > 0)
    throw new AdriftError(
      "validation_failed",
      [
        invented.length ? `options no record has: ${quoteAll(invented)}` : "",
        wrongOutcome.length
          ? `chosen in the outcome but not by a record: ${quoteAll(wrongOutcome)}`
          : "",
        dropped.length ? `the records' options left out: ${quoteAll(dropped)}` : "",
      ]
        .filter(Boolean)
        .join("; ") +
        "; a draft states the records' options as they are (reword their pros and cons, not the options)",
      { invented: [...invented, ...wrongOutcome], dropped },
    );
  // The records' names of the options, whatever case the agent wrote them in.
  const nameOf = (name: string) => knownKeys.get(optionKey(name))!.name;
  return {
    context: draft.context,
    drivers: draft.drivers,
    options: draft.options.map((o) => ({
      name: nameOf(o.name),
      chosen: knownKeys.get(optionKey(o.name))!.chosen,
      pros: o.pros,
      cons: o.cons,
    })),
    outcome: draft.outcome.map((c) => ({
      option: nameOf(c.option),
      outcome: c.outcome,
      why: c.why,
    })),
    consequences: draft.consequences,
    confirmation: draft.confirmation,
    more: draft.more,
  };
}

const quoteAll = (names: readonly string[]) =>
  names.map((n) => JSON.stringify(n.length > 80 ? `${n.slice(0, 80)}…` : n)).join(", ");
