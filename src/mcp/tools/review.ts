import * as z from "zod";
import { truncate } from "../../core/errors.js";
import { REVIEW_STATES, type ReviewItem } from "../../core/review/review-item.js";
import { defineTool } from "../tool.js";

/** One line of an item for the model: id, state, outcome, changed files, first commit, proposal. */
function itemRow(item: ReviewItem): string {
  const files = item.files.map((f) => (f.new_path ? `${f.path} → ${f.new_path}` : f.path));
  const commit = item.commits[0];
  return [
    item.id,
    item.state,
    JSON.stringify(truncate(item.card.outcome || "(no outcome)", 100)),
    files.length ? `changed: ${files.slice(0, 3).join(", ")}${files.length > 3 ? ", …" : ""}` : "",
    commit ? `first by ${commit.hash.slice(0, 10)} "${truncate(commit.subject, 80)}"` : "",
    item.proposals.length ? "re-verification proposed: waits for a person" : "",
  ]
    .filter(Boolean)
    .join("  ");
}

/** review_stale_records → reviewItems (read-only). */
export const reviewStaleRecords = defineTool({
  name: "review_stale_records",
  title: "Review stale records",
  description:
    "Stale records with their card and the commits and diff since their basis. If a decision still holds, propose_reverification; else tell the user. include adds other states.",
  input: z
    .object({
      include: z.array(z.enum(REVIEW_STATES)).max(4).default([]),
      ids: z.array(z.string().min(1).max(200)).max(200).optional(),
      limit: z.number().int().min(1).max(200).default(20),
    })
    .strict(),
  writes: false,
  run: async (repo, args) => {
    const { head, items, total } = await repo.reviewItems({
      states: ["stale", ...args.include],
      ...(args.ids ? { ids: args.ids } : {}),
      limit: args.limit,
    });
    return {
      data: { head, items, total },
      text: [
        `${total} record(s) to review${total > items.length ? `, the first ${items.length} returned` : ""}`,
        ...items.map(itemRow),
      ].join("\n"),
    };
  },
});

/** propose_reverification → reverifyDecision as the agent: a proposal a person confirms. */
export const proposeReverification = defineTool({
  name: "propose_reverification",
  title: "Propose re-verification",
  description:
    "After reading its diff, propose that a stale record still holds; note: what you checked. The user confirms it; you never re-verify alone.",
  input: z
    .object({
      id: z.string().min(1).max(200),
      note: z
        .string()
        .max(2_000)
        .refine((text) => text.trim().length > 0, "say what was checked"),
    })
    .strict(),
  writes: true,
  run: async (repo, args) => {
    const result = await repo.reverifyDecision(args.id, { note: args.note });
    return {
      data: {
        id: result.id,
        decision_id: result.decision_id,
        proposed: result.proposed,
        basis: result.basis,
      },
      text: `proposed the re-verification of ${result.decision_id} at ${result.basis.revision.slice(0, 12)} (event ${result.id}); it stays ${result.was} until the user confirms: ask them to run \`adrift review\` (key c) or \`adrift intent confirm ${result.decision_id.slice(0, 10)}\``,
    };
  },
});
