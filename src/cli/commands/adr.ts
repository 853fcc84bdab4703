import { existsSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { AdriftError } from "../../core/errors.js";
import { quotePath, safeText } from "../../core/render/terminal.js";
import { action, collect, common, repository, runDir } from "../common.js";
import { cliIo, emit, note, paint } from "../io.js";
import { registerAdrDraft } from "./adr-draft.js";
import { registerAdrMaintenance } from "./adr-maintain.js";

/** A draft path is relative to where the command runs (or -C); an id is passed as it is. */
function draftRef(ref: string, options: { cwd?: string }): string {
  const resolved = path.resolve(runDir(options), ref);
  return /\.md$/i.test(ref) && existsSync(resolved) ? resolved : ref;
}

/** `adrift adr draft|accept|reject|sync|renumber|list|import`. */
export function registerAdr(program: Command): void {
  const adr = program
    .command("adr")
    .description(
      "ADR drafts clustered from records, acceptance in review, import of existing ADRs",
    );

  registerAdrDraft(adr);

  common(adr.command("accept").argument("<draft>", "draft path or draft id"), { records: true })
    .description("accept a draft: next free number, docs/adr/NNNN-<slug>.md, adr_accepted recorded")
    .option("--number <n>", "take this number (it must be free)")
    .option(
      "--supersedes <adr>",
      "an ADR this one supersedes (ADR-0003, 3 or its path); repeatable",
      collect,
    )
    .addHelpText(
      "after",
      "\nExamples:\n  adrift adr accept docs/adr/drafts/cache-sessions.md\n  adrift adr accept 01JQ3Z --supersedes ADR-0003",
    )
    .action(
      action(async (draft: string, options) => {
        const number = options.number === undefined ? undefined : Number(options.number);
        if (number !== undefined && (!Number.isInteger(number) || number < 1))
          throw new AdriftError(
            "usage",
            `--number expects a positive integer, got "${options.number}"`,
          );
        const result = await (await repository(options)).acceptAdr(draftRef(draft, options), {
          number,
          supersedes: options.supersedes,
        });
        for (const warning of result.warnings)
          note(paint("yellow", `warning: ${safeText(warning.message)}`, cliIo().stderr));
        emit(
          options,
          result,
          () =>
            `${paint("green", "accepted")} ${result.ref} ${quotePath(result.path)} (draft ${quotePath(result.draft)} removed)`,
        );
        return 0;
      }),
    );

  common(adr.command("reject").argument("<draft>", "draft path or draft id"), { records: true })
    .description("reject a draft with a reason (adr_rejected recorded, draft removed)")
    .requiredOption("--reason <text>", "why the draft is rejected")
    .addHelpText(
      "after",
      '\nExample:\n  adrift adr reject docs/adr/drafts/cache-sessions.md --reason "covered by ADR-0004"',
    )
    .action(
      action(async (draft: string, options) => {
        const result = await (await repository(options)).rejectAdr(
          draftRef(draft, options),
          options.reason,
        );
        emit(options, result, () => `${paint("yellow", "rejected")} ${quotePath(result.draft)}`);
        return 0;
      }),
    );

  registerAdrMaintenance(adr);
}
