// The syntax tokens of a parsed file, comments and whitespace left out: what a symbol's
// fingerprint is taken over (token-fingerprint.ts).
import type { Language, Node } from "../../vendor/tree-sitter.js";

/**
 * The tokens of a file in source order: token `i` spans `starts[i]`..`ends[i]` of the file's
 * text, and `joined` holds every token's text, each followed by NUL, token `i` from `at[i]`.
 */
export type SyntaxTokens = { starts: number[]; ends: number[]; at: number[]; joined: string };

const COMMENT_TYPES = ["comment", "line_comment", "block_comment", "html_comment"];
/** String contents a grammar splits around escapes without a leaf for the text between them
 *  (Python's `string_content`): that text, whitespace and all, is content. */
const VERBATIM_TYPES = ["string_content"];
const typesOf = new WeakMap<Language, { comments: string[]; verbatim: string[] }>();

/** The comment and verbatim types a grammar has. */
function specialTypesOf(language: Language): { comments: string[]; verbatim: string[] } {
  let types = typesOf.get(language);
  if (!types) {
    const has = (t: string) => language.idForNodeType(t, true) !== null;
    types = { comments: COMMENT_TYPES.filter(has), verbatim: VERBATIM_TYPES.filter(has) };
    typesOf.set(language, types);
  }
  return types;
}

/** True when `text` has only whitespace from `from` to `to`. */
function blank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    // space, tab, line feed, vertical tab, form feed, carriage return; else the slow check
    if (c !== 32 && (c < 9 || c > 13) && !/\s/.test(text[i]!)) return false;
  }
  return true;
}

/**
 * Every leaf token inside `nodes` (disjoint, in source order) that is not a comment. Text a
 * grammar keeps inside a node without a leaf of its own (the delimiters of a Rust raw string,
 * Python string text between escapes) is a token too, so no edit of code goes unseen. Only
 * these subtrees are walked: what lies between the declarations (imports, statements) costs
 * nothing.
 */
export function readSyntaxTokens(nodes: readonly Node[], text: string): SyntaxTokens {
  const starts: number[] = [];
  const ends: number[] = [];
  let pos = 0;
  // the comments and verbatim contents first, in one call per subtree (one for the file when the
  // subtrees are many): the walk then asks each node nothing but where it is
  const root = nodes[0]?.tree.rootNode;
  const types = root ? specialTypesOf(root.tree.language) : { comments: [], verbatim: [] };
  const searched = nodes.length > 16 && root ? [root] : nodes;
  const special = [...types.comments, ...types.verbatim];
  const found = special.length
    ? searched.flatMap((n) => n.descendantsOfType(special)).filter((c): c is Node => c !== null)
    : [];
  const verbatimType = new Set(types.verbatim);
  const comments = types.verbatim.length ? found.filter((c) => !verbatimType.has(c.type)) : found;
  const verbatim = types.verbatim.length ? found.filter((c) => verbatimType.has(c.type)) : [];
  const verbatimStarts = verbatim.map((c) => c.startIndex);
  const verbatimEnds = verbatim.map((c) => c.endIndex);
  let inVerbatim = 0;
  const gap = (to: number) => {
    if (to <= pos) return;
    while (inVerbatim < verbatimEnds.length && verbatimEnds[inVerbatim]! <= pos) inVerbatim++;
    if (verbatimStarts[inVerbatim]! <= pos && to <= verbatimEnds[inVerbatim]!) {
      starts.push(pos);
      ends.push(to);
      return;
    }
    if (blank(text, pos, to)) return;
    let from = pos;
    let end = to;
    while (blank(text, from, from + 1)) from++;
    while (blank(text, end - 1, end)) end--;
    starts.push(from);
    ends.push(end);
  };
  const commentStarts = comments.map((c) => c.startIndex);
  const commentEnds = comments.map((c) => c.endIndex);
  let next = 0;
  for (const node of nodes) {
    pos = node.startIndex;
    while (next < commentEnds.length && commentEnds[next]! <= pos) next++;
    let commentStart = commentStarts[next] ?? Number.POSITIVE_INFINITY;
    let commentEnd = commentEnds[next] ?? Number.POSITIVE_INFINITY;
    const cursor = node.walk();
    try {
      for (let more = true; more; ) {
        if (cursor.gotoFirstChild()) continue;
        const start = cursor.startIndex;
        const end = cursor.endIndex;
        while (start >= commentEnd) {
          next++;
          commentStart = commentStarts[next] ?? Number.POSITIVE_INFINITY;
          commentEnd = commentEnds[next] ?? Number.POSITIVE_INFINITY;
        }
        if (start >= commentStart) {
          // a comment's own leaf (or one of its parts): skipped, and what precedes it checked
          gap(commentStart);
          pos = Math.max(pos, commentEnd);
        } else {
          gap(start);
          if (end > start) {
            starts.push(start);
            ends.push(end);
            pos = end;
          }
        }
        while (!cursor.gotoNextSibling())
          if (!cursor.gotoParent()) {
            more = false;
            break;
          }
      }
    } finally {
      cursor.delete();
    }
    gap(node.endIndex);
  }
  const at: number[] = [];
  const parts: string[] = [];
  let offset = 0;
  for (let i = 0; i < starts.length; i++) {
    const token = text.slice(starts[i], ends[i]);
    at.push(offset);
    parts.push(token);
    offset += token.length + 1;
  }
  at.push(offset);
  return { starts, ends, at, joined: parts.length ? `${parts.join("\0")}\0` : "" };
}

/** The outermost of `nodes`: none inside another, in source order. */
export function outermost(nodes: readonly Node[]): Node[] {
  const sorted = [...nodes].sort((a, b) => a.startIndex - b.startIndex || b.endIndex - a.endIndex);
  const out: Node[] = [];
  for (const node of sorted) {
    const last = out.at(-1);
    if (!last || node.startIndex >= last.endIndex) out.push(node);
  }
  return out;
}
