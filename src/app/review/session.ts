import { CTRL_C, KeyReader } from "../../adapters/terminal-keys.js";
import { reviewScreen } from "../../core/render/review-screen.js";
import type { ReviewVerdict } from "../../core/review/verdicts.js";
import type { AppContext } from "../dependencies.js";
import { type ReviewOptions, reviewItem, reviewTargets } from "./items.js";
import { actOn, type ReviewTerminal } from "./session-actions.js";

export type { ReviewTerminal };

/** What a review session did: records shown, actions taken by kind, and whether it was quit. */
export type ReviewSummary = {
  total: number;
  shown: number;
  done: Partial<Record<ReviewVerdict["action"] | "proposed" | "edit", number>>;
  quit: boolean;
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
