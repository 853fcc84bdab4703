import {
  type AgentDraftInput,
  checkAgentDraft,
  parseAgentDraft,
} from "../../core/adr/agent-draft.js";
import { AdriftError } from "../../core/errors.js";
import {
  contentFromRecords,
  type DraftContent,
  recordOptions,
} from "../../core/render/adr-content.js";
import { adrWords } from "../../core/render/adr-words.js";
import type { AppContext } from "../dependencies.js";
import { type DraftOutcome, recordDrafted, writeDraft } from "./draft.js";
import { type DraftOptions, planDrafts } from "./draft-plan.js";

/** What an agent is asked to do with a cluster. */
const INSTRUCTIONS =
  "Write the draft's prose in the records' language from the records alone: context as two or three sentences stating the problem, " +
  "drivers from the constraints, each option with its pros and cons, each chosen option with why, consequences split good/bad/neutral, " +
  "confirmation from the validation plans. Keep every option the records name, under its name; invent none. " +
  "Give back {cluster, context, drivers, options:[{name, pros, cons}], outcome:[{option, outcome, why}], consequences:{good, bad, neutral}, confirmation, more} " +
  "(adr draft --from-agent <file>, or the adr_draft_write tool). A person accepts the draft; an agent never does.";

/** Each cluster with what its records say and the fields an agent fills in prose (prefilled with the records' own words). */
export async function briefAdrDrafts(ctx: AppContext, options: DraftOptions = {}) {
  const plan = await planDrafts(ctx, options);
  return {
    instructions: INSTRUCTIONS,
    clusters: plan.plans.map((p) => {
      const words = adrWords(p.language);
      return {
        cluster: p.cluster.key,
        draft_id: p.id,
        title: p.title,
        language: p.language,
        headings: words.headings,
        records: p.records.map((r) => ({
          id: r.id,
          kind: r.kind,
          ...r.card,
          considered: r.considered,
          side_effects: r.tier_b?.side_effects ?? [],
          dependencies: r.tier_b?.dependencies ?? [],
          findings: r.findings,
          ...(p.answers.has(r.id) ? { answers: p.answers.get(r.id) } : {}),
        })),
        options: recordOptions(p.records).map((o) => ({ name: o.name, chosen: o.chosen })),
        fill: fillOf(p.cluster.key, contentFromRecords(p.records, p.answers, words)),
      };
    }),
    waiting: plan.waiting,
  };
}

/** Draft content as an agent gives it back (`AgentDraft`): the options without their `chosen` mark. */
function fillOf(cluster: string, content: DraftContent): AgentDraftInput {
  return {
    cluster,
    ...content,
    options: content.options.map(({ name, pros, cons }) => ({ name, pros, cons })),
  };
}

/**
 * Writes the draft of one cluster from an agent's prose, once it keeps to the records (no
 * option invented, none dropped); the draft says `drafted-by: agent`.
 */
export async function draftAdrFromAgent(
  ctx: AppContext,
  input: unknown,
  options: DraftOptions = {},
): Promise<{ draft: DraftOutcome }> {
  const draft = parseAgentDraft(input);
  const plan = await planDrafts(ctx, options);
  const p = plan.plans.find((x) => x.cluster.key === draft.cluster);
  if (!p)
    throw new AdriftError(
      "not_found",
      `no cluster "${draft.cluster}" needs a draft now; see \`adrift adr draft --for-agent --json\` for the clusters`,
      { cluster: draft.cluster },
    );
  const content = checkAgentDraft(draft, p.records);
  const taken = new Set(plan.existing.map((d) => d.file));
  const outcome = await writeDraft(ctx, plan, p, taken, content);
  await recordDrafted(ctx, [outcome]);
  return { draft: outcome };
}
