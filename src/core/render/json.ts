/** JSON with object keys sorted at every level, so equal data always gives equal bytes. */
export function stableJson(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort())
      out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/**
 * `stableJson(value)` of an object in pieces, the same bytes: each element of the array values of
 * the keys in `streamed` is its own piece, so a report of many records is never one string.
 */
export function* stableJsonChunks(
  value: Record<string, unknown>,
  streamed: readonly string[],
): Generator<string> {
  // In the order a sorted copy gives: integer-like keys first, as objects keep them.
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = value[key];
  // Left out as JSON.stringify leaves them out (checked by type: stringifying to know would
  // build the big string this avoids).
  const keys = Object.keys(sorted).filter((key) => {
    const v = sorted[key];
    return v !== undefined && typeof v !== "function" && typeof v !== "symbol";
  });
  if (keys.length === 0) {
    yield "{}\n";
    return;
  }
  const indented = (v: unknown, pad: string) =>
    (JSON.stringify(sortKeys(v), null, 2) ?? "null").replaceAll("\n", `\n${pad}`);
  for (const [i, key] of keys.entries()) {
    const v = value[key];
    const head = `${i === 0 ? "{\n" : ""}  ${JSON.stringify(key)}: `;
    const tail = i < keys.length - 1 ? ",\n" : "\n}\n";
    if (!streamed.includes(key) || !Array.isArray(v) || v.length === 0) {
      yield `${head}${indented(v, "  ")}${tail}`;
      continue;
    }
    yield `${head}[\n`;
    for (let n = 0; n < v.length; n++)
      yield `    ${indented(v[n], "    ")}${n < v.length - 1 ? ",\n" : "\n"}`;
    yield `  ]${tail}`;
  }
}
