import type { Scope } from "../rules/scope.js";
import type { ComputedState } from "./types.js";

/** A file new since the basis is `review` unless the scope names exactly that file. */
export function isExactPath(scopes: readonly Scope[], file: string): boolean {
  return scopes.some((s) => s.kind === "path" && s.literal === file && s.matches(file));
}

/** The state a set of path changes gives a record (stale > review > moved > fresh). */
export function stateOf(flags: { stale: boolean; review: boolean; moved: boolean }): ComputedState {
  if (flags.stale) return "stale";
  if (flags.review) return "review";
  return flags.moved ? "moved" : "fresh";
}
