import { isUtf8 } from "node:buffer";
import path from "node:path";
import type { Command } from "commander";
import { readBoundedStream, readRegularFile } from "../app/input-files.js";
import type { DecisionInput } from "../app/recording/records.js";
import { AdriftError, truncate } from "../core/errors.js";
import { withoutBom } from "../core/inputs/saved-text.js";
import { collect, runDir } from "./common.js";
import { cliIo } from "./io.js";

/** Adds the card field flags shared by `intent record`, `intent amend` and `decision record`. */
export function cardFlags(command: Command): Command {
  return command
    .option("--outcome <text>", "what must become true")
    .option("--trigger <text>", "the pain: why now")
    .option("--chosen <text>", "short label of the chosen approach")
    .option("--rationale <text>", "why this approach and not the considered ones")
    .option("--constraints <text>", "constraints the approach must respect")
    .option("--validation <text>", "how we will know it worked")
    .option(
      "--considered <option>",
      "a rejected option: 'approach :: rejected because' (repeatable)",
      collect,
    )
    .option("--trivial", "nothing else was on the table (status quo): no considered options needed")
    .option("--tag <tag>", "a tag (repeatable)", collect)
    .option(
      "--path <scope>",
      "code the record is based on: file, directory/ or glob, from the repository root; '!glob' excludes; a name like app/[id]/ is that path when it exists (app/\\[id\\]/ forces it) (repeatable)",
      collect,
    )
    .option(
      "--anchor <mode>",
      "auto: narrow each file --path to the symbols your change touched there (see them suggested without it); name one yourself with --path 'src/a.ts#parse' or 'package.json#engines.node'",
    )
    .option(
      "--file <file>",
      "read the record as JSON from a file (relative to the current directory), or - for stdin (flags override)",
    );
}

/** Adds the seed's tier-B flags of `intent record` and `decision record` (shown by show/export). */
export function tierBFlags(command: Command): Command {
  return command
    .option("--side-effect <text>", "a side effect of the change (repeatable)", collect)
    .option("--depends-on <text>", "something the change depends on (repeatable)", collect)
    .option("--kb-path <path>", "where the knowledge base says more about it")
    .option("--adr-ref <ref>", "the ADR it belongs to (e.g. ADR-0007)");
}

/** A JSON input file (relative to `from`), or stdin for `-`: bounded, UTF-8, parsed. */
export async function readInputFile(
  file: string,
  from: string,
  expected = "a JSON object of card fields",
  help = "adrift intent record --help",
): Promise<unknown> {
  const name = file === "-" ? "stdin" : file;
  // A regular file of bounded size (never /dev/zero or a pipe, which would be read without end);
  // stdin, the run's own stream, bounded the same way.
  const bytes =
    file === "-"
      ? await readBoundedStream(cliIo().stdin, "stdin")
      : readRegularFile(path.resolve(from, file), { name, followLinks: true });
  if (bytes === undefined)
    throw new AdriftError(
      "validation_failed",
      `cannot read ${name}: no such file; give a readable JSON file, or - for stdin`,
    );
  if (!isUtf8(bytes))
    throw new AdriftError(
      "validation_failed",
      `${name}: expected UTF-8 text, got bytes that are not UTF-8; save the file as UTF-8`,
    );
  const text = withoutBom(bytes.toString("utf8"));
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AdriftError(
      "validation_failed",
      `${name}: expected ${expected}, got text that is not JSON${jsonErrorAt(error)}; see \`${help}\``,
    );
  }
}

/** Where JSON.parse stopped, without its quote of the text (which may be anything). */
function jsonErrorAt(error: unknown): string {
  const at = /position (\d+)/.exec((error as Error).message)?.[1];
  return at ? ` (at character ${at})` : "";
}

/** Splits `approach :: rejected because`. */
export function parseConsidered(value: string): { approach: string; rejected_because: string } {
  const at = value.indexOf("::");
  if (at < 0)
    throw new AdriftError(
      "usage",
      `--considered expects 'approach :: rejected because', got "${truncate(value)}"; e.g. --considered "Redis lock :: another service to run"`,
    );
  const approach = value.slice(0, at).trim();
  if (!approach)
    throw new AdriftError(
      "usage",
      `--considered expects the rejected approach before '::', got "${truncate(value)}"; e.g. --considered "Redis lock :: another service to run"`,
    );
  return { approach, rejected_because: value.slice(at + 2).trim() };
}

type CardOptions = {
  outcome?: string;
  trigger?: string;
  chosen?: string;
  rationale?: string;
  constraints?: string;
  validation?: string;
  considered?: string[];
  trivial?: boolean;
  tag?: string[];
  path?: string[];
  anchor?: string;
  file?: string;
  cwd?: string;
  finding?: string[];
  revision?: string;
  workline?: string;
  sideEffect?: string[];
  dependsOn?: string[];
  kbPath?: string;
  adrRef?: string;
};

/** The tier-B fields: the file's, with each flag given replacing its field. */
function tierBOf(options: CardOptions, base: DecisionInput["tier_b"]): DecisionInput["tier_b"] {
  const tier = {
    ...base,
    ...(options.sideEffect ? { side_effects: options.sideEffect } : {}),
    ...(options.dependsOn ? { dependencies: options.dependsOn } : {}),
    ...(options.kbPath !== undefined ? { kb_path: options.kbPath } : {}),
    ...(options.adrRef !== undefined ? { adr_ref: options.adrRef } : {}),
  };
  return Object.keys(tier).length > 0 ? tier : undefined;
}

/** Builds the use-case input from --file JSON and flags (flags win). */
export async function cardInput(options: CardOptions): Promise<DecisionInput> {
  let base: DecisionInput = {};
  if (options.file) {
    const { CardFileInput } = await import("../core/events/inputs.js");
    const { inputError } = await import("../core/inputs/argument-errors.js");
    const raw = await readInputFile(options.file, runDir(options));
    const parsed = CardFileInput.safeParse(raw);
    if (!parsed.success)
      throw inputError(
        options.file === "-" ? "stdin" : options.file,
        CardFileInput,
        raw,
        parsed.error,
        "nothing was written: fix the file (fields as in docs/formats.md) and run again",
      );
    const f = parsed.data;
    base = {
      ...f.card,
      considered: f.considered,
      trivial: f.trivial,
      tags: f.tags,
      touched_paths: f.touched_paths ?? f.basis?.touched_paths,
      revision: f.basis?.revision,
      findings: f.findings,
      tier_b: f.tier_b,
    };
  }
  const pick = <T>(flag: T | undefined, fallback: T | undefined) =>
    flag !== undefined ? flag : fallback;
  return {
    outcome: pick(options.outcome, base.outcome),
    trigger: pick(options.trigger, base.trigger),
    chosen_approach: pick(options.chosen, base.chosen_approach),
    selection_rationale: pick(options.rationale, base.selection_rationale),
    constraints: pick(options.constraints, base.constraints),
    validation_plan: pick(options.validation, base.validation_plan),
    considered: options.considered ? options.considered.map(parseConsidered) : base.considered,
    trivial: pick(options.trivial, base.trivial),
    tags: pick(options.tag, base.tags),
    touched_paths: pick(options.path, base.touched_paths),
    revision: pick(options.revision, base.revision),
    ...anchorOption(options.anchor),
    findings: pick(options.finding, base.findings),
    tier_b: tierBOf(options, base.tier_b),
    ...(options.workline ? { workline: options.workline } : {}),
  };
}

/** `--anchor auto`; anything else is a usage error saying what is accepted. */
function anchorOption(value: string | undefined): { anchor?: "auto" } {
  if (value === undefined) return {};
  if (value === "auto") return { anchor: "auto" };
  throw new AdriftError(
    "usage",
    `--anchor expects auto, got "${truncate(value)}"; to name a symbol, give --path 'file#Symbol'`,
  );
}
