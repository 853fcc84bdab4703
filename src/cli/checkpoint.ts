import { createInterface } from "node:readline";
import type { WorklineCheckpoint } from "../app/recording/checkpoint.js";
import type { CardInput } from "../app/recording/records.js";
import type { Repository } from "../app/repository.js";
import { AdriftError } from "../core/errors.js";
import { safeText } from "../core/render/terminal.js";
import { incompletenessLines } from "./format.js";
import { type CommonOptions, cliIo, paint } from "./io.js";

/** What the checkpoint did: recorded a card, was skipped, or (no terminal) named the command. */
export type CheckpointOutcome = {
  workline_id: string;
  /** the card recorded from the answers */
  recorded?: string;
  /** on a terminal, every field was left empty */
  skipped?: boolean;
  /** without a terminal: the command to record the card */
  command?: string;
};

/**
 * The five fields a complete intent card needs (outcome, trigger, what was rejected, what was
 * chosen, the check), as one short question each.
 */
const QUESTIONS = [
  ["outcome", "What must become true?"],
  ["trigger", "Why now (the pain)?"],
  ["rejected", "What did you reject, and why? (option :: why not)"],
  ["chosen", "What did you choose, and why? (choice :: why)"],
  ["check", "How will you check it worked?"],
] as const;

type Answers = Partial<Record<(typeof QUESTIONS)[number][0], string>>;

/** `a :: b` or `a because b`: the thing and its reason. */
function split(value: string): [string, string] {
  const at = value.indexOf("::");
  if (at >= 0) return [value.slice(0, at).trim(), value.slice(at + 2).trim()];
  const because = /\s+because\s+/i.exec(value);
  if (because)
    return [
      value.slice(0, because.index).trim(),
      value.slice(because.index + because[0].length).trim(),
    ];
  return [value.trim(), ""];
}

/** The card the answers make; undefined when every answer was skipped. */
export function cardOfAnswers(answers: Answers, workline: string): CardInput | undefined {
  if (!Object.values(answers).some((a) => a?.trim())) return undefined;
  const [rejected, because] = split(answers.rejected ?? "");
  const [chosen, why] = split(answers.chosen ?? "");
  return {
    outcome: answers.outcome?.trim() ?? "",
    trigger: answers.trigger?.trim() ?? "",
    chosen_approach: chosen,
    selection_rationale: why,
    validation_plan: answers.check?.trim() ?? "",
    considered: rejected ? [{ approach: rejected, rejected_because: because }] : [],
    workline,
  };
}

/** Asks the questions on the terminal; Enter skips one, Ctrl-D skips the rest, Ctrl-C cancels. */
function ask(intro: string): Promise<Answers> {
  return new Promise((resolve, reject) => {
    const rl = createInterface({
      input: cliIo().stdin,
      output: cliIo().stderr,
      terminal: true,
    });
    const answers: Answers = {};
    let index = 0;
    let cancelled = false;
    rl.on("SIGINT", () => {
      cancelled = true;
      rl.close();
    });
    rl.on("close", () => {
      cliIo().stderr.write("\n");
      if (cancelled)
        reject(new AdriftError("usage", "cancelled at the checkpoint: nothing was written"));
      else resolve(answers);
    });
    cliIo().stderr.write(`${intro}\n`);
    const next = () => {
      const question = QUESTIONS[index];
      if (!question) {
        rl.close();
        return;
      }
      rl.question(`  ${paint("bold", question[1])} `, (answer) => {
        answers[question[0]] = answer;
        index++;
        next();
      });
    };
    next();
  });
}

/** True when a person is at a terminal to answer (both the keyboard and the prompts' stream). */
function interactive(options: CommonOptions): boolean {
  return !options.json && Boolean(cliIo().stdin.isTTY) && Boolean(cliIo().stderr.isTTY);
}

/**
 * The checkpoint before a workline is closed or exported (its why is written down before the
 * work is done with): when it has no complete card, a person at a terminal is asked for five
 * fields, each skippable, and the card is recorded in the workline; otherwise one line names
 * the exact command.
 */
export async function runCheckpoint(
  repo: Repository,
  options: CommonOptions,
  point: WorklineCheckpoint | undefined,
): Promise<CheckpointOutcome | undefined> {
  if (!point || point.complete) return undefined;
  const title = safeText(point.title);
  if (!interactive(options)) {
    if (!options.json)
      cliIo().stderr.write(
        `${paint("yellow", `workline "${title}" has no complete intent card;`)} record one: ${point.command}\n`,
      );
    return { workline_id: point.workline_id, command: point.command };
  }
  const answers = await ask(
    `Workline "${title}" has no complete intent card. Five fields, each one line (Enter skips it):`,
  );
  const card = cardOfAnswers(answers, point.workline_id);
  if (!card) {
    cliIo().stderr.write(`${paint("dim", "nothing recorded")}\n`);
    return { workline_id: point.workline_id, skipped: true };
  }
  const result = await repo.recordIntent(card);
  cliIo().stderr.write(
    [
      `${paint("green", "recorded")} intent card ${result.id}`,
      ...incompletenessLines(result.incomplete),
      "",
    ].join("\n"),
  );
  return { workline_id: point.workline_id, recorded: result.id };
}
