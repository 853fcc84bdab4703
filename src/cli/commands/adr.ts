import { existsSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { AdriftError } from "../../core/errors.js";
import { quotePath, safeText } from "../../core/render/terminal.js";
import { readInputFile } from "../card-input.js";
import { action, collect, common, repository, runDir, writePath } from "../common.js";
import { cliIo, emit, note, paint } from "../io.js";
import { formatBrief, formatDrafts } from "./adr-draft-output.js";
import { registerAdrMaintenance } from "./adr-maintain.js";

const BY = ["auto", "tag", "workline", "paths"];

const DRAFT_HELP = `
A workline's records make one draft titled by the workline (its question), whatever code they
touch. Other records sharing a tag make one draft per code area; the rest group by overlapping
paths (a top-level folder such as src/ ties nothing together). An answer to a question joins
the draft of what the question affects. A record that shares nothing waits (listed, with why)
until it joins a cluster or you ask for it with --record; a cluster in which nothing was
chosen yet waits too. Titles are unique among drafts and ADRs; headings are in the records'
language (English, Russian, Portuguese; adr_language in .decisions/config.json).

An agent can write the prose: --for-agent --json gives each cluster with the fields to fill;
--from-agent <file> takes them back, refuses an option the records do not have or one they
have left out, and writes the draft with drafted-by: agent. A person accepts it.

Examples:
  adrift adr draft
  adrift adr draft --explain
  adrift adr draft --record 01JQ3Z
  adrift adr draft --for-agent --json > clusters.json
  adrift adr draft --from-agent prose.json`;

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

  common(adr.command("draft"))
    .description("cluster intent cards and decisions not yet in an ADR into MADR 4 drafts")
    .option(
      "--by <criterion>",
      `${BY.join(" | ")} (auto: workline, then tag by code area, then overlapping paths)`,
      "auto",
    )
    .option(
      "--record <id>",
      "draft this record even if it shares nothing with another (repeatable)",
      collect,
    )
    .option(
      "--out <dir>",
      "write drafts here instead of the configured drafts_dir (relative to the current directory; inside the repository)",
    )
    .option("--explain", "say why each record landed in its draft, and why the others wait")
    .option(
      "--for-agent",
      "print each cluster with the fields an agent fills in prose (with --json)",
    )
    .option(
      "--from-agent <file>",
      "write the draft of one cluster from an agent's prose (JSON, as --for-agent describes; - for stdin)",
    )
    .addHelpText("after", DRAFT_HELP)
    .action(
      action(async (options) => {
        if (!BY.includes(options.by))
          throw new AdriftError("usage", `--by must be one of ${BY.join(", ")}`);
        const repo = await repository(options);
        // --out is typed from where the command runs; the use case takes it from the root
        const out = options.out ? writePath(options.out, options, repo.root).relative : undefined;
        const asked = { by: options.by, out, records: options.record };
        if (options.forAgent) {
          const brief = await repo.briefAdrDrafts(asked);
          emit(options, brief, () => formatBrief(brief));
          return 0;
        }
        if (options.fromAgent) {
          const submitted = await readInputFile(
            options.fromAgent,
            runDir(options),
            "a JSON object of draft prose",
            "adrift adr draft --help",
          );
          const result = await repo.draftAdrFromAgent(submitted, asked);
          emit(options, result, () =>
            formatDrafts(
              { drafts: [result.draft], waiting: [], unclustered: [], orphaned: [] },
              options,
            ),
          );
          return 0;
        }
        const result = await repo.draftAdrs(asked);
        emit(options, result, () => formatDrafts(result, options));
        return 0;
      }),
    );

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
