// The syntax tokens of a parsed file, comments and whitespace left out, and the fingerprint of a
// run of them: what an anchor's "did its code change" is decided on.
import { createHash } from "node:crypto";
import type { Tree } from "../../vendor/tree-sitter.js";

/** The token spans of a file in source order: `starts[i]`..`ends[i]` index its text. */
export type SyntaxTokens = { text: string; starts: number[]; ends: number[] };

const COMMENTS = new Set(["comment", "line_comment", "block_comment", "html_comment"]);
const SPACE = /^\s*$/;

/**
 * Every leaf token of the tree that is not a comment. Text a grammar keeps inside a node without
 * a leaf of its own (some string contents) is a token too, so no edit of code goes unseen.
 */
export function readSyntaxTokens(tree: Tree, text: string): SyntaxTokens {
  const starts: number[] = [];
  const ends: number[] = [];
  let pos = 0;
  const gap = (to: number) => {
    if (to <= pos) return;
    const between = text.slice(pos, to);
    if (SPACE.test(between)) return;
    const lead = between.length - between.trimStart().length;
    starts.push(pos + lead);
    ends.push(pos + between.trimEnd().length);
  };
  const cursor = tree.walk();
  try {
    for (;;) {
      if (COMMENTS.has(cursor.nodeType)) {
        gap(cursor.startIndex);
        pos = Math.max(pos, cursor.endIndex);
      } else if (cursor.gotoFirstChild()) continue;
      else {
        const start = cursor.startIndex;
        const end = cursor.endIndex;
        gap(start);
        if (end > start) {
          starts.push(start);
          ends.push(end);
          pos = end;
        }
      }
      while (!cursor.gotoNextSibling()) if (!cursor.gotoParent()) return finish();
    }
  } finally {
    cursor.delete();
  }
  function finish(): SyntaxTokens {
    gap(text.length);
    return { text, starts, ends };
  }
}

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

/** The token texts inside the spans, in order. */
export function tokenTexts(tokens: SyntaxTokens, spans: readonly [number, number][]): string[] {
  const out: string[] = [];
  for (const [from, to] of spans)
    for (let i = firstAtOrAfter(tokens, from); i < tokens.starts.length; i++) {
      if (tokens.ends[i]! > to) break;
      out.push(tokens.text.slice(tokens.starts[i], tokens.ends[i]));
    }
  return out;
}

/** The digest of the tokens inside the spans: 16 hex digits of SHA-256 over them, NUL-separated. */
export function fingerprintTokens(
  tokens: SyntaxTokens,
  spans: readonly [number, number][],
): string {
  return createHash("sha256")
    .update(tokenTexts(tokens, spans).join("\0"))
    .digest("hex")
    .slice(0, 16);
}
