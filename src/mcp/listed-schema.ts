/**
 * The input schema as tools/list shows it: what an agent needs to call a tool (field names,
 * types, which are required, enums, descriptions) without the bounds the server checks anyway
 * (lengths and counts, empty defaults), which every agent would otherwise read on every turn. A
 * call past a bound is answered with `isError` and the field named. That an object takes no other
 * field (`additionalProperties: false`) stays: it tells the agent not to guess names.
 */

/** Keys left out of a listed schema: each is enforced by the server's own parse of the call. */
const CHECKED_BY_SERVER = new Set(["maxLength", "minLength", "maxItems", "minItems", "pattern"]);

/** Whether a `default` says nothing a caller needs: an empty text or list, `false`, or an object of those. */
const emptyDefault = (value: unknown): boolean =>
  value === false ||
  value === "" ||
  (Array.isArray(value) && value.length === 0) ||
  (value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    Object.values(value).every(emptyDefault));

/** `schema` without the server-checked bounds, at every depth; the input is left unchanged. */
export function listedSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(listedSchema);
  if (schema === null || typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (CHECKED_BY_SERVER.has(key) && typeof value !== "object") continue;
    if (key === "default" && emptyDefault(value)) continue;
    // under `properties` the keys are field names, never schema keywords: kept whatever they are
    out[key] =
      key === "properties" && value && typeof value === "object"
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, listedSchema(v)]))
        : listedSchema(value);
  }
  return out;
}
