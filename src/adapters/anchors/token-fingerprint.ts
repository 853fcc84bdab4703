// The fingerprint of a run of a file's syntax tokens: what an anchor's "did its code change" is
// decided on.
import { hash } from "node:crypto";
import type { SyntaxTokens } from "./syntax-tokens.js";

/** The index of the first token starting at or after `index`. */
function firstAtOrAfter(tokens: SyntaxTokens, index: number): number {
  let lo = 0;
  let hi = tokens.starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tokens.starts[mid]! < index) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The text of the tokens inside the spans, each followed by NUL. */
export function tokenText(tokens: SyntaxTokens, spans: readonly [number, number][]): string {
  let out = "";
  for (const [from, to] of spans) {
    const first = firstAtOrAfter(tokens, from);
    const last = firstAtOrAfter(tokens, to); // tokens lie inside nodes: none straddles `to`
    out += tokens.joined.slice(tokens.at[first], tokens.at[last]);
  }
  return out;
}

/** The token texts inside the spans, in order. */
export function tokenTexts(tokens: SyntaxTokens, spans: readonly [number, number][]): string[] {
  return tokenText(tokens, spans).split("\0").slice(0, -1);
}

/**
 * The digest of the tokens inside the spans: 16 hex digits of SHA-256 over them, NUL-separated.
 * With `unnamed`, every token spelled that way counts as one placeholder, so a symbol renamed
 * (itself and its references to itself) and otherwise unchanged keeps that digest.
 */
export function fingerprintTokens(
  tokens: SyntaxTokens,
  spans: readonly [number, number][],
  unnamed?: string,
): string {
  let text = tokenText(tokens, spans);
  if (unnamed !== undefined) {
    // every whole token spelled `unnamed` (twice: adjacent ones share their NUL)
    const whole = `\0${unnamed}\0`;
    text = `\0${text}`.replaceAll(whole, "\0\u0001\0").replaceAll(whole, "\0\u0001\0");
  }
  // one-shot hash: a quarter of createHash's cost on the thousands of symbols of a big file
  return hash("sha256", text, "hex").slice(0, 16);
}
