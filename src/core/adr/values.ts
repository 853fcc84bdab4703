/** A value read from a person's file, with a warning when it could not be read cleanly. */
export type Read<T> = { value?: T; warning?: string };

/** True when text is a template placeholder left in (`{short title…}`, `[Date]`, `YYYY-MM-DD`). */
export function isPlaceholder(text: string): boolean {
  const t = text.trim().replace(/\[([^[\]]*)\]\([^)]*\)/g, "$1");
  if (/^\{[^{}]*\}$/.test(t) && (/[|…]/.test(t) || t.slice(1, -1).trim().split(/\s+/).length > 2))
    return true;
  if (/^\[[^\]]*\]$/.test(t)) return true;
  return /\bYYYY\b|\bMM\b.*\bDD\b|^\.\.\.$|^…$|^TBD$|^TODO$/i.test(t);
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
  let m = /^(\d{4})([-/.])(\d{1,2})[-/.](\d{1,2})(?:[T ]\S*)?(.*)$/.exec(text);
  if (m && validDay(+m[1]!, +m[3]!, +m[4]!)) {
    const value = `${m[1]}-${pad(+m[3]!)}-${pad(+m[4]!)}`;
    const notes = [
      ...(m[3]!.length < 2 || m[4]!.length < 2 ? ["month and day not zero-padded"] : []),
      ...(m[5]!.trim() ? [`"${m[5]!.trim()}" after it left out`] : []),
    ];
    return notes.length
      ? { value, warning: `date "${text}" read as ${value} (${notes.join("; ")})` }
      : { value };
  }
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

/**
 * The number in an ADR's file name: `0012-x.md`, `ADR-12.md`, `adr-012-x.md`. A number with a
 * letter after it (`0034a-x.md`, an appendix) is not one: no number, and a warning.
 */
export function fileNumberOf(base: string): Read<number> {
  const suffixed = /^(\d{1,5})([a-z]+)-/i.exec(base);
  if (suffixed)
    return {
      warning: `the file number "${suffixed[1]}${suffixed[2]}" has a letter after it; imported without a number (it is not ADR ${Number(suffixed[1])})`,
    };
  const n = numberOf(base);
  return n === undefined ? {} : { value: n };
}

/** The ADR number a link target or reference names: `0005-x.md`, `ADR-0005`, `adr-5`. */
export function numberOf(target: string): number | undefined {
  const base = target.split(/[?#]/)[0]!.split("/").pop() ?? "";
  const file = /^(\d{1,5})-[^/]*$/.exec(base);
  if (file) return Number(file[1]);
  const ref = /\bADR[-\s#]?0*(\d{1,5})\b/i.exec(target);
  return ref ? Number(ref[1]) : undefined;
}
