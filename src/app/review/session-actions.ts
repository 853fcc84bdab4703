import type { Readable, Writable } from "node:stream";
import type { KeyReader } from "../../adapters/terminal-keys.js";
import { isAdriftError } from "../../core/errors.js";
import type { CardFields } from "../../core/events/common.js";
import { diffLines, type Painter } from "../../core/render/review-screen.js";
import { safeText } from "../../core/render/terminal.js";
import { cardEditText, editedCardChanges } from "../../core/review/card-text.js";
import type { ReviewItem } from "../../core/review/review-item.js";
import type { ReviewVerdict } from "../../core/review/verdicts.js";
import type { AppContext } from "../dependencies.js";
import { symbolsTouched } from "./anchor-spans.js";
import { applyVerdict } from "./apply.js";

// What each key of the review screen does: the prompts an action needs, then the use case.

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

/** The card fields `a` amends, by the key that picks each. */
const AMEND_KEYS: Record<string, [keyof CardFields, string]> = {
  o: ["outcome", "outcome"],
  c: ["chosen_approach", "chosen approach"],
  r: ["selection_rationale", "rationale"],
  k: ["constraints", "constraints"],
  t: ["trigger", "trigger"],
  v: ["validation_plan", "validation plan"],
};

/** What a key did: an action taken (counted), nothing (stay on the item), or an unknown key. */
export type Step = ReviewVerdict["action"] | "proposed" | "edit" | "stay" | "unknown" | "done";

/** One key on one item: asks what the action needs, applies it, says what happened. */
export async function actOn(
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
