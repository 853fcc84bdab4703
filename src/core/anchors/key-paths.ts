// The key paths of a data file (JSON, YAML, TOML) as anchors name them: `engines.node`,
// `scripts.build`, `jobs.test.steps.0`. A key path's fingerprint is the digest of the canonical
// JSON of its value (keys sorted), so reordering keys or reformatting the file changes nothing.

/** One key path of a data file, as `readSymbols` returns symbols. */
export type KeyPathSymbol = {
  name: string;
  kind: "key";
  startLine: number;
  endLine: number;
  fingerprint: string;
  shape: string;
};

/** Deepest key path listed: deeper values are part of their ancestors' fingerprints. */
const MAX_DEPTH = 12;

/** Every key path of `value` (objects by key, arrays by index), parents before children. */
export function keyPathSymbols(value: unknown, digest: (text: string) => string): KeyPathSymbol[] {
  const out: KeyPathSymbol[] = [];
  const visit = (v: unknown, name: string, depth: number) => {
    if (name) {
      const fingerprint = digest(canonicalJson(v));
      const composite = v !== null && typeof v === "object";
      out.push({
        name,
        kind: "key",
        startLine: 0,
        endLine: 0,
        fingerprint,
        // Only a key holding an object or a list is told as renamed when its value is found
        // under another key: scalars repeat too often (`true`, `"^1.0.0"`).
        shape: composite && canonicalJson(v).length > 2 ? fingerprint : "",
      });
    }
    if (depth >= MAX_DEPTH || v === null || typeof v !== "object") return;
    const entries = Array.isArray(v)
      ? v.map((item, i) => [String(i), item] as const)
      : Object.entries(v as Record<string, unknown>);
    for (const [key, child] of entries) visit(child, name ? `${name}.${key}` : key, depth + 1);
  };
  visit(value, "", 0);
  return out;
}

/** JSON with object keys sorted at every level (dates and other objects as JSON gives them). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? "null";
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object" || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort())
    out[key] = sortKeys((value as Record<string, unknown>)[key]);
  return out;
}
