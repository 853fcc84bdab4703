import type { Command } from "commander";
import type { AdrSummary } from "../../app/adr/summary.js";
import { quotePath, safeText } from "../../core/render/terminal.js";
import { action, appContext, common, repository, writePath } from "../common.js";
import { oneLine } from "../format.js";
import { cliIo, emit, note, paint } from "../io.js";

const ref = (n?: number) => (n === undefined ? "—      " : `ADR-${String(n).padStart(4, "0")}`);

function adrLine(a: AdrSummary): string {
  const superseded = a.superseded_by.length
    ? paint("dim", `(superseded by ${safeText(a.superseded_by.join(", "))})`)
    : "";
  const status = safeText(a.status).padEnd(10);
  return [
    ref(a.number),
    status,
    safeText(a.date ?? "          "),
    oneLine(a.title, 100),
    superseded,
  ]
    .filter(Boolean)
    .join("  ");
}

/** `adrift adr sync|renumber|list|import`. */
export function registerAdrMaintenance(adr: Command): void {
  common(adr.command("sync"))
    .description("finalise drafts whose front matter a reviewer set to accepted or rejected")
    .addHelpText(
      "after",
      "\nA draft that cannot be finalised (front matter that is not YAML, a taken number) is\nreported and the others are finalised; the exit code is then 2.\n\nExample (CI, after a pull request is merged):\n  adrift adr sync",
    )
    .action(
      action(async (options) => {
        const result = await (await repository(options)).syncAdrs();
        emit(options, result, () =>
          [
            ...result.accepted.map(
              (a) => `${paint("green", "accepted")} ${a.ref} ${quotePath(a.path)}`,
            ),
            ...result.rejected.map((r) => `${paint("yellow", "rejected")} ${quotePath(r.draft)}`),
            ...result.failed.map(
              (f) => `${paint("red", "failed")}   ${quotePath(f.path)}: ${safeText(f.message)}`,
            ),
            `${result.pending.length} draft(s) still proposed${result.failed.length ? `, ${result.failed.length} could not be finalised (fix them and run adrift adr sync again)` : ""}`,
          ].join("\n"),
        );
        // The others were finalised; the run still fails so CI shows the drafts left to fix.
        return result.failed.length ? 2 : 0;
      }),
    );

  common(adr.command("renumber"))
    .description(
      "after a merge, give the later of two ADRs with one number the next free one and fix links",
    )
    .addHelpText(
      "after",
      "\nExample:\n  git merge feature && adrift validate || adrift adr renumber",
    )
    .action(
      action(async (options) => {
        const result = await (await repository(options)).renumberAdrs();
        emit(options, result, () =>
          result.renumbered.length === 0
            ? "no two ADRs share a number"
            : [
                ...result.renumbered.map(
                  (m) =>
                    `${paint("green", "renumbered")} ${quotePath(m.old_path)} -> ${quotePath(m.new_path)} (links fixed in ${m.links_rewritten.length} file(s), mentions in ${m.mentions_rewritten.length})`,
                ),
                ...result.mentions_left.map(
                  (l) =>
                    `${quotePath(l.file)}:${l.line}: ${paint("yellow", "check")} ${l.ref} was written when both ADRs with that number existed; left as it is`,
                ),
              ].join("\n"),
        );
        return 0;
      }),
    );

  common(adr.command("list"), { as: false })
    .description(
      "list accepted and imported ADRs (status, date, relations) and drafts awaiting review",
    )
    .addHelpText("after", "\nExample:\n  adrift adr list --json")
    .action(
      action(async (options) => {
        const repo = await repository(options);
        const adrs = await repo.listAdrs();
        const drafts = await repo.listAdrDrafts();
        emit(options, { adrs, total: adrs.length, drafts }, () =>
          [
            ...adrs.map(adrLine),
            ...drafts.map(
              (d) =>
                `draft     ${safeText(d.status).padEnd(10)}  ${quotePath(d.path)}  ${oneLine(d.title, 100)}`,
            ),
            adrs.length + drafts.length === 0
              ? "no ADRs yet (adrift adr draft, then adrift adr accept; or adrift adr import)"
              : "",
          ]
            .filter(Boolean)
            .join("\n"),
        );
        return 0;
      }),
    );

  common(
    adr
      .command("import")
      .argument(
        "[dir]",
        "the ADR folder (default: the usual folders of adr-tools, MADR, log4brains)",
      ),
  )
    .description(
      "import existing ADRs (adr-tools/Nygard, MADR 2-4, log4brains); files are read, never changed",
    )
    .addHelpText(
      "after",
      "\nExamples:\n  adrift adr import\n  adrift adr import doc/architecture/decisions --json",
    )
    .action(
      action(async (dir: string | undefined, options) => {
        // Only the import's modules: an import of hundreds of files is measured against a bare
        // parse of them, and the other use cases' modules cost a tenth of a second to load.
        const ctx = await appContext(options);
        const { importAdrs } = await import("../../app/adr/import.js");
        // the folder is typed from where the command runs; the use case takes it from the root
        const from =
          dir === undefined ? undefined : writePath(dir, options, ctx.git.location.root, "<dir>");
        const result = await importAdrs(ctx, from?.relative);
        if (!options.json) {
          for (const w of result.warnings)
            note(
              paint(
                "yellow",
                `${quotePath(w.file)}:${w.line}: warning: ${safeText(w.message)}`,
                cliIo().stderr,
              ),
            );
          for (const s of result.skipped)
            note(
              paint("dim", `${quotePath(s.path)}: skipped: ${safeText(s.reason)}`, cliIo().stderr),
            );
          for (const n of result.notes) note(paint("dim", `note: ${safeText(n)}`, cliIo().stderr));
        }
        emit(options, result, () =>
          [
            ...result.imported.map(
              (a) =>
                `${paint("green", "imported")} ${ref(a.number)}  ${safeText(a.status).padEnd(10)} ${quotePath(a.path)}`,
            ),
            `${result.imported.length} imported, ${result.unchanged} unchanged, ${result.skipped.length} skipped, ${result.warnings.length} warning(s)${result.dirs.length ? ` from ${result.dirs.map(quotePath).join(", ")}` : ""}`,
          ].join("\n"),
        );
        return 0;
      }),
    );
}
