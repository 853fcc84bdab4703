import { shellQuote } from "../agents/hook-config.js";
import type { CardFields } from "../events/common.js";
import type { AnchorChange, ChangeCommit, ComputedState, PathChange } from "../staleness/types.js";
import type { Hunk } from "./line-diff.js";

/** What a person may do with a record under review; `skip` and `quit` write nothing. */
export const REVIEW_ACTIONS = [
  "reverify",
  "confirm",
  "supersede",
  "amend",
  "narrow",
  "edit",
  "skip",
] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** The states `review` works through: stale by default, the others on request. */
export const REVIEW_STATES = ["stale", "touched", "moved", "review"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** One changed file of a record's scope since its basis, with the hunks that changed. */
export type FileDiff = {
  path: string;
  change: PathChange["change"];
  new_path?: string;
  /** the hunks, basis → HEAD (of an anchored file: those touching its anchors); absent when `note` says why none are shown */
  hunks?: Hunk[];
  /**
   * hunks that changed the file only outside the record's anchors: left out, unless no hunk is
   * inside (then `hunks` are all outside, shown)
   */
  outside_anchors?: number;
  /** why no hunks are shown: binary, too large, not in this clone */
  note?: string;
};

/** What happened to one anchor (`path#Symbol`) of the record since its basis. */
export type ReviewAnchor = Pick<
  AnchorChange,
  "path" | "symbol" | "change" | "new_path" | "new_symbol"
>;

/** An agent's pending proposal that the record still holds. */
export type PendingProposal = {
  id: string;
  by: string;
  at: string;
  note: string;
  revision: string;
};

/** One available action with the key that takes it and the command that does the same. */
export type ActionOffer = {
  action: ReviewAction;
  key: string;
  label: string;
  /** the shell command that does it (placeholders in angle brackets), absent when there is none */
  command?: string;
};

/** Everything a person needs in front of them to judge one record, and what they can do. */
export type ReviewItem = {
  id: string;
  kind: "intent" | "decision";
  state: ComputedState;
  /** already marked stale in the log */
  recorded: boolean;
  card: CardFields;
  /** why the card is incomplete, in words */
  incomplete: string[];
  scope: string[];
  basis_revision: string;
  commits: ChangeCommit[];
  omitted_commits?: number;
  /** the record's anchors in changed files and what happened to each (anchored records only) */
  anchors?: ReviewAnchor[];
  files: FileDiff[];
  omitted_paths?: number;
  proposals: PendingProposal[];
  /** `proposed` while the card is an agent's that no person has confirmed */
  consent: "proposed" | "confirmed";
  actions: ActionOffer[];
};

/** The adrift command that narrows a record's scope (anchors when this build has them). */
export type NarrowCommand = "anchor" | "amend";

/**
 * The actions offered for a record, each with its key and exact command. `confirm` only when an
 * agent's proposal waits (its card, else a re-verification: one at a time); `edit` has no
 * command of its own (it amends what the editor changed).
 */
export function reviewActions(
  item: Pick<ReviewItem, "id" | "scope" | "proposals" | "consent">,
  narrow: NarrowCommand = "amend",
): ActionOffer[] {
  const id = item.id.slice(0, 10);
  const scope = item.scope.map((entry) => `--path ${shellQuote(entry)}`).join(" ");
  const offers: ActionOffer[] = [
    {
      action: "reverify",
      key: "r",
      label: "re-verify",
      command: `adrift decision reverify ${id} --note '<what you checked>'`,
    },
  ];
  if (item.proposals.length > 0 || item.consent === "proposed")
    offers.push({
      action: "confirm",
      key: "c",
      label: item.consent === "proposed" ? "confirm the card" : "confirm the proposal",
      command: `adrift intent confirm ${id}`,
    });
  offers.push(
    {
      action: "supersede",
      key: "s",
      label: "supersede",
      command: `adrift decision supersede ${id} --by <record id>`,
    },
    {
      action: "amend",
      key: "a",
      label: "amend",
      command: `adrift intent amend ${id} --rationale '<new rationale>' --reason '<why>'`,
    },
    {
      action: "narrow",
      key: "n",
      label: "narrow",
      command:
        narrow === "anchor"
          ? `adrift decision anchor ${id} --path '<file#Symbol>'`
          : `adrift intent amend ${id} --path '<narrower scope>' --reason '<why>'  # now: ${scope}`,
    },
    { action: "edit", key: "e", label: "$EDITOR" },
    { action: "skip", key: "space", label: "skip" },
  );
  return offers;
}
