import type { Command } from "commander";
import { safeText } from "../../core/render/terminal.js";
import { action, collect, common, runDir } from "../common.js";
import { cliIo, emit, paint } from "../io.js";

/** `adrift doctor`: can adrift see what it must? */
export function registerDoctor(program: Command): void {
  common(program.command("doctor"), { as: false })
    .description(
      "check that adrift can see what it must: hooks, cache, log, clone depth, config, scopes, ADR numbers",
    )
    .option("--ignore <id>", "leave out a rule (ADR-D004 or its name; repeatable)", collect, [])
    .addHelpText(
      "after",
      `\nExit codes: 0 healthy (warnings allowed), 1 adrift is blind somewhere (an error finding).\nRules: docs/doctor.md\nExamples:\n  adrift doctor\n  adrift doctor --ignore ADR-D011 --json`,
    )
    .action(
      action(async (options) => {
        const { runDoctor } = await import("../../app/doctor/run.js");
        const report = await runDoctor(runDir(options), {
          ignore: options.ignore,
          env: cliIo().env,
        });
        emit(options, report, () => {
          const adapter = `git adapter: ${report.git.note}`;
          if (report.findings.length === 0)
            return `${adapter}\n${paint("green", "healthy")}: adrift sees what it must (${report.checked.length} rules checked${report.ignored.length ? `, ${report.ignored.length} finding(s) ignored` : ""})`;
          // Messages name paths, scopes and outcomes from the repository: escaped, one line each.
          const lines = [adapter];
          lines.push(
            ...report.findings.flatMap((f) => [
              `${paint(f.severity === "error" ? "red" : "yellow", f.severity.padEnd(7))} ${paint("bold", f.rule)} ${safeText(f.title)}`,
              `        ${safeText(f.message)}`,
              `        fix: ${safeText(f.fix)}`,
            ]),
          );
          const errors = report.findings.filter((f) => f.severity === "error").length;
          lines.push(
            report.blind
              ? paint(
                  "red",
                  `adrift is blind here: ${errors} error(s), ${report.findings.length - errors} warning(s)`,
                )
              : `${report.findings.length} warning(s); adrift sees what it must`,
          );
          return lines.join("\n");
        });
        return report.blind ? 1 : 0;
      }),
    );
}
