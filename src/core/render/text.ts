/** Helpers for budgets measured in characters (code points, so emoji count once). */

/** Number of code points of a string. */
export function charCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Collapses whitespace to single spaces and trims. */
export function flatten(text: string, max = 100_000): string {
  // Long texts are cut before the regex so a 10 MB field costs what 100 KB costs.
  const head = text.length > max ? text.slice(0, max) : text;
  return head.replace(/\s+/g, " ").trim();
}

let graphemes: Intl.Segmenter | undefined;

/**
 * Cuts text to at most `max` code points, ending with "…" when cut. The cut falls between
 * graphemes (what a reader sees as one character), never inside an emoji sequence (👩🏽‍💻, 🇧🇷)
 * or a letter with combining marks: a grapheme that does not fit whole is left out whole.
 */
export function clip(text: string, max: number): string {
  if (max <= 0) return "";
  if (text.length <= max) return text;
  // A code point is at most two UTF-16 units: 2·max units hold more than max code points, so a
  // text longer than that is cut; the last grapheme of the window may be cut by it, and is dropped.
  const window = text.slice(0, 2 * max + 2);
  const whole = window.length === text.length;
  if (whole && charCount(text) <= max) return text;
  // Where the first max - 1 code points end, in UTF-16 units: the text before the "…".
  let units = 0;
  let points = 0;
  for (const char of window) {
    if (points === max - 1) break;
    units += char.length;
    points++;
  }
  // Cut at the start of the grapheme that holds that place: a grapheme ending there is kept,
  // one crossing it is left out whole. One lookup, never a list of every grapheme: each
  // segment V8 makes carries its own copy of the text, so listing the 40,000 of a 20,000-
  // character clip took 4 s and 3 GB.
  graphemes ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  const cut = graphemes.segment(window).containing(units)?.index ?? units;
  return `${text.slice(0, cut)}…`;
}

/** The first 8 characters of an id, enough to name a record in a one-liner. */
export function shortId(id: string): string {
  return id.slice(0, 10);
}

/** The sentence saying a basis holds uncommitted work (for the CLI and the MCP tools). */
export function uncommittedNote(files: readonly string[]): string {
  const shown =
    files.slice(0, 5).join(", ") + (files.length > 5 ? `, … ${files.length - 5} more` : "");
  return `the basis includes uncommitted work in ${files.length} file(s) (${shown}): as the working tree has it now, so committing it with this record keeps the record fresh, and a later change makes it stale`;
}
