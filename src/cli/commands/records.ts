import type { Command } from "commander";
import type { RecordResult } from "../../app/records.js";
import { cardFlags, cardInput, parseConsidered } from "../card-input.js";
import { action, collect, common, repository } from "../common.js";
import { incompletenessLines } from "../format.js";
import { type CommonOptions, emit, paint } from "../io.js";

function printRecorded(options: CommonOptions, what: string, result: RecordResult): number {
  emit(
    options,
    { id: result.id, event: result.event, incomplete: result.incomplete, notes: result.notes },
    () =>
      [
        `${paint("green", "recorded")} ${what} ${result.id}`,
        ...result.notes.warnings.map((w) => paint("yellow", `  warning: ${w}`)),
        ...(result.notes.matched_files !== undefined
          ? [`  scope matches ${result.notes.matched_files} file(s)`]
          : []),
        ...incompletenessLines(result.incomplete),
      ].join("\n"),
  );
  return 0;
}

/** `adrift intent record|amend`. */
export function registerIntent(program: Command): void {
  const intent = program
    .command("intent")
    .description("record and amend intent cards (why this change, what else was considered)");
  common(cardFlags(intent.command("record")))
    .description("record an intent card")
    .addHelpText(
      "after",
      `\nExample:\n  adrift intent record --outcome "Login survives IdP outages" --trigger "Okta down 2h last week" \\\n    --chosen "cache sessions 24h" --rationale "cheapest, no new infra" \\\n    --considered "second IdP :: contract cost" --path src/auth/`,
    )
    .action(
      action(async (options) =>
        printRecorded(
          options,
          "intent card",
          await (await repository(options)).recordIntent(await cardInput(options)),
        ),
      ),
    );
  common(cardFlags(intent.command("amend").argument("<id>", "card or decision id, unique prefix")))
    .description("amend a card with a compensating event (history is kept)")
    .option(
      "--add-considered <option>",
      "add a rejected option instead of replacing the list (repeatable)",
      collect,
    )
    .option("--reason <text>", "why the card changes")
    .addHelpText(
      "after",
      `\nExample:\n  adrift intent amend 01JC --rationale "measured: 3x cheaper" --add-considered "do nothing :: outages continue"`,
    )
    .action(
      action(async (id: string, options) => {
        const input = await cardInput(options);
        const repo = await repository(options);
        const result = await repo.amendRecord(id, {
          ...(Object.fromEntries(
            Object.entries(input).filter(([, v]) => v !== undefined),
          ) as typeof input),
          add_considered: options.addConsidered?.map(parseConsidered),
          reason: options.reason,
        });
        emit(options, result, () =>
          [
            `${paint("green", "amended")} ${result.target_id} (event ${result.id})`,
            ...incompletenessLines(result.incomplete),
          ].join("\n"),
        );
        return 0;
      }),
    );
}

/** `adrift decision record|reverify|supersede|mark-stale`. */
export function registerDecision(program: Command): void {
  const decision = program
    .command("decision")
    .description("record decisions and manage their lifecycle (stale, reverified, superseded)");
  common(cardFlags(decision.command("record")))
    .description("record a decision based on code at a revision")
    .option("--finding <text>", "a condensed finding (repeatable)", collect)
    .option("--revision <rev>", "the revision the decision is based on", "HEAD")
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
  common(decision.command("reverify").argument("<id>", "decision id, unique prefix"))
    .description("re-base a decision after checking it still holds (new revision, same scope)")
    .option("--revision <rev>", "the revision it now holds at", "HEAD")
    .option("--note <text>", "what was checked")
    .action(
      action(async (id: string, options) => {
        const result = await (await repository(options)).reverifyDecision(id, {
          revision: options.revision,
          note: options.note,
        });
        emit(
          options,
          result,
          () =>
            `${paint("green", "reverified")} ${result.decision_id} at ${result.basis.revision.slice(0, 12)} (was ${result.was})`,
        );
        return 0;
      }),
    );
  common(decision.command("supersede").argument("<id>", "the decision that no longer holds"))
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
  common(decision.command("mark-stale").argument("<id>", "decision id, unique prefix"))
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
