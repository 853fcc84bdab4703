import * as z from "zod";

type Def = Record<string, unknown> & { type: string };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const cloneWith = (schema: z.ZodType, def: Def): z.ZodType =>
  (schema as unknown as { clone(def: Def): z.ZodType }).clone(def);

/** Wrappers whose inner schema sits in `def.innerType`. */
const WRAPPERS = new Set([
  "optional",
  "default",
  "nullable",
  "prefault",
  "readonly",
  "nonoptional",
]);

/**
 * The schema with every object in it, however deep, refusing keys it does not name. The event
 * payload schemas strip unknown keys (a log line from a newer writer keeps its known fields);
 * a tool's arguments must not: `card.outcom` stripped is a card recorded without its outcome.
 */
export function strictDeep<S extends z.ZodType>(schema: S): S {
  return rebuild(schema) as S;
}

function rebuild(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (def.type === "object") {
    const shape = Object.fromEntries(
      Object.entries(def.shape as Record<string, z.ZodType>).map(([k, v]) => [k, rebuild(v)]),
    );
    return cloneWith(schema, { ...def, shape, catchall: z.never() });
  }
  if (def.type === "array")
    return cloneWith(schema, { ...def, element: rebuild(def.element as z.ZodType) });
  if (def.type === "union")
    return cloneWith(schema, { ...def, options: (def.options as z.ZodType[]).map(rebuild) });
  if (WRAPPERS.has(def.type))
    return cloneWith(schema, { ...def, innerType: rebuild(def.innerType as z.ZodType) });
  return schema;
}

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (WRAPPERS.has(defOf(current).type)) current = defOf(current).innerType as z.ZodType;
  return current;
}

/** The field names of the object schema at `path` (array indexes step into elements). */
export function fieldsAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let current: z.ZodType | undefined = unwrap(schema);
  for (const step of path) {
    if (!current) return [];
    const def = defOf(current);
    if (def.type === "array" && typeof step === "number") current = def.element as z.ZodType;
    else if (def.type === "object")
      current = (def.shape as Record<string, z.ZodType>)[String(step)];
    else return [];
    current = current && unwrap(current);
  }
  return current && defOf(current).type === "object"
    ? Object.keys(defOf(current).shape as object)
    : [];
}

/** Edit distance with adjacent swaps (optimal string alignment), case-insensitive. */
function distance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  const d = Array.from({ length: s.length + 1 }, (_, i) =>
    Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= s.length; i++)
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[s.length]![t.length]!;
}

/** A name without case, separators or a plural ending: `Stories`, `story` and `stories` meet. */
const squash = (name: string) =>
  name
    .toLowerCase()
    .replace(/[_\-\s]/g, "")
    .replace(/ies$/, "y")
    .replace(/s$/, "");

/**
 * The known fields an unknown one most likely meant: the same name in another spelling
 * (`chosenApproach`, `story` for `stories`), a close typo (`outcom`), the start of a longer
 * name (`record_intent`), or a word of one (`rationale` for `selection_rationale`, as the CLI
 * flag says). Empty when nothing is close.
 */
export function nearestFields(unknown: string, known: readonly string[]): string[] {
  const same = known.filter((k) => squash(k) === squash(unknown));
  if (same.length > 0) return same;
  const limit = Math.max(2, Math.floor(unknown.length / 3));
  const scored = known
    .map((k) => ({ k, d: distance(unknown, k) }))
    .filter(({ d }) => d <= limit)
    .sort((a, b) => a.d - b.d);
  if (scored.length > 0) return scored.filter(({ d }) => d === scored[0]!.d).map(({ k }) => k);
  const start = squash(unknown);
  const longer = known.filter((k) => start.length >= 3 && squash(k).startsWith(start));
  if (longer.length > 0) return longer;
  const word = squash(unknown);
  return known.filter((k) => k.split("_").some((part) => squash(part) === word));
}

/** `considered[0].approach`: a path as an agent writes it. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, step) =>
      typeof step === "number" ? `${out}[${step}]` : out ? `${out}.${String(step)}` : String(step),
    "",
  );
}

/**
 * Where an unknown key at `path` probably belongs: a near field at its own level, else the same
 * name one level down (`outcome` given beside `card`: `card.outcome`) or one level up.
 */
export function suggestField(
  schema: z.ZodType,
  path: readonly PropertyKey[],
  key: string,
): string[] {
  const here = fieldsAt(schema, path);
  const near = nearestFields(key, here);
  if (near.length > 0) return near.map((k) => formatPath([...path, k]));
  const below = here.flatMap((field) =>
    nearestFields(key, fieldsAt(schema, [...path, field])).map((k) =>
      formatPath([...path, field, k]),
    ),
  );
  if (below.length > 0) return below;
  if (path.length === 0) return [];
  const up = path.slice(0, typeof path.at(-1) === "number" ? -2 : -1);
  return nearestFields(key, fieldsAt(schema, up)).map((k) => formatPath([...up, k]));
}
