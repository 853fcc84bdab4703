import type { Command } from "commander";
import type { RecordResult } from "../../app/recording/records.js";
import { quotePath, safeText } from "../../core/render/terminal.js";
import { uncommittedNote } from "../../core/render/text.js";
import { cardFlags, cardInput, parseConsidered, tierBFlags } from "../card-input.js";
import { action, collect, common, repository } from "../common.js";
import { incompletenessLines } from "../format.js";
import { type CommonOptions, emit, paint } from "../io.js";
import { registerConfirm } from "./confirm.js";

/** The uncommitted-work sentence with the file names quoted for a terminal. */
function quotedNote(files: readonly string[]): string {
  return uncommittedNote(files.map(quotePath));
}

/** What an agent must tell the person about the record it just proposed. */
function proposedNote(id: string): string {
  return `it waits for the person's consent — show them the card and ask for yes or one field to change; they confirm with adrift intent confirm ${id.slice(0, 10)} (or their reply in the chat, with adrift's agent hooks); you cannot confirm it yourself`;
}

/** Prints the answer of a recording command: id, consent, scope notes, incompleteness. */
export function printRecorded(options: CommonOptions, what: string, result: RecordResult): number {
  emit(
    options,
    {
      id: result.id,
      event: result.event,
      incomplete: result.incomplete,
      notes: result.notes,
      consent: result.consent,
      ...(result.consent === "proposed" ? { waits_for: proposedNote(result.id) } : {}),
    },
    () =>
      [
        `${paint("green", "recorded")} ${what} ${result.id}`,
        ...(result.consent === "proposed"
          ? [paint("yellow", `  proposed: ${proposedNote(result.id)}`)]
          : []),
        ...result.notes.warnings.map((w) => paint("yellow", `  warning: ${safeText(w)}`)),
        ...(result.notes.matched_files !== undefined
          ? [`  scope matches ${result.notes.matched_files} file(s)`]
          : []),
        ...(result.notes.uncommitted ? [`  ${quotedNote(result.notes.uncommitted)}`] : []),
        ...(result.notes.suggested_anchors
          ? [
              `  your change touched ${result.notes.suggested_anchors.map(quotePath).join(", ")}: to make only those count, record with --anchor auto, or --path each of them`,
            ]
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
    .description(
      "record, amend and confirm intent cards (why this change, what else was considered)",
    );
  common(tierBFlags(cardFlags(intent.command("record"))), { records: true })
    .option("--workline <id>", "the workline it belongs to (default: the active one)")
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
  common(
    cardFlags(intent.command("amend").argument("<id>", "card or decision id, unique prefix")),
    { records: true },
  )
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
            ...(result.waits_for_consent
              ? [paint("yellow", `  proposed again: ${proposedNote(result.target_id)}`)]
              : []),
            ...incompletenessLines(result.incomplete),
          ].join("\n"),
        );
        return 0;
      }),
    );
  registerConfirm(intent);
}
