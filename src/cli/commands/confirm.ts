import type { Command } from "commander";
import { safeText } from "../../core/render/terminal.js";
import { action, common, examples, repository } from "../common.js";
import { incompletenessLines } from "../format.js";
import { emit, paint } from "../io.js";

/** The card fields a confirmation may change, by flag (the flags of `intent record`). */
const FIELDS = [
  ["outcome", "outcome", "what must become true"],
  ["trigger", "trigger", "the pain: why now"],
  ["chosen", "chosen_approach", "short label of the chosen approach"],
  ["rationale", "selection_rationale", "why this approach and not the considered ones"],
  ["constraints", "constraints", "constraints the approach must respect"],
  ["validation", "validation_plan", "how we will know it worked"],
] as const;

/** `adrift intent confirm <id> [--<field> value]`: a person's consent to an agent's proposal. */
export function registerConfirm(intent: Command): void {
  const command = common(
    intent.command("confirm").argument("<id>", "the proposed card or decision: id, unique prefix"),
    { records: true },
  );
  for (const [flag, , text] of FIELDS) command.option(`--${flag} <text>`, `change it: ${text}`);
  examples(
    command,
    "adrift list --status proposed                 # what agents proposed (cards, re-verifications)",
    "adrift intent confirm 01JC3                   # yes",
    'adrift intent confirm 01JC3 --outcome "Login survives a 2h IdP outage"   # yes, with this outcome',
  )
    .description(
      "confirm, as a person, a card or decision an agent proposed (an event; the history is kept), or else the re-verification an agent proposed; optionally change a field of a proposed card in the same breath",
    )
    .action(
      action(async (id: string, options) => {
        const changes = Object.fromEntries(
          FIELDS.filter(([flag]) => options[flag] !== undefined).map(([flag, field]) => [
            field,
            options[flag] as string,
          ]),
        );
        const result = await (await repository(options)).confirmRecord(id, changes);
        const changed = Object.keys(result.changes);
        emit(options, result, () =>
          [
            `${paint("green", "confirmed")} ${result.target_id} (proposed by ${safeText(result.proposed_by)}; event ${result.id})`,
            ...(changed.length > 0 ? [`  changed: ${changed.join(", ")}`] : []),
            ...(result.reverified
              ? [
                  `  re-verified at ${result.reverified.basis.revision.slice(0, 12)}: ${safeText(result.reverified.note)}`,
                ]
              : []),
            ...incompletenessLines(result.incomplete),
          ].join("\n"),
        );
        return 0;
      }),
    );
}
