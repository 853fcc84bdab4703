import type { Command } from "commander";
import { AdriftError } from "../../core/errors.js";
import { safeText } from "../../core/render/terminal.js";
import { FAIL_CONDITIONS, type FailCondition } from "../../core/reports/pr-comment.js";
import { action, common, runDir } from "../common.js";
import { cliIo, note } from "../io.js";
import { writeOut } from "../out-file.js";

function failOn(value: string | undefined): FailCondition[] {
  if (!value) return [];
  const names = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of names)
    if (!(FAIL_CONDITIONS as readonly string[]).includes(name))
      throw new AdriftError("usage", `--fail-on takes ${FAIL_CONDITIONS.join(",")}; got "${name}"`);
  return names as FailCondition[];
}

/** `adrift pr-comment`: the sticky PR comment (Markdown or JSON), exit 1 when a gate holds. */
export function registerPrComment(program: Command): void {
  common(program.command("pr-comment"), { as: false })
    .description("one quiet PR comment: coverage, stale decisions, new records, open questions")
    .requiredOption("--base <ref>", "the branch the pull request merges into")
    .option("--head <ref>", "the pull request's head (default HEAD)")
    .option("--format <format>", "md | json", "md")
    .option(
      "--fail-on <conditions>",
      `exit 1 when any holds, or cannot be evaluated: ${FAIL_CONDITIONS.join(",")}`,
    )
    .option("--out <file>", "also write the body (or JSON) to this file")
    .addHelpText(
      "after",
      [
        "",
        "--base and --head must name commits of this clone (fetch the base first: git fetch origin",
        "main, or actions/checkout with fetch-depth: 0); one that does not is a usage error (exit 2).",
        "Links to the forge are added when CI names the repository (GITHUB_SERVER_URL and",
        "GITHUB_REPOSITORY, CI_PROJECT_URL) or the origin remote is on GitHub or GitLab.",
        "",
        "Examples:",
        "  adrift pr-comment --base origin/main > comment.md",
        "  adrift pr-comment --base origin/main --fail-on stale,uncovered --out comment.md",
      ].join("\n"),
    )
    .action(
      action(async (options) => {
        const format = options.json ? "json" : options.format;
        if (format !== "md" && format !== "json")
          throw new AdriftError("usage", `--format must be md or json, got "${format}"`);
        const conditions = failOn(options.failOn);
        // Straight to the use case on a light context: the PR bot path skips loading every
        // other use case (and zod, YAML, the ADR reader) that the repository API brings.
        const { createLightContext } = await import("../../app/light-dependencies.js");
        const { prComment } = await import("../../app/reports/pr-comment.js");
        const ctx = await createLightContext(runDir(options), { env: cliIo().env });
        const { model, body } = await prComment(ctx, {
          base: options.base,
          head: options.head,
          failOn: conditions,
        });
        const { stableJson } = await import("../../core/render/json.js");
        const text = format === "json" ? stableJson({ ...model, body }) : body;
        writeOut(options, ctx.git.location.root, text);
        cliIo().stdout.write(text.endsWith("\n") ? text : `${text}\n`);
        if (model.failing.length) note(`adrift: failing on ${model.failing.join(", ")}`);
        for (const u of model.unevaluated)
          note(`adrift: could not evaluate ${u.gate}: ${safeText(u.reason)}`);
        return model.failing.length || model.unevaluated.length ? 1 : 0;
      }),
    );
}
