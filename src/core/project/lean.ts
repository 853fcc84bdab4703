import type { AdriftEvent } from "../events/envelope.js";

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
]);

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const TYPE_KEY = '"type":"';

/**
 * The event type of a line without parsing it, when the line names one type only (adrift writes
 * it near the start); undefined when there is none or more than one `"type":"` (then a nested
 * object might hold the first, and the caller looks closer).
 */
function typeOf(text: string): string | undefined {
  const at = text.indexOf(TYPE_KEY);
  if (at < 0) return undefined;
  const start = at + TYPE_KEY.length;
  const end = text.indexOf('"', start);
  if (end < 0 || text.indexOf(TYPE_KEY, end) >= 0) return undefined;
  return text.slice(start, end);
}

/**
 * Reads one log line for staleness without the schema validator (the hook path must start
 * fast): JSON, an envelope with a ULID, a known staleness-relevant type, and the fields the
 * fold reads, defaulted as the schema would. Anything else is left out; `validate` reports it.
 */
export function parseForStaleness(text: string): AdriftEvent | undefined {
  const type = typeOf(text);
  if (type !== undefined && !STALENESS_TYPES.has(type)) return undefined;
  if (
    type === undefined &&
    !text.includes('"type":"workline_') &&
    !text.includes('"type":"intent_card_') &&
    !text.includes('"type":"decision_')
  )
    return undefined;
  // Amendments matter to staleness only when they change the scope.
  if (
    (type === "intent_card_amended" ||
      (type === undefined && text.includes('"type":"intent_card_amended"'))) &&
    !text.includes('"touched_paths"')
  )
    return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(raw) || typeof raw.id !== "string" || !ULID.test(raw.id)) return undefined;
  if (raw.schema_version !== 1 || typeof raw.type !== "string" || !STALENESS_TYPES.has(raw.type))
    return undefined;
  if (!isObject(raw.data) || typeof raw.session_id !== "string") return undefined;
  const data = raw.data;
  if (raw.type === "intent_card_recorded" || raw.type === "decision_recorded") {
    if (!isObject(data.card)) return undefined;
    const basis = data.basis;
    if (
      basis !== undefined &&
      (!isObject(basis) ||
        !Array.isArray(basis.touched_paths) ||
        typeof basis.revision !== "string")
    )
      return undefined;
    // Defaulted in place (the parsed object is ours): a copy per record is 10,000 more objects.
    if (!Array.isArray(data.considered)) data.considered = [];
    if (!Array.isArray(data.tags)) data.tags = [];
    if (!Array.isArray(data.findings)) data.findings = [];
    if (data.trivial !== true) data.trivial = false;
  }
  if (raw.type === "intent_card_amended" && !isObject(data.changes)) return undefined;
  if (raw.type === "decision_reverified" && !isObject(data.basis)) return undefined;
  return raw as unknown as AdriftEvent;
}
