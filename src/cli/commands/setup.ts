import type { Command } from "commander";
import { action, common, repository } from "../common.js";
import { emit, paint } from "../io.js";

/** `adrift init`, `adrift session start|show`, `adrift workline …`. */
export function registerSetup(program: Command): void {
  common(program.command("init"), { as: false })
    .description(
      "create .decisions/, the .gitattributes merge rule and an example config (idempotent)",
    )
    .action(
      action(async (options) => {
        const result = await (await repository(options)).init();
        emit(options, result, () =>
          [
            ...result.created.map((f) => `${paint("green", "created")} ${f}`),
            ...result.kept.map((f) => `${paint("dim", "kept")}    ${f}`),
            "next: adrift intent record --help",
          ].join("\n"),
        );
        return 0;
      }),
    );

  const session = program
    .command("session")
    .description("sessions: who recorded what, on which branch");
  common(session.command("start"))
    .description(
      "start an explicit session (otherwise one starts with your first record on a branch)",
    )
    .option("--title <title>", "what this session is about")
    .action(
      action(async (options) => {
        const result = await (await repository(options)).startSession(options.title);
        emit(options, result, () => `${paint("green", "started")} session ${result.id}`);
        return 0;
      }),
    );
  common(
    session.command("show").argument("[id]", "session id (default: this branch's current session)"),
  )
    .description("show a session and its records")
    .action(
      action(async (id: string | undefined, options) => {
        const result = await (await repository(options)).showSession(id);
        emit(options, result, () =>
          [
            `session ${result.session.id}${result.session.title ? ` — ${result.session.title}` : ""}`,
            `  author  ${result.session.author.name} <${result.session.author.email}>`,
            `  branch  ${result.session.branch ?? "?"}`,
            `  started ${result.session.at}`,
            `  records ${result.records.length}`,
          ].join("\n"),
        );
        return 0;
      }),
    );

  const workline = program
    .command("workline")
    .description("worklines: threads of work that records belong to");
  common(workline.command("open").argument("<title>", "what the work is"))
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
  for (const [verb, text] of [
    ["park", "park a workline (default: the active one)"],
    ["activate", "make a workline active again; lists its stale records to re-verify"],
    ["close", "close a workline (default: the active one)"],
  ] as const) {
    common(
      workline
        .command(verb)
        .argument(verb === "activate" ? "<id>" : "[id]", "workline id or unique prefix"),
    )
      .description(text)
      .action(
        action(async (id: string | undefined, options) => {
          const repo = await repository(options);
          const result =
            verb === "park"
              ? await repo.parkWorkline(id)
              : verb === "close"
                ? await repo.closeWorkline(id)
                : await repo.activateWorkline(id!);
          emit(options, result, () =>
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
                (r) => `    ${r.id}  ${r.outcome}  → adrift decision reverify ${r.id.slice(0, 10)}`,
              ),
            ].join("\n"),
          );
          return 0;
        }),
      );
  }
  common(workline.command("list"))
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
                    `${w.active ? "*" : " "} ${paint("dim", w.id)}  ${w.status.padEnd(7)} ${w.title}${w.tag ? ` #${w.tag}` : ""}  (${w.records} records)`,
                )
                .join("\n"),
        );
        return 0;
      }),
    );
}
