import type { VerdictResult } from "../app/review/apply.js";
import { safeText } from "../core/render/terminal.js";
import { paint } from "./io.js";

/** One line per applied verdict: what it did, or why it failed. */
export function reviewResultsText(results: readonly VerdictResult[]): string {
  const failed = results.filter((r) => !r.ok).length;
  return [
    ...results.map((r) =>
      r.ok
        ? `${paint("green", r.proposed ? "proposed" : "ok")}  ${r.action.padEnd(9)} ${r.id}${r.new_id ? ` (new record ${r.new_id})` : ""}`
        : `${paint("red", "failed")} ${r.action.padEnd(9)} ${r.id}: [${r.error!.code}] ${safeText(r.error!.message)}`,
    ),
    `${results.length - failed} applied, ${failed} failed`,
  ].join("\n");
}
