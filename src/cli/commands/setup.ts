import type { Command } from "commander";
import { quotePath, safeText } from "../../core/render/terminal.js";
import { action, common, examples, repository } from "../common.js";
import { emit, paint } from "../io.js";

/** `adrift init`, `adrift session start|show`. */
export function registerSetup(program: Command): void {
  examples(
    common(program.command("init"), { as: false }),
    "adrift init",
    "adrift init -C ../other-repo --json",
  )
    .description(
      "create .decisions/, the .gitattributes merge rule and an example config (idempotent)",
    )
    .action(
      action(async (options) => {
        const result = await (await repository(options)).init();
        emit(options, result, () =>
          [
            ...result.created.map((f) => `${paint("green", "created")} ${quotePath(f)}`),
            ...result.updated.map((f) => `${paint("green", "updated")} ${quotePath(f)}`),
            ...result.kept.map((f) => `${paint("dim", "kept")}    ${quotePath(f)}`),
            "next: adrift intent record --help",
          ].join("\n"),
        );
        return 0;
      }),
    );

  const session = program
    .command("session")
    .description("sessions: who recorded what, on which branch");
  examples(
    common(session.command("start"), { records: true }),
    'adrift session start --title "Billing rounding fix"',
  )
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
  examples(
    common(
      session
        .command("show")
        .argument("[id]", "session id (default: this branch's current session)"),
    ),
    "adrift session show",
    "adrift session show 01JC3 --json",
  )
    .description("show a session and its records")
    .action(
      action(async (id: string | undefined, options) => {
        const result = await (await repository(options)).showSession(id);
        emit(options, result, () =>
          [
            `session ${result.session.id}${result.session.title ? ` — ${safeText(result.session.title)}` : ""}`,
            `  author  ${safeText(`${result.session.author.name} <${result.session.author.email}>`)}`,
            `  branch  ${safeText(result.session.branch ?? "?")}`,
            `  started ${result.session.at}`,
            `  records ${result.records.length}`,
          ].join("\n"),
        );
        return 0;
      }),
    );
}
