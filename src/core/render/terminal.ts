// Names and user text made safe for line-oriented human output. A file name may hold a newline
// or an escape sequence (git allows both), and so may an outcome or a commit subject: printed raw,
// one breaks a listing in two and the other drives the terminal. JSON output keeps raw strings.

/**
 * Characters never printed raw: C0 controls, DEL, C1 controls (U+009B is a one-character CSI to
 * some terminals), the Unicode line and paragraph separators, and the bidirectional controls that
 * reorder what people see (a name reading one way and spelled another).
 */
const CONTROL =
  "\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069";

/** What makes git quote a name: a control character, a double quote or a backslash. */
const NEEDS_QUOTES = new RegExp(`[${CONTROL}"\\\\]`);
const QUOTED = new RegExp(`[${CONTROL}"\\\\]`, "g");

/** Control characters in free text; newlines and tabs are kept apart where text may span lines. */
const UNSAFE_TEXT = new RegExp(`[${CONTROL}]`);
const ESCAPED_TEXT = new RegExp(`[${CONTROL}]`, "g");
const ESCAPED_BLOCK = new RegExp(`(?![\\n\\t])[${CONTROL}]`, "g");

const C_ESCAPES: Record<string, string> = {
  "\u0007": "\\a",
  "\b": "\\b",
  "\t": "\\t",
  "\n": "\\n",
  "\v": "\\v",
  "\f": "\\f",
  "\r": "\\r",
  '"': '\\"',
  "\\": "\\\\",
};

/** git's C-style escape of one character: its letter escape, else each UTF-8 byte in octal. */
function escapeChar(char: string): string {
  const known = C_ESCAPES[char];
  if (known) return known;
  let out = "";
  for (const byte of new TextEncoder().encode(char))
    out += `\\${byte.toString(8).padStart(3, "0")}`;
  return out;
}

/**
 * A file name as git prints it (`core.quotePath=false`): unchanged when it is safe, else in double
 * quotes with C-style escapes — `"new\nline.txt"`, `"evil\033[31mRED.txt"`. Other Unicode (Cyrillic,
 * accents, emoji) stays readable, as with `core.quotePath=false`.
 */
export function quotePath(name: string): string {
  return NEEDS_QUOTES.test(name) ? `"${name.replace(QUOTED, escapeChar)}"` : name;
}

/**
 * Free text (an outcome, a title, a commit subject, a person's name, a message) with its control
 * characters escaped in place, C-style (`\033`, `\n`), without quotes: it stays prose. With
 * `multiline`, newlines and tabs are kept (a block of text shown as it was written).
 */
export function safeText(text: string, options: { multiline?: boolean } = {}): string {
  if (!UNSAFE_TEXT.test(text)) return text;
  return text.replace(options.multiline ? ESCAPED_BLOCK : ESCAPED_TEXT, escapeChar);
}
