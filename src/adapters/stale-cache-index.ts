// An index of the staleness cache (`stale-cache.json`), beside it: its records by the paths
// their scopes name (`core/staleness/scope-keys.ts`) and by id, so the pre-commit hook reads the
// few records a staged change can touch — positioned reads, a binary search per key — instead of
// parsing every record. Its cost does not grow with the records.
//
// Layout: the header's byte length (6 bytes, little endian), the header (JSON: the cache file's
// identity and the cache's small fields), then `count + 1` line offsets (6 bytes each, from the
// first line), then `count` lines sorted by key, each `key NUL payload`: for `p:<path>` the ids
// of the records found by that path (JSON), for `i:<id>` the record, its place among the cache's
// records and the paths its finding followed renames to. The header names the cache file by its
// identity as written (device, inode, size, modification time): an index whose cache was replaced
// since (another writer, an older adrift) matches no more, and the caller reads the cache whole.
import { closeSync, fstatSync, openSync } from "node:fs";
import type { AssessedRecord } from "../core/staleness/record-contents.js";
import { lookupKeys, recordScopeKeys } from "../core/staleness/scope-keys.js";
import { fileIdentity, readAt } from "./report-index.js";

const VERSION = 1;
const OFFSET_BYTES = 6;

/** The cache as the index reads it (`StaleCache`): its records, and its other fields as they are. */
type IndexedCache = {
  version?: number;
  records: AssessedRecord[];
  follows?: unknown;
  previous?: unknown;
  [field: string]: unknown;
};

/** What the cache holds besides its records and the paths they followed. */
type CacheFields = Record<string, unknown>;

type Header = {
  version: number;
  /** the indexed cache file's identity (`fileIdentity`) */
  cache: string;
  count: number;
  fields: CacheFields;
  /** the stored report's renames followed, per record (`reportBasisOf`): whether there are any */
  follows: boolean;
};

/** One record as its `i:` line holds it. */
type Entry = { n: number; r: AssessedRecord; f?: string[] };

/**
 * The records a change of `paths` can touch, in the cache's order, with the renames their findings
 * followed, and the cache's other fields: what the pre-commit judges a staged change with.
 */
export type CacheSlice = CacheFields & {
  records: AssessedRecord[];
  /** per record of `records`: the paths its finding followed (absent: the report has none) */
  follows?: Record<string, string[]>;
};

/**
 * The index of `cache` (written as the file `identity` names), whose stored report followed
 * renames `follows` (`reportBasisOf`).
 */
export function staleCacheIndex(
  cache: IndexedCache,
  follows: Readonly<Record<string, readonly string[]>> | undefined,
  identity: string,
): Buffer {
  const { version: _version, records, follows: _follows, previous: _previous, ...fields } = cache;
  const byKey = new Map<string, string[]>();
  const lines: [key: string, payload: string][] = [];
  records.forEach((record, n) => {
    const followed = follows?.[record.id] ?? [];
    const entry: Entry = { n, r: record, ...(followed.length ? { f: [...followed] } : {}) };
    lines.push([`i:${record.id}`, JSON.stringify(entry)]);
    for (const key of recordScopeKeys(record, followed)) {
      const ids = byKey.get(key);
      if (ids) ids.push(record.id);
      else byKey.set(key, [record.id]);
    }
  });
  for (const [key, ids] of byKey) lines.push([`p:${key}`, JSON.stringify(ids)]);
  const encoded = lines.map(([key, payload]) => [Buffer.from(key), Buffer.from(payload)] as const);
  encoded.sort((a, b) => Buffer.compare(a[0], b[0]));
  const header: Header = {
    version: VERSION,
    cache: identity,
    count: encoded.length,
    fields,
    follows: follows !== undefined,
  };
  const head = Buffer.from(JSON.stringify(header));
  const table = Buffer.alloc((encoded.length + 1) * OFFSET_BYTES);
  const parts: Buffer[] = [];
  let offset = 0;
  encoded.forEach(([key, payload], i) => {
    table.writeUIntLE(offset, i * OFFSET_BYTES, OFFSET_BYTES);
    parts.push(key, Buffer.from([0]), payload);
    offset += key.length + 1 + payload.length;
  });
  table.writeUIntLE(offset, encoded.length * OFFSET_BYTES, OFFSET_BYTES);
  const length = Buffer.alloc(OFFSET_BYTES);
  length.writeUIntLE(head.length, 0, OFFSET_BYTES);
  return Buffer.concat([length, head, table, ...parts]);
}

/**
 * The slice of the cache at `cacheFile` that a change of `paths` (both sides of a rename) can
 * touch, read through the index at `indexFile`; undefined when there is no usable index for the
 * cache as it is now (the caller then reads the cache whole).
 */
export function readStaleCacheSlice(
  cacheFile: string,
  indexFile: string,
  paths: readonly string[],
): CacheSlice | undefined {
  let cache: number | undefined;
  let index: number | undefined;
  try {
    cache = openSync(cacheFile, "r");
    index = openSync(indexFile, "r");
    const headLength = readAt(index, 0, OFFSET_BYTES).readUIntLE(0, OFFSET_BYTES);
    const header = JSON.parse(readAt(index, OFFSET_BYTES, headLength).toString("utf8")) as Header;
    if (header.version !== VERSION) return undefined;
    if (header.cache !== fileIdentity(fstatSync(cache, { bigint: true }))) return undefined;
    const table = OFFSET_BYTES + headLength;
    const first = table + (header.count + 1) * OFFSET_BYTES;
    const fd = index;
    /** The payload of the line with `key`, or undefined. */
    const lookup = (key: string): string | undefined => {
      const needle = Buffer.from(key);
      let lo = 0;
      let hi = header.count;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const bounds = readAt(fd, table + mid * OFFSET_BYTES, 2 * OFFSET_BYTES);
        const from = bounds.readUIntLE(0, OFFSET_BYTES);
        const to = bounds.readUIntLE(OFFSET_BYTES, OFFSET_BYTES);
        const line = readAt(fd, first + from, to - from);
        const nul = line.indexOf(0);
        const c = Buffer.compare(line.subarray(0, nul), needle);
        if (c === 0) return line.toString("utf8", nul + 1);
        if (c < 0) lo = mid + 1;
        else hi = mid;
      }
      return undefined;
    };
    const ids = new Set<string>();
    for (const key of new Set(paths.flatMap(lookupKeys))) {
      const found = lookup(`p:${key}`);
      if (found) for (const id of JSON.parse(found) as string[]) ids.add(id);
    }
    const entries: Entry[] = [];
    for (const id of ids) {
      const found = lookup(`i:${id}`);
      if (found === undefined) return undefined; // an index that disagrees with itself
      entries.push(JSON.parse(found) as Entry);
    }
    entries.sort((a, b) => a.n - b.n);
    const follows = header.follows
      ? Object.fromEntries(entries.filter((e) => e.f).map((e) => [e.r.id, e.f!]))
      : undefined;
    return { ...header.fields, records: entries.map((e) => e.r), ...(follows ? { follows } : {}) };
  } catch {
    return undefined;
  } finally {
    if (cache !== undefined) closeSync(cache);
    if (index !== undefined) closeSync(index);
  }
}
