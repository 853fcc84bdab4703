import * as z from "zod";
import { AgentDraft } from "../../core/adr/agent-draft.js";
import { defineTool } from "../tool.js";

/** adr_draft_clusters → briefAdrDrafts. */
export const adrDraftClusters = defineTool({
  name: "adr_draft_clusters",
  title: "Get the ADR drafts to write",
  description:
    "The clusters of records that need an ADR draft, each with its records (outcome, trigger, chosen approach, rationale, constraints, validation, considered options), its title, language and headings, the options a draft must keep, and `fill`: the fields to write in prose (prefilled with the records' own words). Write them and give them back with adr_draft_write. A person accepts drafts; you never do.",
  input: z
    .object({
      records: z
        .array(z.string().min(1).max(200))
        .max(200)
        .optional()
        .describe("records to draft even when they share nothing with another (ids or prefixes)"),
    })
    .strict(),
  writes: false,
  run: async (repo, args) => {
    const brief = await repo.briefAdrDrafts({ records: args.records });
    return {
      data: brief,
      text: [
        ...brief.clusters.map(
          (c) =>
            `${c.cluster}  ${JSON.stringify(c.title)}  (${c.language}, ${c.records.length} records)`,
        ),
        `${brief.clusters.length} cluster(s) to draft; ${brief.waiting.length} record(s) wait for a cluster`,
      ].join("\n"),
    };
  },
});

/** adr_draft_write → draftAdrFromAgent. */
export const adrDraftWrite = defineTool({
  name: "adr_draft_write",
  title: "Write an ADR draft's prose",
  description:
    "Write the MADR 4 draft of one cluster from adr_draft_clusters in your prose: cluster, context (sentences stating the problem), drivers, options [{name, pros, cons}] (every option the records name, under its name; none invented), outcome [{option, outcome, why}] for each chosen option, consequences {good, bad, neutral}, confirmation, more. adrift refuses an invented or dropped option, renders the draft with drafted-by: agent, and leaves acceptance to a person.",
  input: AgentDraft,
  writes: true,
  run: async (repo, args) => {
    const { draft } = await repo.draftAdrFromAgent(args);
    return {
      data: { draft },
      text: `${draft.result} ${draft.path} ${JSON.stringify(draft.title)}; a person reviews and accepts it (adrift adr accept ${draft.path})`,
    };
  },
});
