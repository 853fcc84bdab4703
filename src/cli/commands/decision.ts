import type { Command } from "commander";
import { quotePath } from "../../core/render/terminal.js";
import { uncommittedNote } from "../../core/render/text.js";
import { cardFlags, cardInput, tierBFlags } from "../card-input.js";
import { action, collect, common, examples, repository } from "../common.js";
import { emit, paint } from "../io.js";
import { registerDecisionAnchor } from "./decision-anchor.js";
import { printRecorded } from "./intent.js";

/** `adrift decision record|reverify|supersede|mark-stale`. */
export function registerDecision(program: Command): void {
  const decision = program
    .command("decision")
    .description("record decisions and manage their lifecycle (stale, reverified, superseded)");
  common(tierBFlags(cardFlags(decision.command("record"))), { records: true })
    .option("--workline <id>", "the workline it belongs to (default: the active one)")
    .description("record a decision based on code at a revision")
    .option("--finding <text>", "a condensed finding (repeatable)", collect)
    .option(
      "--revision <rev>",
      "the revision the decision is based on (default: the file's basis.revision, else HEAD)",
    )
    .addHelpText(
      "after",
      `\nExample:\n  adrift decision record --outcome "Use Postgres advisory locks for jobs" --trigger "double-run cron jobs" \\\n    --chosen "pg_try_advisory_lock" --rationale "no new service" --considered "Redis lock :: another service to run" \\\n    --finding "jobs run at most 1/min" --path src/jobs/`,
    )
    .action(
      action(async (options) =>
        printRecorded(
          options,
          "decision",
          await (await repository(options)).recordDecision(await cardInput(options)),
        ),
      ),
    );
  examples(
    common(decision.command("reverify").argument("<id>", "decision id, unique prefix"), {
      records: true,
    }),
    'adrift decision reverify 01JC3 --note "checked after the auth refactor"',
  )
    .description(
      "re-base a decision after checking it still holds (new revision; its files followed where they were renamed); from an agent's shell, a proposal a person confirms (--note required)",
    )
    .option("--revision <rev>", "the revision it now holds at", "HEAD")
    .option("--note <text>", "what was checked")
    .option(
      "--path <scope>",
      "the scope it now holds for, instead of its own: file, directory/ or glob (repeatable)",
      collect,
    )
    .action(
      action(async (id: string, options) => {
        const result = await (await repository(options)).reverifyDecision(id, {
          revision: options.revision,
          note: options.note,
          ...(options.path ? { paths: options.path } : {}),
        });
        emit(options, result, () =>
          [
            result.proposed
              ? `${paint("yellow", "proposed")} re-verification of ${result.decision_id} at ${result.basis.revision.slice(0, 12)} (event ${result.id}): a person confirms it with adrift review or adrift intent confirm ${result.decision_id.slice(0, 10)}`
              : `${paint("green", "reverified")} ${result.decision_id} at ${result.basis.revision.slice(0, 12)} (was ${result.was})`,
            ...result.followed.map((f) => `  scope follows the rename ${f}`),
            ...(result.notes.uncommitted
              ? [`  ${uncommittedNote(result.notes.uncommitted.map(quotePath))}`]
              : []),
            ...result.notes.warnings.map((w) => paint("yellow", `  warning: ${w}`)),
          ].join("\n"),
        );
        return 0;
      }),
    );
  registerDecisionAnchor(decision);
  examples(
    common(decision.command("supersede").argument("<id>", "the decision that no longer holds"), {
      records: true,
    }),
    "adrift decision supersede 01JC3 --by 01JD7",
  )
    .description("mark a decision superseded by another record")
    .requiredOption("--by <id>", "the record that replaces it")
    .action(
      action(async (id: string, options) => {
        const result = await (await repository(options)).supersedeDecision(id, options.by);
        emit(
          options,
          result,
          () => `${paint("green", "superseded")} ${result.decision_id} by ${result.superseded_by}`,
        );
        return 0;
      }),
    );
  examples(
    common(decision.command("mark-stale").argument("<id>", "decision id, unique prefix"), {
      records: true,
    }),
    'adrift decision mark-stale 01JC3 --note "the vendor changed its API"',
  )
    .description("mark a decision stale by hand (reason: manual)")
    .option("--note <text>", "why it no longer holds")
    .action(
      action(async (id: string, options) => {
        const result = await (await repository(options)).markStale(id, options.note);
        emit(options, result, () => `${paint("yellow", "marked stale")} ${result.decision_id}`);
        return 0;
      }),
    );
}
