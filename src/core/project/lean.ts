import type { AdriftEvent } from "../events/envelope.js";
import { MAX_LINE_BYTES, oversizeLine } from "../events/line-limit.js";

/** The event types staleness folds: records, their lifecycle, and worklines. */
const STALENESS_TYPES = new Set([
  "workline_opened",
  "workline_parked",
  "workline_activated",
  "workline_closed",
  "intent_card_recorded",
  "intent_card_amended",
  "decision_recorded",
  "decision_marked_stale",
  "decision_reverified",
  "decision_superseded",
  "decision_anchored",
]);

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const TYPE_KEY = '"type":"';

/** True for the types staleness folds (`parseForStaleness` reads no others). */
export function isStalenessType(type: string): boolean {
  return STALENESS_TYPES.has(type);
}

/**
 * True when a line left unparsed looks whole and of this schema as adrift writes it: a closing
 * brace at the end, and `","schema_version":1,` right after the type — tested by the key's
 * first and last letters and `:1,` (a few character reads: `startsWith` at an offset would
 * cost the hook path more than the rest of skipping the line). So a torn line or one from a
 * newer adrift is caught without parsing what staleness skips.
 */
function looksWhole(text: string, typeEnd: number): boolean {
  let last = text.length - 1;
  if (text.charCodeAt(last) === 0x0d) last--;
  return (
    text.charCodeAt(last) === 0x7d && // }
    text.charCodeAt(typeEnd + 3) === 0x73 && // s
    text.charCodeAt(typeEnd + 16) === 0x6e && // n
    text.charCodeAt(typeEnd + 18) === 0x3a && // :
    text.charCodeAt(typeEnd + 19) === 0x31 && // 1
    text.charCodeAt(typeEnd + 20) === 0x2c // ,
  );
}

/** A line `parseForStaleness` could not read without the schema validator. */
export const NEEDS_VALIDATION = Symbol("needs validation");

/**
 * Reads one log line for staleness without the schema validator (the hook path must start
 * fast): JSON, an envelope with a ULID, a known staleness-relevant type, and the fields the
 * fold reads, defaulted as the schema would. A line of another type is skipped (undefined)
 * when it looks whole; anything else — broken, from a newer adrift, or written otherwise than
 * adrift writes — is `NEEDS_VALIDATION`: the caller validates it, to use it or report it.
 */
export function parseForStaleness(text: string): AdriftEvent | undefined | typeof NEEDS_VALIDATION {
  if (text.length === 0 || text === "\r") return undefined;
  // Over the limit every reader refuses: the validator reports it (line_too_long).
  if (text.length > MAX_LINE_BYTES / 3 && oversizeLine(text) !== undefined) return NEEDS_VALIDATION;
  // The type without parsing, when the line names one only (adrift writes it near the start;
  // with none or more than one `"type":"`, a nested object might hold the first).
  const at = text.indexOf(TYPE_KEY);
  if (at < 0) return NEEDS_VALIDATION;
  const start = at + TYPE_KEY.length;
  const end = text.indexOf('"', start);
  if (end < 0 || text.indexOf(TYPE_KEY, end) >= 0) return NEEDS_VALIDATION;
  const type = text.slice(start, end);
  // Amendments matter to staleness only when they change the scope.
  if (
    !STALENESS_TYPES.has(type) ||
    (type === "intent_card_amended" && !text.includes('"touched_paths"'))
  )
    return looksWhole(text, end) ? undefined : NEEDS_VALIDATION;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return NEEDS_VALIDATION;
  }
  if (!isObject(raw) || typeof raw.id !== "string" || !ULID.test(raw.id)) return NEEDS_VALIDATION;
  if (raw.schema_version !== 1 || raw.type !== type) return NEEDS_VALIDATION;
  if (!isObject(raw.data) || typeof raw.session_id !== "string") return NEEDS_VALIDATION;
  const data = raw.data;
  if (raw.type === "intent_card_recorded" || raw.type === "decision_recorded") {
    if (!isObject(data.card)) return NEEDS_VALIDATION;
    const basis = data.basis;
    if (
      basis !== undefined &&
      (!isObject(basis) ||
        !Array.isArray(basis.touched_paths) ||
        typeof basis.revision !== "string" ||
        !anchorsLookWhole(basis.anchors))
    )
      return NEEDS_VALIDATION;
    // Defaulted in place (the parsed object is ours): a copy per record is 10,000 more objects.
    if (!Array.isArray(data.considered)) data.considered = [];
    if (!Array.isArray(data.tags)) data.tags = [];
    if (!Array.isArray(data.findings)) data.findings = [];
    if (data.trivial !== true) data.trivial = false;
  }
  if (raw.type === "intent_card_amended" && !isObject(data.changes)) return NEEDS_VALIDATION;
  if (
    (raw.type === "decision_reverified" || raw.type === "decision_anchored") &&
    (!isObject(data.basis) || !anchorsLookWhole(data.basis.anchors))
  )
    return NEEDS_VALIDATION;
  return raw as unknown as AdriftEvent;
}

/** True when a basis's anchors are absent or a list of objects naming a path and a symbol. */
function anchorsLookWhole(anchors: unknown): boolean {
  if (anchors === undefined) return true;
  return (
    Array.isArray(anchors) &&
    anchors.every(
      (a) =>
        isObject(a) &&
        typeof a.path === "string" &&
        typeof a.symbol === "string" &&
        typeof a.fingerprint === "string",
    )
  );
}
