import type { Readable, Writable } from "node:stream";
import { editText } from "../../adapters/editor.js";
import { CTRL_C, KeyReader } from "../../adapters/terminal-keys.js";
import { isAdriftError } from "../../core/errors.js";
import type { CardFields } from "../../core/events/common.js";
import { diffLines, type Painter, reviewScreen } from "../../core/render/review-screen.js";
import { safeText } from "../../core/render/terminal.js";
import { cardEditText, editedCardChanges } from "../../core/review/card-text.js";
import type { ReviewItem } from "../../core/review/review-item.js";
import type { ReviewVerdict } from "../../core/review/verdicts.js";
import type { AppContext } from "../dependencies.js";
import { symbolsTouched } from "./anchor-spans.js";
import { applyVerdict } from "./apply.js";
import { type ReviewOptions, reviewItem, reviewTargets } from "./items.js";

/** The terminal a review runs on: raw keys in, text out, and the person's editor. */
export type ReviewTerminal = {
  input: Readable;
  output: Writable;
  paint: Painter;
  width: number;
  /** rows of the terminal, when known: the diff shown first fits them */
  height?: number;
  /** opens `text` in the editor and returns what was saved */
  edit(text: string): Promise<string>;
};

/** What a review session did: records shown, actions taken by kind, and whether it was quit. */
export type ReviewSummary = {
  total: number;
  shown: number;
  done: Partial<Record<ReviewVerdict["action"] | "proposed" | "edit", number>>;
  quit: boolean;
};

/** The card fields `a` amends, by the key that picks each. */
const AMEND_KEYS: Record<string, [keyof CardFields, string]> = {
  o: ["outcome", "outcome"],
  c: ["chosen_approach", "chosen approach"],
  r: ["selection_rationale", "rationale"],
  k: ["constraints", "constraints"],
  t: ["trigger", "trigger"],
  v: ["validation_plan", "validation plan"],
};

/**
 * Works through the records to review one screen at a time (card, commits, diff, keys) and
 * applies what the person decides through the same use cases as `review --apply`. A failed
 * action is said and the record stays on screen; the end of the input quits.
 */
export async function runReviewSession(
  ctx: AppContext,
  terminal: ReviewTerminal,
  options: ReviewOptions = {},
): Promise<ReviewSummary> {
  const { head, targets } = await reviewTargets(ctx, options);
  const keys = new KeyReader(terminal.input);
  const summary: ReviewSummary = { total: targets.length, shown: 0, done: {}, quit: false };
  const say = (text: string) => terminal.output.write(`${text}\n`);
  const { paint } = terminal;
  try {
    if (targets.length === 0) {
      say(paint("green", "nothing to review"));
      return summary;
    }
    for (let index = 0; index < targets.length && !summary.quit; index++) {
      const item = await reviewItem(ctx, head, targets[index]!);
      summary.shown++;
      const screen = reviewScreen(paint, item, {
        index,
        total: targets.length,
        width: terminal.width,
        // The card, commits and keys take about 20 rows; the diff gets the rest, at least 10.
        ...(terminal.height ? { diffLines: Math.max(10, terminal.height - 20) } : {}),
      });
      say(`\n${screen}`);
      for (;;) {
        const key = await keys.key();
        if (key === undefined || key === "q" || key === CTRL_C || key === "\u0004") {
          summary.quit = true;
          break;
        }
        const step = await actOn(ctx, terminal, keys, { head, item }, key);
        if (step === "unknown") {
          say(paint("dim", "keys: see the line above (q quits)"));
          continue;
        }
        if (step === "stay") continue;
        const counted = step === "done" ? undefined : step;
        if (counted) summary.done[counted] = (summary.done[counted] ?? 0) + 1;
        if (counted === "edit" || counted === "amend") continue;
        break;
      }
    }
    const done = Object.entries(summary.done)
      .map(([action, n]) => `${n} ${action}`)
      .join(", ");
    say(
      `${paint("bold", `reviewed ${summary.shown} of ${summary.total}`)}${done ? `: ${done}` : ""}`,
    );
    return summary;
  } finally {
    keys.close();
  }
}

type Step = ReviewVerdict["action"] | "proposed" | "edit" | "stay" | "unknown" | "done";

/** One key on one item: asks what the action needs, applies it, says what happened. */
async function actOn(
  ctx: AppContext,
  terminal: ReviewTerminal,
  keys: KeyReader,
  { head, item }: { head: string; item: ReviewItem },
  key: string,
): Promise<Step> {
  const { paint, output } = terminal;
  const say = (text: string) => output.write(`${text}\n`);
  const ask = (prompt: string) => keys.line(output, paint("bold", prompt));
  const run: Run = async (verdict, done) => {
    try {
      const result = await applyVerdict(ctx, verdict);
      say(
        result.proposed
          ? paint(
              "yellow",
              `proposed the re-verification of ${verdict.id}: a person confirms it (adrift review, key c)`,
            )
          : paint("green", done),
      );
      return result.proposed ? "proposed" : "ok";
    } catch (error) {
      say(paint("red", `error: ${isAdriftError(error) ? safeText(error.message) : String(error)}`));
      return false;
    }
  };
  switch (key) {
    case "r": {
      const note = (await ask("what did you check? "))?.trim();
      if (!note) {
        say(paint("yellow", "not re-verified: a re-verification says what was checked"));
        return "stay";
      }
      const done = await run({ id: item.id, action: "reverify", note }, `re-verified ${item.id}`);
      return done === "proposed" ? "proposed" : done ? "reverify" : "stay";
    }
    case "c":
      if (!item.actions.some((a) => a.action === "confirm")) return "unknown";
      return (await run({ id: item.id, action: "confirm" }, `confirmed ${item.id}`))
        ? "confirm"
        : "stay";
    case "s":
      return supersede(terminal, keys, item, run);
    case "a": {
      say(
        `${Object.entries(AMEND_KEYS)
          .map(([k, [, label]]) => `${paint("bold", k)} ${label}`)
          .join("  ")}`,
      );
      const field = AMEND_KEYS[(await keys.key()) ?? ""];
      if (!field) return "stay";
      const value = (await ask(`new ${field[1]}: `))?.trim();
      if (!value) return "stay";
      const ok = await run(
        {
          id: item.id,
          action: "amend",
          changes: { [field[0]]: value },
          reason: "amended in review",
        },
        `amended the ${field[1]} of ${item.id}`,
      );
      if (ok) item.card = { ...item.card, [field[0]]: value };
      return ok ? "amend" : "stay";
    }
    case "n": {
      say(paint("dim", `scope now: ${item.scope.join(" ")}`));
      const touched = await symbolsTouched(ctx, head, item);
      if (touched.length > 0) say(paint("dim", `the change touches: ${touched.join(" ")}`));
      const paths = (
        await ask("narrow to (file#Symbol anchors, or paths; space-separated): ")
      )?.trim();
      if (!paths) return "stay";
      return (await run(
        { id: item.id, action: "narrow", paths: paths.split(/\s+/), reason: "narrowed in review" },
        `narrowed ${item.id} to ${paths} (its staleness is computed again on the next run)`,
      ))
        ? "narrow"
        : "stay";
    }
    case "e":
      return edit(terminal, item, run);
    case "d":
      say(diffLines(paint, item, terminal.width).lines.join("\n"));
      return "stay";
    case " ":
    case "\r":
    case "\n":
      say(paint("dim", `skipped ${item.id.slice(0, 10)}`));
      return "skip";
    default:
      return "unknown";
  }
}

/** Applies a verdict and says what happened: "ok", "proposed" (an agent's), or false on error. */
type Run = (verdict: ReviewVerdict, done: string) => Promise<"ok" | "proposed" | false>;

/** `s`: superseded by an existing record, or by a new one typed here. */
async function supersede(
  terminal: ReviewTerminal,
  keys: KeyReader,
  item: ReviewItem,
  run: Run,
): Promise<Step> {
  const ask = (prompt: string) => keys.line(terminal.output, terminal.paint("bold", prompt));
  const by = (await ask("superseded by (a record id, or n for a new decision): "))?.trim();
  if (!by) return "stay";
  if (by !== "n")
    return (await run({ id: item.id, action: "supersede", by }, `superseded ${item.id} by ${by}`))
      ? "supersede"
      : "stay";
  const outcome = (await ask("outcome of the new decision: "))?.trim();
  if (!outcome) return "stay";
  const chosen = (await ask("chosen approach: "))?.trim();
  if (chosen === undefined) return "stay";
  const rationale = (await ask("rationale: "))?.trim();
  if (rationale === undefined) return "stay";
  return (await run(
    {
      id: item.id,
      action: "supersede",
      new: {
        outcome,
        ...(chosen ? { chosen_approach: chosen } : {}),
        ...(rationale ? { selection_rationale: rationale } : {}),
      },
    },
    `superseded ${item.id} by a new decision on ${item.scope.join(" ")}`,
  ))
    ? "supersede"
    : "stay";
}

/** `e`: the card in the editor; the fields changed there are amended. */
async function edit(terminal: ReviewTerminal, item: ReviewItem, run: Run): Promise<Step> {
  const say = (text: string) => terminal.output.write(`${text}\n`);
  let changes: Partial<CardFields>;
  try {
    changes = editedCardChanges(await terminal.edit(cardEditText(item.id, item.card)), item.card);
  } catch (error) {
    say(terminal.paint("red", `error: ${isAdriftError(error) ? error.message : String(error)}`));
    return "stay";
  }
  if (Object.keys(changes).length === 0) {
    say(terminal.paint("dim", "unchanged: nothing amended"));
    return "stay";
  }
  const ok = await run(
    { id: item.id, action: "amend", changes, reason: "edited in review" },
    `amended ${Object.keys(changes).join(", ")} of ${item.id}`,
  );
  if (ok) item.card = { ...item.card, ...changes };
  return ok ? "edit" : "stay";
}

/**
 * The person's editor on a terminal whose input is in raw mode: the editor gets the terminal as
 * it expects it (cooked, not read by us) and raw mode comes back after.
 */
export function terminalEditor(
  input: NodeJS.ReadStream,
  env: NodeJS.ProcessEnv,
): (text: string) => Promise<string> {
  return async (text) => {
    const raw = input.isRaw;
    input.setRawMode?.(false);
    input.pause();
    try {
      return editText(text, env);
    } finally {
      input.setRawMode?.(raw);
      input.resume();
    }
  };
}
