/**
 * The plain case of ADR front matter, read without a YAML engine: top-level `key: value` lines
 * whose values are plain or simply quoted scalars on one line, `[a, b]` flow lists of plain
 * items and `- item` block lists of them, blank lines and whole-line `#` comments. For that
 * subset the result is what the `yaml` package's `parse` (YAML 1.2, core schema) gives, value
 * for value and key for key in order; anything else (a continued line, a tag, an anchor, a
 * comment after a value, escapes, a duplicate key, a character YAML might treat otherwise)
 * returns undefined, and the caller asks the YAML engine. Checked against the engine by
 * property tests on generated front matter (`test/core/adr-plain-front-matter.test.ts`).
 */
export function readPlainFrontMatter(raw: string): Record<string, unknown> | undefined {
  const data: Record<string, unknown> = {};
  const seen = new Set<string>();
  const lines = raw.split("\n");
  let keys = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^[ ]*$/.test(line) || /^#/.test(line)) continue;
    const pair = KEY_LINE.exec(line);
    if (!pair) return undefined;
    const key = pair[1]!;
    if (seen.has(key) || RESERVED_KEY.test(key)) return undefined;
    seen.add(key);
    keys++;
    const text = (pair[2] ?? "").replace(/^ +| +$/g, "");
    if (text !== "") {
      const value = text.startsWith("[") ? flowList(text) : scalar(text);
      if (value === NOT_PLAIN) return undefined;
      data[key] = value;
      continue;
    }
    // `key:` alone: null, or a block list of scalars on the lines below, at one indent.
    const items: unknown[] = [];
    let indent: string | undefined;
    while (i + 1 < lines.length) {
      const next = lines[i + 1]!;
      if (/^[ ]*$/.test(next) && items.length === 0) return undefined;
      const item = /^([ ]*)- (.*)$/.exec(next);
      if (!item) break;
      if (indent !== undefined && item[1] !== indent) return undefined;
      indent = item[1]!;
      const itemText = item[2]!.replace(/^ +| +$/g, "");
      const value = itemText === "" || itemText.startsWith("[") ? NOT_PLAIN : scalar(itemText);
      if (value === NOT_PLAIN) return undefined;
      items.push(value);
      i++;
    }
    // A list ends at a key line, the end, or a blank line followed by more keys; anything
    // else after it (a deeper line, a blank line inside) is left to the YAML engine.
    if (items.length > 0) {
      const after = lines[i + 1];
      if (after !== undefined && !KEY_LINE.test(after) && !/^[ ]*$/.test(after)) return undefined;
    }
    data[key] = items.length > 0 ? items : null;
  }
  return keys > 0 ? data : undefined;
}

/** A top-level key (letters, digits, `_`, `-`, starting with a letter), `:`, then a space or the end. */
const KEY_LINE = /^([A-Za-z][A-Za-z0-9_-]*):(?: (.*))?$/;
/** Keys YAML reads as something other than their text (null, booleans). */
const RESERVED_KEY = /^(?:[Nn]ull|NULL|[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const NOT_PLAIN = Symbol("not plain");

/**
 * Characters whose reading this subset does not settle: controls, tabs, DEL and C1 controls,
 * the BOM, line and paragraph separators, surrogates (emoji are left to the engine), `\`.
 */
const UNSURE = /[^ -~\u00a0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\uffff]|\\/;

/** One scalar on one line (trailing spaces already cut), or NOT_PLAIN. */
function scalar(text: string): unknown {
  if (UNSURE.test(text)) return NOT_PLAIN;
  const first = text[0]!;
  if (first === "'") {
    const m = /^'((?:[^']|'')*)'$/.exec(text);
    return m ? m[1]!.replace(/''/g, "'") : NOT_PLAIN;
  }
  if (first === '"') {
    const m = /^"([^"]*)"$/.exec(text);
    return m ? m[1]! : NOT_PLAIN;
  }
  // Indicators that change what a plain scalar is (or whether it is one).
  if (/^[?:,[\]{}#&*!|>%@`]/.test(text) || /^- |^-$/.test(text)) return NOT_PLAIN;
  if (text.includes(": ") || text.includes(" #") || text.endsWith(":")) return NOT_PLAIN;
  return resolvePlain(text);
}

/** What the core schema makes of a plain scalar's text. */
function resolvePlain(text: string): unknown {
  if (/^(?:~|[Nn]ull|NULL)$/.test(text)) return null;
  if (/^(?:[Tt]rue|TRUE)$/.test(text)) return true;
  if (/^(?:[Ff]alse|FALSE)$/.test(text)) return false;
  if (/^[-+]?[0-9]+$/.test(text)) return Number.parseInt(text, 10);
  if (/^0o[0-7]+$/.test(text)) return Number.parseInt(text.slice(2), 8);
  if (/^0x[0-9a-fA-F]+$/.test(text)) return Number.parseInt(text.slice(2), 16);
  if (
    /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/.test(text) ||
    /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/.test(text)
  )
    return Number.parseFloat(text);
  if (/^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/.test(text))
    return text.slice(-3).toLowerCase() === "nan"
      ? Number.NaN
      : text[0] === "-"
        ? Number.NEGATIVE_INFINITY
        : Number.POSITIVE_INFINITY;
  return text;
}

/** `[a, b]` of plain items on one line (no quotes, no nested lists or maps), or NOT_PLAIN. */
function flowList(text: string): unknown {
  const m = /^\[([^[\]{}"'#:]*)\]$/.exec(text);
  if (!m || UNSURE.test(m[1]!)) return NOT_PLAIN;
  if (/^ *$/.test(m[1]!)) return [];
  const out: unknown[] = [];
  for (const part of m[1]!.split(",")) {
    const item = part.replace(/^ +| +$/g, "");
    if (item === "" || /^[?&*!|>%@`-]/.test(item)) return NOT_PLAIN;
    out.push(resolvePlain(item));
  }
  return out;
}
