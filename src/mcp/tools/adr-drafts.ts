import * as z from "zod";
import { AgentDraft } from "../../core/adr/agent-draft.js";
import { defineTool } from "../tool.js";

/** adr_draft_clusters → briefAdrDrafts. */
export const adrDraftClusters = defineTool({
  name: "adr_draft_clusters",
  title: "Get the ADR drafts to write",
  description:
    "Clusters of records awaiting an ADR draft, with the options a draft must keep and `fill`: the prose fields to write (prefilled). Give them back with adr_draft_write.",
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
    "One cluster's MADR 4 draft in your prose: every option the records name, none invented (else refused). A person accepts it; you never do.",
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
