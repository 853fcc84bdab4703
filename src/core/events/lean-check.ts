// A check without the schema validator for the few kinds of event the pre-commit hook writes
// (`decision_marked_stale`, and the `session_started` that may precede it): loading zod and
// building every event schema costs more than the rest of a marking commit. It accepts only an
// event exactly as the schema would give it back (the schema's keys, in its order, nothing
// undefined); anything else it leaves to the schema. A property test holds it to the schema
// (test/core/events/lean-check.test.ts): what it accepts, the schema accepts unchanged.

/** Longest free text (as `MAX_TEXT` in common.ts, which loads zod). */
export const LEAN_MAX_TEXT = 1_000_000;

/** Longest label (as `Label` in common.ts). */
const MAX_LABEL = 2_000;

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json =>
  typeof v === "object" &&
  v !== null &&
  !Array.isArray(v) &&
  Object.getPrototypeOf(v) === Object.prototype;

const isString = (v: unknown, max = Number.POSITIVE_INFINITY, min = 0): v is string =>
  typeof v === "string" && v.length >= min && v.length <= max;

/** True when every slot of the array (holes included) passes `ok`. */
function allOf(value: unknown, ok: (item: unknown) => boolean): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (!ok(value[i])) return false;
  return true;
}

/**
 * True when `value`'s own keys are, in order, those of `shape` that it has: required keys
 * present, none extra, none undefined (the schema drops an undefined optional key).
 */
function hasShape(value: Json, shape: readonly string[], required: readonly string[]): boolean {
  const keys = Object.keys(value);
  let at = 0;
  for (const key of keys) {
    while (at < shape.length && shape[at] !== key) at++;
    if (at === shape.length || value[key] === undefined) return false;
    at++;
  }
  return required.every((key) => key in value);
}

const ENVELOPE = [
  "id",
  "type",
  "schema_version",
  "at",
  "actor",
  "session_id",
  "workline_id",
  "message_id",
  "data",
] as const;

function envelopeOk(event: Json, type: string): boolean {
  const actor = event.actor;
  return (
    hasShape(event, ENVELOPE, [
      "id",
      "type",
      "schema_version",
      "at",
      "actor",
      "session_id",
      "data",
    ]) &&
    isString(event.id) &&
    ULID.test(event.id) &&
    event.type === type &&
    event.schema_version === 1 &&
    isString(event.at) &&
    RFC3339.test(event.at) &&
    isObject(actor) &&
    hasShape(actor, ["kind", "name", "email"], ["kind", "name"]) &&
    (actor.kind === "human" || actor.kind === "agent" || actor.kind === "system") &&
    isString(actor.name, MAX_LABEL) &&
    (actor.email === undefined || isString(actor.email, MAX_LABEL)) &&
    isString(event.session_id) &&
    ULID.test(event.session_id) &&
    (event.workline_id === undefined || isString(event.workline_id, 200)) &&
    (event.message_id === undefined || isString(event.message_id, MAX_LABEL)) &&
    isObject(event.data)
  );
}

function commitOk(commit: unknown): boolean {
  if (typeof commit === "string") return true;
  return (
    isObject(commit) &&
    hasShape(commit, ["hash", "author", "subject"], ["hash"]) &&
    isString(commit.hash) &&
    (commit.author === undefined || isString(commit.author)) &&
    (commit.subject === undefined || isString(commit.subject))
  );
}

function markOk(data: Json): boolean {
  const shape = ["decision_id", "reason", "commits", "paths", "detected_at", "staged", "note"];
  return (
    hasShape(data, shape, ["decision_id", "reason", "commits", "paths", "detected_at"]) &&
    isString(data.decision_id, 200, 1) &&
    (data.reason === "paths_changed" || data.reason === "manual") &&
    allOf(data.commits, commitOk) &&
    allOf(data.paths, (p) => typeof p === "string") &&
    isString(data.detected_at) &&
    (data.staged === undefined || typeof data.staged === "boolean") &&
    (data.note === undefined || isString(data.note, LEAN_MAX_TEXT))
  );
}

function sessionOk(data: Json): boolean {
  const author = data.author;
  return (
    hasShape(data, ["title", "author", "branch"], ["author"]) &&
    (data.title === undefined || isString(data.title, MAX_LABEL)) &&
    isObject(author) &&
    hasShape(author, ["name", "email"], ["name", "email"]) &&
    isString(author.name, MAX_LABEL) &&
    isString(author.email, MAX_LABEL) &&
    (data.branch === undefined || isString(data.branch, MAX_LABEL))
  );
}

const CHECKS: Record<string, (data: Json) => boolean> = {
  decision_marked_stale: markOk,
  session_started: sessionOk,
};

/**
 * True when `event` is a `decision_marked_stale` or `session_started` event exactly as its
 * schema would return it (so it may be written as it is); false means "ask the schema", not
 * "invalid".
 */
export function passesLeanCheck(event: unknown): boolean {
  if (!isObject(event) || typeof event.type !== "string") return false;
  const check = CHECKS[event.type];
  return check !== undefined && envelopeOk(event, event.type) && check(event.data as Json);
}
