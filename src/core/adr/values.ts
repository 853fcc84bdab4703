import { KNOWN_STATUSES } from "./model.js";

/** A value read from a person's file, with a warning when it could not be read cleanly. */
export type Read<T> = { value?: T; warning?: string };

const EMOJI = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|\uFE0F|\u200D|\u20E3/gu;

/** True when text is a template placeholder left in (`{short title…}`, `[Date]`, `YYYY-MM-DD`). */
export function isPlaceholder(text: string): boolean {
  const t = text.trim();
  if (/^\{[^{}]*\}$/.test(t) && (/[|…]/.test(t) || t.slice(1, -1).trim().split(/\s+/).length > 2))
    return true;
  if (/^\[[^\]]*\]$/.test(t)) return true;
  return /\bYYYY\b|\bMM\b.*\bDD\b|^\.\.\.$|^…$|^TBD$|^TODO$/i.test(t);
}

/**
 * Reads a status as people write it: `Accepted`, `✅ accepted`, `{ accepted }`,
 * `superseded by ADR-0123`, `Superceded by …`. Unknown words are kept, with a warning.
 */
export function readStatus(raw: string): Read<string> {
  const written = raw.replace(/\s+/g, " ").trim();
  if (!written) return { warning: "no status" };
  if (isPlaceholder(written))
    return { warning: `status is a template placeholder left in ("${written}")` };
  const hadEmoji = EMOJI.test(written);
  EMOJI.lastIndex = 0;
  const braced = /^\{\s*[^{}|]*\}$/.test(written);
  const bare = written
    .replace(EMOJI, "")
    .replace(/[{}*_`]/g, "")
    .replace(/^[\s:.-]+|[\s.]+$/g, "");
  const first = /^[A-Za-z]+/.exec(bare)?.[0] ?? "";
  const word = first.toLowerCase() === "superceded" ? "superseded" : first.toLowerCase();
  const notes: string[] = [];
  if (hadEmoji) notes.push("emoji");
  if (braced) notes.push("braces");
  if (first.toLowerCase() === "superceded") notes.push("the spelling 'superceded'");
  if ((KNOWN_STATUSES as readonly string[]).includes(word)) {
    const value =
      word === "superseded" ? `superseded${bare.slice(first.length).replace(/\s+/g, " ")}` : word;
    return notes.length
      ? { value, warning: `status "${written}" read as "${value}" (had ${notes.join(", ")})` }
      : { value };
  }
  return {
    value: bare.toLowerCase() || written,
    warning: `unknown status "${written}" kept as written (expected one of ${KNOWN_STATUSES.join(", ")})`,
  };
}

const pad = (n: number) => String(n).padStart(2, "0");
const validDay = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/** Reads a date as ISO `YYYY-MM-DD`; day-first and ambiguous dates come with a warning. */
export function readDate(raw: unknown): Read<string> {
  const text = raw instanceof Date ? raw.toISOString().slice(0, 10) : String(raw ?? "").trim();
  if (!text) return {};
  if (isPlaceholder(text)) return { warning: `date is a template placeholder left in ("${text}")` };
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/.exec(text);
  if (m && validDay(+m[1]!, +m[2]!, +m[3]!))
    return { value: `${m[1]}-${pad(+m[2]!)}-${pad(+m[3]!)}` };
  m = /^(\d{8})$/.exec(text);
  if (m && validDay(+text.slice(0, 4), +text.slice(4, 6), +text.slice(6, 8)))
    return { value: `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}` };
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (m) {
    const [a, b, y] = [+m[1]!, +m[2]!, +m[3]!];
    if (a > 12 && validDay(y, b, a))
      return {
        value: `${y}-${pad(b)}-${pad(a)}`,
        warning: `date "${text}" read as day/month/year`,
      };
    if (b > 12 && validDay(y, a, b))
      return {
        value: `${y}-${pad(a)}-${pad(b)}`,
        warning: `date "${text}" read as month/day/year`,
      };
    if (validDay(y, b, a))
      return {
        value: `${y}-${pad(b)}-${pad(a)}`,
        warning: `date "${text}" is ambiguous; read as DD/MM/YYYY (day first): check it`,
      };
  }
  return { warning: `date "${text}" not understood; left out (expected YYYY-MM-DD)` };
}

/** The ADR number a link target or reference names: `0005-x.md`, `ADR-0005`, `adr-5`. */
export function numberOf(target: string): number | undefined {
  const base = target.split(/[?#]/)[0]!.split("/").pop() ?? "";
  const file = /^(\d{1,5})-[^/]*$/.exec(base);
  if (file) return Number(file[1]);
  const ref = /\bADR[-\s#]?0*(\d{1,5})\b/i.exec(target);
  return ref ? Number(ref[1]) : undefined;
}
