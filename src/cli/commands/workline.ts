import type { Command } from "commander";
import { safeText } from "../../core/render/terminal.js";
import { runCheckpoint } from "../checkpoint.js";
import { action, common, examples, repository } from "../common.js";
import { oneLine } from "../format.js";
import { emit, paint } from "../io.js";

const VERBS = [
  ["park", "park a workline (default: the active one)", "adrift workline park"],
  [
    "activate",
    "make a workline active again; lists its stale records to re-verify",
    "adrift workline activate 01JC3",
  ],
  [
    "close",
    "close a workline (default: the active one); without a complete intent card, asks for one on a terminal",
    "adrift workline close 01JC3",
  ],
] as const;

/** `adrift workline open|park|activate|close|list`. */
export function registerWorkline(program: Command): void {
  const workline = program
    .command("workline")
    .description("worklines: threads of work that records belong to");
  common(workline.command("open").argument("<title>", "what the work is"), { records: true })
    .description("open a workline and make it the active one in this clone")
    .option("--tag <tag>", "a tag for the workline")
    .addHelpText(
      "after",
      `\nExample:\n  adrift workline open "Session cache for IdP outages" --tag auth`,
    )
    .action(
      action(async (title: string, options) => {
        const result = await (await repository(options)).openWorkline(title, options.tag);
        emit(options, result, () => `${paint("green", "opened")} workline ${result.id} (active)`);
        return 0;
      }),
    );
  for (const [verb, text, example] of VERBS) {
    common(
      workline
        .command(verb)
        .argument(verb === "activate" ? "<id>" : "[id]", "workline id or unique prefix"),
      { records: true },
    )
      .description(text)
      .addHelpText("after", `\nExample:\n  ${example}`)
      .action(
        action(async (id: string | undefined, options) => {
          const repo = await repository(options);
          // Closing a workline nobody recorded a complete card for asks for one first.
          const point = verb === "close" ? await repo.worklineCheckpoint(id) : undefined;
          const checkpoint =
            point && point.status !== "closed"
              ? await runCheckpoint(repo, options, point)
              : undefined;
          const result =
            verb === "park"
              ? await repo.parkWorkline(id)
              : verb === "close"
                ? await repo.closeWorkline(id)
                : await repo.activateWorkline(id!);
          emit(options, { ...result, ...(checkpoint ? { checkpoint } : {}) }, () =>
            [
              `${paint("green", result.status)} workline ${result.id}${result.active ? " (active)" : ""}`,
              ...(result.to_reverify.length
                ? [
                    paint(
                      "yellow",
                      `  ${result.to_reverify.length} stale record(s) to re-verify before trusting them:`,
                    ),
                  ]
                : []),
              ...result.to_reverify.map(
                (r) =>
                  `    ${r.id}  ${oneLine(r.outcome)}  → adrift decision reverify ${r.id.slice(0, 10)}`,
              ),
            ].join("\n"),
          );
          return 0;
        }),
      );
  }
  examples(common(workline.command("list")), "adrift workline list", "adrift workline list --json")
    .description("list worklines")
    .action(
      action(async (options) => {
        const rows = await (await repository(options)).listWorklines();
        emit(options, { worklines: rows }, () =>
          rows.length === 0
            ? "no worklines yet: adrift workline open <title>"
            : rows
                .map(
                  (w) =>
                    `${w.active ? "*" : " "} ${paint("dim", w.id)}  ${w.status.padEnd(7)} ${safeText(w.title)}${w.tag ? ` #${safeText(w.tag)}` : ""}  (${w.records} records)`,
                )
                .join("\n"),
        );
        return 0;
      }),
    );
}
