import type { Command } from "commander";
import { action, common, parseAs, runDir } from "../common.js";
import { type CommonOptions, cliIo, emit, note, warnUnreadable } from "../io.js";
import { shownFindings, staleReportText } from "../stale-format.js";

type StaleFlags = CommonOptions & {
  record?: boolean;
  check?: boolean;
  staged?: boolean;
  failOn?: string;
};

/** `adrift stale [--record] [--check] [--fail-on stale,unrecorded] [--staged]`. */
export function registerStale(program: Command): void {
  common(program.command("stale"))
    .description("which records the code has moved on from since their basis (docs/staleness.md)")
    .option("--record", "append decision_marked_stale for newly stale records (idempotent)")
    .option("--check", "exit 1 when a stale record is not yet recorded in the log")
    .option(
      "--fail-on <conditions>",
      "exit 1 when any holds: stale (a record is stale, recorded or not), unrecorded (as --check)",
    )
    .option("--staged", "treat the staged change as one more commit")
    .addHelpText(
      "after",
      "\nExamples:\n  adrift stale                 # what changed under which decision, by which commits\n  adrift stale --record        # write the marks into the log\n  adrift stale --check --json  # for CI: exit 1 when staleness is not recorded\n  adrift stale --fail-on stale # for CI: exit 1 while any record is stale",
    )
    .action(
      action(async (options: StaleFlags) => {
        const { parseStaleFailOn, staleGateFailures } = await import("../stale-fail-on.js");
        const failOn = parseStaleFailOn(options.failOn);
        const { createLightContext } = await import("../../app/light-dependencies.js");
        const { runStale, staleResultJson } = await import("../../app/staleness/stale.js");
        const { terminalProgress } = await import("../progress.js");
        const { stderr, env } = cliIo();
        const progress = terminalProgress(stderr, env);
        const ctx = await createLightContext(runDir(options), {
          env,
          actor: parseAs(options.as),
          ...(progress ? { progress } : {}),
        });
        const result = await runStale(ctx, { staged: options.staged, record: options.record });
        const { startSpan } = await import("../../app/profiling.js");
        // The outcome of each record shown, read only for a person and only when one is shown.
        const shown = options.json ? [] : shownFindings(result).map((f) => f.record_id);
        const outcomes =
          shown.length === 0
            ? new Map<string, string>()
            : await (await import("../../app/reports/state.js")).recordOutcomes(ctx, shown);
        const printed = startSpan("print");
        emit(
          options,
          result,
          () => staleReportText(result, outcomes),
          () => staleResultJson(result),
        );
        if (!options.json && result.log_problems) warnUnreadable(result.log_problems);
        printed();
        const failures = staleGateFailures(failOn, result);
        for (const line of failures) note(line);
        return failures.length > 0 || (options.check && result.unrecorded.length > 0) ? 1 : 0;
      }),
    );
}
