import type { Command } from "commander";
import type { ListFilter } from "../../app/log/queries.js";
import { AdriftError } from "../../core/errors.js";
import type { Problem } from "../../core/events/parse.js";
import { quotePath, safeText } from "../../core/render/terminal.js";
import { action, appContext, common, examples, repository } from "../common.js";
import { recordLine } from "../format.js";
import { cliIo, emit, paint, warnUnreadable } from "../io.js";
import { shownDetails } from "../show-format.js";

const STATUSES = ["active", "stale", "superseded", "incomplete", "proposed"];
const TYPES = ["intent", "decision"];

/** `adrift show`, `adrift list`, `adrift validate`. */
export function registerInspect(program: Command): void {
  examples(
    common(program.command("show").argument("<id>", "id, unique id prefix, or key"), { as: false }),
    "adrift show 01JC3QX",
    "adrift show 01JC3QX --json",
  )
    .description(
      "show anything the log holds by id or key: a record, session, workline, rule, epic, story, task, question or event",
    )
    .action(
      action(async (id: string, options) => {
        const unreadable: Problem[] = [];
        const repo = await repository(options, { onUnreadable: (p) => unreadable.push(...p) });
        const result = await repo.show(id);
        // the human view may read more (a story's tasks and rules): only when it is printed
        const human = options.json ? "" : await shownDetails(result, repo);
        emit(options, withLogProblems(result, unreadable), () => human);
        warnUnreadable(unreadable);
        return 0;
      }),
    );

  common(program.command("list"), { as: false })
    .description("list intent cards and decisions")
    .option("--type <type>", `intent | decision`)
    .option("--status <status>", STATUSES.join(" | "))
    .option("--workline <id>", "only records of this workline")
    .option("--tag <tag>", "only records with this tag")
    .addHelpText(
      "after",
      "\nExamples:\n  adrift list --status incomplete\n  adrift list --status proposed    # what agents proposed and waits for a person\n  adrift list --type decision --status stale --json",
    )
    .action(
      action(async (options) => {
        if (options.status && !STATUSES.includes(options.status))
          throw new AdriftError(
            "usage",
            `--status expects one of ${STATUSES.join(", ")}, got "${options.status}"`,
          );
        if (options.type && !TYPES.includes(options.type))
          throw new AdriftError(
            "usage",
            `--type expects one of ${TYPES.join(", ")}, got "${options.type}"`,
          );
        const unreadable: Problem[] = [];
        // The context and the one use case: reading the log loads nothing else.
        const [ctx, { listRecordRows, listRecords }] = await Promise.all([
          appContext(options, { onUnreadable: (p) => unreadable.push(...p) }),
          import("../../app/log/queries.js"),
        ]);
        // Streamed, a record at a time: a million records are never one string, and with
        // --json the rows are made as they are written (never all held beside the state).
        const { later, writeJsonDocument, writeLines } = await import("../json-stream.js");
        if (options.json) {
          let total = 0;
          const rows = counted(await listRecordRows(ctx, options as ListFilter), () => total++);
          await writeJsonDocument(
            cliIo().stdout,
            withLogProblems({ records: rows, total: later(() => total) }, unreadable),
            ["records"],
            cliIo().stdout.isTTY ? 2 : 0,
            // A row is a record as folded from the log's JSON, with its completeness: plain.
            { plainElements: true },
          );
          return 0;
        }
        const rows = await listRecords(ctx, options as ListFilter);
        if (rows.length === 0) cliIo().stdout.write("no records match\n");
        else
          await writeLines(
            cliIo().stdout,
            rows,
            recordLine,
            paint("dim", `${rows.length} record(s)`),
          );
        warnUnreadable(unreadable);
        return 0;
      }),
    );

  examples(
    common(program.command("validate"), { as: false }),
    "adrift validate",
    "adrift validate --json   # exit 2 when a line is invalid",
    "adrift validate --against origin/main --json",
  )
    .description(
      "check every log line: JSON, schema, unique ids, references (file:line for each problem)",
    )
    .option(
      "--against <rev>",
      "also check, since <rev> (CI: the PR base; needs the full history, fetch-depth: 0), that the log only grew and that answers were committed by their authors (docs/security.md)",
    )
    .action(
      action(async (options) => {
        const report = await (await repository(options)).validate({ against: options.against });
        if (options.json) {
          const { writeJsonDocument } = await import("../json-stream.js");
          await writeJsonDocument(
            cliIo().stdout,
            report,
            ["problems"],
            cliIo().stdout.isTTY ? 2 : 0,
          );
          return report.ok ? 0 : 2;
        }
        // A line per notice and problem, written as they come: thousands of problems are
        // never one string.
        const { writeLines } = await import("../json-stream.js");
        await writeLines(
          cliIo().stdout,
          [...(report.notices ?? []), ...report.problems],
          (item) =>
            typeof item === "string"
              ? paint("yellow", `notice: ${safeText(item)}`)
              : `${quotePath(item.file)}:${item.line}: ${paint(item.severity === "error" ? "red" : "yellow", item.severity)} [${item.code}] ${safeText(item.message)}`,
          `${report.ok ? paint("green", "ok") : paint("red", "invalid")}: ${report.events} events in ${report.files} file(s), ${report.errors} error(s), ${report.warnings} warning(s)`,
        );
        return report.ok ? 0 : 2;
      }),
    );
}

/** A JSON document with the log lines its read left out (`log_problems`), when there are any. */
function withLogProblems<T extends object>(data: T, problems: Problem[]): T {
  return problems.length ? { ...data, log_problems: problems } : data;
}

/** The items, calling `each` as each one is taken. */
function* counted<T>(items: Iterable<T>, each: () => void): Generator<T> {
  for (const item of items) {
    each();
    yield item;
  }
}
