import { escapeHtml } from "../html-escape.js";

/** Escapes text for HTML element content and attribute values. */
export const e = escapeHtml;

/**
 * Writing-direction overrides and isolates (U+202A–U+202E, U+2066–U+2069): shown as their code
 * points, so a title cannot turn the text after it around (the page's own text stays in order).
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** Text with its writing-direction overrides and isolates shown as their code points (`<U+202E>`). */
export function showBidi(text: string): string {
  return text.replace(BIDI_CONTROLS, (c) => `<U+${c.codePointAt(0)!.toString(16).toUpperCase()}>`);
}

/** Text a person wrote, for element content: escaped, bidi overrides shown as `<U+202E>`. */
export function userText(text: string): string {
  return e(showBidi(text));
}

/**
 * A JSON value for a `<script type="application/json">`: no `<`, `>` or `&` can end the element
 * (they, line separators and bidi controls are written as `\u` escapes: the same value read back).
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * A link target from a document a person wrote, or undefined when it is not one a page may follow:
 * http(s) and mailto addresses, and relative references that name no scheme (`javascript:`,
 * `data:`, `vbscript:` and every other scheme are refused, also when hidden by case, spaces or
 * control characters).
 */
export function safeHref(url: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it strips
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1]?.toLowerCase();
  if (scheme === undefined) return cleaned.startsWith("//") ? undefined : url.trim();
  return scheme === "http" || scheme === "https" || scheme === "mailto" ? url.trim() : undefined;
}

/** A site page's place: the path from the site's root, and the prefix back to the root. */
export type PagePlace = { path: string; root: string };

/** The place of a page at `path` (`index.html`, `records/ID.html`). */
export function placeOf(path: string): PagePlace {
  return { path, root: "../".repeat(path.split("/").length - 1) };
}

/** An internal link from a page: `to` is a path from the site's root (escaped). */
export function link(place: PagePlace, to: string, html: string, attrs = ""): string {
  return `<a href="${e(place.root + to)}"${attrs}>${html}</a>`;
}
