// An index of the staleness cache (`stale-cache.json`), beside it: where each record is in the
// cache file, by the paths its scope names (`core/staleness/scope-keys.ts`), so the pre-commit
// hook reads the few records a staged change can touch — positioned reads, a binary search per
// folder above each staged path — instead of parsing every record. Its cost grows with the
// records a staged path can touch, not with the cache.
//
// Layout: the header's byte length (6 bytes, little endian), the header (JSON: the cache file's
// identity, the cache's small fields, the paths records' findings followed renames to), then
// `count + 1` line offsets (6 bytes each, from the first line), then `count` lines sorted by path,
// each `path NUL entries`: for each record that path finds, its place among the cache's records
// and its first and end byte in the cache file (6 bytes each). The header names the cache file by its
// identity as written (device, inode, size, modification time): an index whose cache was replaced
// since (another writer, an older adrift) matches no more, and the caller reads the cache whole.
import { fstatSync } from "node:fs";
import type { AssessedRecord } from "../core/staleness/record-contents.js";
import { lookupKeys, recordScopeKeys } from "../core/staleness/scope-keys.js";
import { fileIdentity, readAt, readingFiles } from "./report-index.js";

const VERSION = 2;
const OFFSET_BYTES = 6;
/** How much of a line a search step reads first: its path, most often whole. */
const KEY_WINDOW = 512;

/** What the cache holds besides its records and the paths they followed. */
type CacheFields = Record<string, unknown>;

type Header = {
  version: number;
  /** the indexed cache file's identity (`fileIdentity`) */
  cache: string;
  count: number;
  fields: CacheFields;
  /** the paths each record's finding followed renames to (`reportBasisOf`); absent: none known */
  follows?: Record<string, string[]>;
};

/** A record as a line names it: its place among the records, its first and end byte in the cache file. */
const ENTRY = 3 * OFFSET_BYTES;

/**
 * The records a change of `paths` can touch, in the cache's order, with the renames their findings
 * followed, and the cache's other fields: what the pre-commit judges a staged change with.
 */
export type CacheSlice = CacheFields & {
  records: AssessedRecord[];
  /** per record of `records`: the paths its finding followed (absent: the report has none) */
  follows?: Record<string, string[]>;
};

const OPEN = Buffer.from('{"records":[');
const ID_OPEN_TEXT = '{"id":"';
const ID_OPEN = Buffer.from(ID_OPEN_TEXT);
const QUOTE = 0x22;
/** Between two records: each record's JSON starts with its id (`{"id":`), and inside JSON strings every quote is escaped. */
const BETWEEN = Buffer.from('},{"id":');

/**
 * The cache's bytes with its records first, and where each record's JSON is in them (byte spans):
 * what the index points into. Any JSON reader reads it as the cache.
 */
export function cacheText(
  records: readonly AssessedRecord[],
  fields: CacheFields,
): { bytes: Buffer; spans: [number, number][] } {
  const rest = JSON.stringify(fields);
  const tail = rest === "{}" ? "}" : `,${rest.slice(1)}`;
  // One serialisation of the records, cut between records where `},{"id":` is; checked record by
  // record (each span starts with its own id), else each record serialised alone.
  const bytes = Buffer.from(`{"records":${JSON.stringify(records)}${tail}`);
  const end = bytes.length - Buffer.byteLength(tail) - 1; // the records' closing bracket
  const spans: [number, number][] = [];
  let at = OPEN.length;
  while (records.length > 0) {
    const next = bytes.indexOf(BETWEEN, at);
    const stop = next >= 0 && next < end ? next + 1 : end;
    spans.push([at, stop]);
    if (stop === end) break;
    at = stop + 1;
  }
  if (
    spans.length === records.length &&
    spans.every(([from], i) => startsWithId(bytes, from, records[i]!.id))
  )
    return { bytes, spans };
  return cacheTextRecordByRecord(records, tail);
}

/** True when the JSON at `from` is an object whose first member is `"id":"<id>"`. */
function startsWithId(bytes: Buffer, from: number, id: string): boolean {
  // Latin-1: one character per byte, so an id outside ASCII never compares equal (and the
  // records are then serialised one by one).
  const at = from + ID_OPEN.length;
  return (
    bytes.toString("latin1", from, at) === ID_OPEN_TEXT &&
    bytes.toString("latin1", at, at + id.length) === id &&
    bytes[at + id.length] === QUOTE
  );
}

/** `cacheText` with each record serialised alone. */
function cacheTextRecordByRecord(
  records: readonly AssessedRecord[],
  tail: string,
): { bytes: Buffer; spans: [number, number][] } {
  const texts = records.map((r) => JSON.stringify(r));
  const spans: [number, number][] = [];
  let at = OPEN.length;
  for (const text of texts) {
    const stop = at + Buffer.byteLength(text);
    spans.push([at, stop]);
    at = stop + 1; // the comma
  }
  return { bytes: Buffer.from(`{"records":[${texts.join(",")}]${tail}`), spans };
}

/**
 * The index of a cache written as `cacheText` gave it (`spans`), as the file `identity` names,
 * whose stored report followed renames `follows` (`reportBasisOf`).
 */
export function staleCacheIndex(
  records: readonly AssessedRecord[],
  spans: readonly [number, number][],
  fields: CacheFields,
  follows: Readonly<Record<string, readonly string[]>> | undefined,
  identity: string,
): Buffer {
  const byKey = new Map<string, number[]>();
  records.forEach((record, n) => {
    for (const key of recordScopeKeys(record, follows?.[record.id])) {
      const found = byKey.get(key);
      if (found) found.push(n);
      else byKey.set(key, [n]);
    }
  });
  // In byte order: the reader compares UTF-8 bytes.
  const keys = [...byKey.keys()]
    .map((key) => ({ key, bytes: Buffer.from(key) }))
    .sort((a, b) => Buffer.compare(a.bytes, b.bytes));
  const { version: _version, follows: _follows, previous: _previous, ...small } = fields;
  const header: Header = {
    version: VERSION,
    cache: identity,
    count: keys.length,
    fields: small,
    ...(follows ? { follows: follows as Record<string, string[]> } : {}),
  };
  const head = Buffer.from(JSON.stringify(header));
  const table = Buffer.alloc((keys.length + 1) * OFFSET_BYTES);
  let size = 0;
  for (const { key, bytes } of keys) size += bytes.length + 1 + byKey.get(key)!.length * ENTRY;
  const lines = Buffer.alloc(size);
  let offset = 0;
  keys.forEach(({ key, bytes }, i) => {
    table.writeUIntLE(offset, i * OFFSET_BYTES, OFFSET_BYTES);
    offset += bytes.copy(lines, offset) + 1; // and the NUL Buffer.alloc left there
    for (const n of byKey.get(key)!) {
      lines.writeUIntLE(n, offset, OFFSET_BYTES);
      lines.writeUIntLE(spans[n]![0], offset + OFFSET_BYTES, OFFSET_BYTES);
      lines.writeUIntLE(spans[n]![1], offset + 2 * OFFSET_BYTES, OFFSET_BYTES);
      offset += ENTRY;
    }
  });
  table.writeUIntLE(offset, keys.length * OFFSET_BYTES, OFFSET_BYTES);
  const length = Buffer.alloc(OFFSET_BYTES);
  length.writeUIntLE(head.length, 0, OFFSET_BYTES);
  return Buffer.concat([length, head, table, lines]);
}

/** True when the index at `indexFile` is of the cache file as it is now. */
export function indexMatches(cacheFile: string, indexFile: string): boolean {
  const identity = readingFiles(cacheFile, indexFile, (cache, index) => {
    const read = readHeader(index);
    return read?.header.cache === fileIdentity(fstatSync(cache, { bigint: true }));
  });
  return identity === true;
}

function readHeader(fd: number): { header: Header; length: number } | undefined {
  const length = readAt(fd, 0, OFFSET_BYTES).readUIntLE(0, OFFSET_BYTES);
  const header = JSON.parse(readAt(fd, OFFSET_BYTES, length).toString("utf8")) as Header;
  return header.version === VERSION ? { header, length } : undefined;
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
  return readingFiles(cacheFile, indexFile, (cache, index) => {
    const read = readHeader(index);
    if (!read) return undefined;
    const { header, length: headLength } = read;
    if (header.cache !== fileIdentity(fstatSync(cache, { bigint: true }))) return undefined;
    const table = OFFSET_BYTES + headLength;
    const first = table + (header.count + 1) * OFFSET_BYTES;
    const fd = index;
    /** The entries of the line of `key` (ENTRY bytes each), or undefined. */
    const lookup = (key: string): Buffer | undefined => {
      const needle = Buffer.from(key);
      let lo = 0;
      let hi = header.count;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const bounds = readAt(fd, table + mid * OFFSET_BYTES, 2 * OFFSET_BYTES);
        const from = bounds.readUIntLE(0, OFFSET_BYTES);
        const to = bounds.readUIntLE(OFFSET_BYTES, OFFSET_BYTES);
        let line = readAt(fd, first + from, Math.min(to - from, KEY_WINDOW));
        if (line.indexOf(0) < 0) line = readAt(fd, first + from, to - from);
        const nul = line.indexOf(0);
        const c = Buffer.compare(line.subarray(0, nul), needle);
        if (c === 0) return readAt(fd, first + from + nul + 1, to - from - nul - 1);
        if (c < 0) lo = mid + 1;
        else hi = mid;
      }
      return undefined;
    };
    /** Each record found: its place, and its first and end byte in the cache file. */
    const found = new Map<number, [number, number]>();
    for (const key of new Set(paths.flatMap(lookupKeys))) {
      const entries = lookup(key);
      for (let at = 0; entries && at + ENTRY <= entries.length; at += ENTRY)
        found.set(entries.readUIntLE(at, OFFSET_BYTES), [
          entries.readUIntLE(at + OFFSET_BYTES, OFFSET_BYTES),
          entries.readUIntLE(at + 2 * OFFSET_BYTES, OFFSET_BYTES),
        ]);
    }
    const records = [...found]
      .sort((a, b) => a[0] - b[0])
      .map(([, [start, end]]) => {
        const text = readAt(cache, start, end - start).toString("utf8");
        return JSON.parse(text) as AssessedRecord;
      });
    const follows = header.follows
      ? Object.fromEntries(
          records.flatMap((r) => (header.follows![r.id] ? [[r.id, header.follows![r.id]!]] : [])),
        )
      : undefined;
    return { ...header.fields, records, ...(follows ? { follows } : {}) };
  });
}
