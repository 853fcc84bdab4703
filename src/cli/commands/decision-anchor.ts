import type { Command } from "commander";
import { quotePath } from "../../core/render/terminal.js";
import { action, collect, common, examples, repository } from "../common.js";
import { emit, paint } from "../io.js";

/** `adrift decision anchor <id> --path 'file#Symbol'`: narrows a record to what it is about. */
export function registerDecisionAnchor(decision: Command): void {
  examples(
    common(decision.command("anchor").argument("<id>", "decision id, unique prefix"), {
      records: true,
    }),
    "adrift decision anchor 01JC3 --path 'src/auth/session.ts#sessionTtl' --path 'package.json#engines.node'",
  )
    .description(
      "narrow a record to the symbols or keys it is about: edits elsewhere in their files leave it touched, not stale (a new event; the record keeps its revision)",
    )
    .requiredOption(
      "--path <file#symbol>",
      "a symbol (src/a.ts#parse, src/a.ts#Store.get) or key path (package.json#engines.node) of a file, as the record's revision has it (repeatable)",
      collect,
    )
    .option("--note <text>", "why it is narrowed")
    .action(
      action(async (id: string, options) => {
        const result = await (await repository(options)).anchorDecision(
          id,
          options.path,
          options.note,
        );
        emit(options, result, () =>
          [
            `${paint("green", "anchored")} ${result.decision_id} to ${(result.basis.anchors ?? []).map((a) => quotePath(`${a.path}#${a.symbol}`)).join(", ")}`,
            ...result.warnings.map((w) => paint("yellow", `  warning: ${w}`)),
            ...(result.still_stale
              ? [
                  `  it is still marked stale: check it, then adrift decision reverify ${result.decision_id.slice(0, 10)}`,
                ]
              : []),
          ].join("\n"),
        );
        return 0;
      }),
    );
}
