import path from "node:path";
import type { Command } from "commander";
import { readBoundedStream, readRegularFile } from "../../app/input-files.js";
import { AdriftError } from "../../core/errors.js";
import { REVIEW_STATES, type ReviewState } from "../../core/review/review-item.js";
import { action, common, examples, repository, runDir } from "../common.js";
import { cliIo, emit, paint } from "../io.js";
import { reviewResultsText } from "../review-format.js";

type ReviewFlags = { include?: string; apply?: string; json?: boolean; cwd?: string };

/** The states to review: stale, and those `--include` adds. */
function statesOf(include: string | undefined): ReviewState[] {
  const extra = (include ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const state of extra)
    if (!(REVIEW_STATES as readonly string[]).includes(state))
      throw new AdriftError(
        "usage",
        `--include expects states among ${REVIEW_STATES.join(", ")}, got "${state.slice(0, 40)}"`,
      );
  return ["stale", ...(extra as ReviewState[])];
}

/** The verdict file's text (`-`: stdin). */
async function readVerdicts(file: string, from: string): Promise<string> {
  const name = file === "-" ? "stdin" : file;
  const bytes =
    file === "-"
      ? await readBoundedStream(cliIo().stdin, name)
      : readRegularFile(path.resolve(from, file), { name, followLinks: true });
  if (bytes === undefined)
    throw new AdriftError(
      "io_failed",
      `cannot read the verdicts from ${name}: no such file; give a JSON or NDJSON file, or - for stdin`,
    );
  return bytes.toString("utf8");
}

/** `adrift review [id…] [--include touched,moved] [--json | --apply <file>]`. */
export function registerReview(program: Command): void {
  examples(
    common(program.command("review"), { records: true }),
    "adrift review                          # one stale record at a time: card, commits, diff, one key each",
    "adrift review --include touched        # also records whose files changed only around them",
    "adrift review --json > items.json      # the same, for a script or an agent: each with its commands",
    `adrift review --apply verdicts.ndjson  # decide in one go, one verdict a line:`,
    `  {"id": "01JC3", "action": "reverify", "note": "checked the retry loop still caps at 3"}`,
    `  {"id": "01JD7", "action": "supersede", "by": "01JE2"}`,
    `  {"id": "01JF1", "action": "narrow", "paths": ["src/auth/session.ts#refresh"]}`,
    `  {"id": "01JG4", "action": "confirm"}   # a person confirms what an agent proposed`,
  )
    .addHelpText(
      "after",
      "\nKeys: r re-verify (with a note of what you checked), c confirm an agent's proposal,\n  s supersede (by a record id, or n for a new decision), a amend a field, n narrow to\n  file#Symbol anchors or paths, e edit the card in $EDITOR, d the whole diff, space skip, q quit.\nFrom an agent's shell a re-verification is a proposal a person confirms.",
    )
    .description(
      "work through stale records: re-verify (saying what was checked), supersede, amend, narrow or skip each (docs/staleness.md)",
    )
    .argument("[id...]", "only these records (id, unique prefix)")
    .option("--include <states>", `also review these states: ${REVIEW_STATES.slice(1).join(", ")}`)
    .option("--apply <file>", "apply verdicts from a JSON or NDJSON file (- for stdin)")
    .action(
      action(async (ids: string[], options: ReviewFlags) => {
        const repo = await repository(options);
        const selection = { states: statesOf(options.include), ...(ids.length ? { ids } : {}) };
        if (options.apply !== undefined) {
          const results = await repo.applyReviewVerdicts(
            await readVerdicts(options.apply, runDir(options)),
          );
          emit(options, { results }, () => reviewResultsText(results));
          return results.every((r) => r.ok) ? 0 : 1;
        }
        const io = cliIo();
        const stdin = io.stdin as NodeJS.ReadStream;
        const stdout = io.stdout as NodeJS.WriteStream;
        if (options.json || !stdin.isTTY || !stdout.isTTY) {
          if (!options.json)
            throw new AdriftError(
              "usage",
              "adrift review is interactive on a terminal; without one, read the items with --json and decide with --apply <file> (see --help)",
            );
          emit(options, await repo.reviewItems(selection), () => "");
          return 0;
        }
        const { terminalEditor } = await import("../../app/review/terminal-editor.js");
        stdin.setRawMode(true);
        try {
          const summary = await repo.reviewSession(
            {
              input: stdin,
              output: stdout,
              paint: (color, text) => paint(color, text),
              width: Math.min(stdout.columns || 80, 100),
              ...(stdout.rows ? { height: stdout.rows } : {}),
              edit: terminalEditor(stdin, io.env),
            },
            selection,
          );
          void summary;
          return 0;
        } finally {
          stdin.setRawMode(false);
          stdin.pause();
        }
      }),
    );
}
