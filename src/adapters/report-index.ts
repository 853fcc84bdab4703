// An index of the stored staleness report (`stale-report.json`), beside it: where each finding's
// JSON is in the file, by record id, so a hook that needs a few findings of a report of
// thousands reads those bytes alone (positioned reads) instead of the whole file. Its cost does
// not grow with the number of findings: a lookup is a binary search over fixed-width entries.
//
// Layout: one header line of JSON, then `count` entries sorted by id, each `width + 12` bytes:
// the id as its JSON string (as the report spells it), padded with spaces to `width`, then the
// finding's first and end byte offsets in the report file (6 bytes each, little endian).
// The header names the report file it indexes by its identity (device, inode, size,
// modification time), taken from the file as written, before it was renamed into place: an index
// whose report was replaced since (another writer, an older adrift) matches no more, and the
// caller reads the report whole, as before there was an index.
import { type BigIntStats, closeSync, fstatSync, openSync, readSync } from "node:fs";

const VERSION = 1;
const OFFSET_BYTES = 6;
const RECORD_ID = Buffer.from('{"record_id":');
const SEPARATOR = Buffer.from('},{"record_id":');
const FINDINGS_OPEN = Buffer.from(',"findings":[');
const FINDINGS_CLOSE = Buffer.from('],"notices":');
const HEAD_OPEN = Buffer.from('{"head":');

type Header = {
  version: number;
  /** the indexed report file's identity (`fileIdentity`) */
  report: string;
  width: number;
  count: number;
  /** byte spans in the report file: the report's `head` and `notices` values */
  head: [number, number];
  notices: [number, number];
};

/** A file's identity for the index: what a rename keeps and any rewrite changes. */
export function fileIdentity(s: BigIntStats): string {
  return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}`;
}

/** The end (exclusive) of the JSON string token that starts at `from` (a quote), or -1. */
function stringEnd(bytes: Buffer, from: number): number {
  if (bytes[from] !== 0x22) return -1;
  for (let i = from + 1; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x5c) i++;
    else if (b === 0x22) return i + 1;
  }
  return -1;
}

/**
 * The index of a stored report file's bytes (`{"key":…,"head":…,"report":{"head":…,"findings":
 * […],"notices":[…]}}`, starting the report at `start`), written by `writeStaleCache`; undefined
 * when the bytes are not laid out so. Inside JSON strings every quote is escaped, so
 * `,"findings":[` first occurs where the findings start, `],"notices":` last where they end, and
 * `},{"record_id":` only between two findings (`record_id` is a finding's first key and no nested
 * object has one).
 */
export function reportIndex(bytes: Buffer, start: number, identity: string): Buffer | undefined {
  if (bytes.indexOf(HEAD_OPEN, start) !== start) return undefined;
  const open = bytes.indexOf(FINDINGS_OPEN, start);
  const close = bytes.lastIndexOf(FINDINGS_CLOSE);
  // The file ends with the report's `}` and the outer one.
  const tail = bytes.length - 2;
  if (open < 0 || close < open || bytes.toString("latin1", tail) !== "}}") return undefined;
  const first = open + FINDINGS_OPEN.length;
  // Each id's bytes as a latin1 string: one character per byte, so strings compare in byte order.
  const ids: string[] = [];
  const spans: number[] = [];
  let at = first;
  while (at < close) {
    if (bytes.indexOf(RECORD_ID, at) !== at) return undefined;
    const idEnd = stringEnd(bytes, at + RECORD_ID.length);
    if (idEnd < 0) return undefined;
    const next = bytes.indexOf(SEPARATOR, idEnd);
    const end = next >= 0 && next < close ? next + 1 : close;
    ids.push(bytes.toString("latin1", at + RECORD_ID.length, idEnd));
    spans.push(at, end);
    at = end === close ? close : end + 1;
  }
  // Sorted unpadded, searched padded: the same order, as an id's token (a JSON string: its only
  // unescaped quote is its last byte) is never the start of another's.
  const width = ids.reduce((w, id) => Math.max(w, id.length), 0);
  const order = ids
    .map((_, i) => i)
    .sort((a, b) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0));
  const header: Header = {
    version: VERSION,
    report: identity,
    width,
    count: ids.length,
    head: [start + HEAD_OPEN.length, open],
    notices: [close + FINDINGS_CLOSE.length, tail],
  };
  const head = Buffer.from(`${JSON.stringify(header)}\n`);
  const size = width + 2 * OFFSET_BYTES;
  const out = Buffer.alloc(head.length + ids.length * size, 0x20);
  head.copy(out);
  order.forEach((i, slot) => {
    const entry = head.length + slot * size;
    out.write(ids[i]!, entry, "latin1");
    out.writeUIntLE(spans[2 * i]!, entry + width, OFFSET_BYTES);
    out.writeUIntLE(spans[2 * i + 1]!, entry + width + OFFSET_BYTES, OFFSET_BYTES);
  });
  return out;
}

/** What the index gives: the report's head and notices, and the findings asked for. */
export type IndexedFindings = { head: string; findings: unknown[]; notices: string[] };

/** `length` bytes of the open file `fd` from byte `from` (positioned reads; short only at its end: an error). */
export function readAt(fd: number, from: number, length: number): Buffer {
  // Every byte is read into it before it is returned (a short read throws it away).
  const buffer = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const n = readSync(fd, buffer, done, length - done, from + done);
    if (n === 0) throw new Error("short read");
    done += n;
  }
  return buffer;
}

function readHeader(fd: number): { header: Header; entries: number } | undefined {
  const first = Buffer.alloc(1024);
  const n = readSync(fd, first, 0, first.length, 0);
  const newline = first.subarray(0, n).indexOf(0x0a);
  if (newline < 0) return undefined;
  const header = JSON.parse(first.toString("utf8", 0, newline)) as Header;
  return header.version === VERSION ? { header, entries: newline + 1 } : undefined;
}

/** How many ids are looked up one by one (a binary search each) before the entries are read whole. */
const PROBES = 64;

/** The sign of `a`'s `width` bytes from `at` against `b`'s first `width` (no copy, no allocation). */
function compareAt(a: Buffer, at: number, b: Buffer, width: number): number {
  for (let i = 0; i < width; i++) {
    const d = a[at + i]! - b[i]!;
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * The findings of `ids` (in the report's order, each parsed from its own bytes), with the report's
 * head and notices, read from `reportFile` through its index at `indexFile`: "mismatch" when the
 * report's text does not start with `prefix` (another key or head), undefined when there is no
 * usable index for the file as it is now (the caller then reads the report whole).
 */
export function readIndexedFindings(
  reportFile: string,
  indexFile: string,
  prefix: string,
  ids: ReadonlySet<string>,
): IndexedFindings | "mismatch" | undefined {
  return readingFiles(reportFile, indexFile, (report, index) => {
    const read = readHeader(index);
    if (!read || read.header.report !== fileIdentity(fstatSync(report, { bigint: true })))
      return undefined;
    const { header, entries } = read;
    const expected = Buffer.from(prefix);
    if (!readAt(report, 0, expected.length).equals(expected)) return "mismatch";
    const { width, count } = header;
    const size = width + 2 * OFFSET_BYTES;
    // Many ids: the entries read at once; a few: each probe reads its own entry.
    const whole = ids.size > PROBES ? readAt(index, entries, count * size) : undefined;
    /** Entry `slot`: the bytes holding it, and where it starts in them. */
    const entry = (slot: number): [Buffer, number] =>
      whole ? [whole, slot * size] : [readAt(index, entries + slot * size, size), 0];
    const spans: [number, number][] = [];
    for (const id of ids) {
      const token = Buffer.from(JSON.stringify(id));
      if (token.length > width) continue;
      const needle = Buffer.alloc(width, 0x20);
      token.copy(needle);
      let lo = 0;
      let hi = count;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const [bytes, at] = entry(mid);
        const c = compareAt(bytes, at, needle, width);
        if (c === 0) {
          spans.push([
            bytes.readUIntLE(at + width, OFFSET_BYTES),
            bytes.readUIntLE(at + width + OFFSET_BYTES, OFFSET_BYTES),
          ]);
          break;
        }
        if (c < 0) lo = mid + 1;
        else hi = mid;
      }
    }
    spans.sort((a, b) => a[0] - b[0]);
    const text = (span: [number, number]) =>
      readAt(report, span[0], span[1] - span[0]).toString("utf8");
    return {
      head: JSON.parse(text(header.head)) as string,
      findings: spans.map((span) => JSON.parse(text(span)) as unknown),
      notices: JSON.parse(text(header.notices)) as string[],
    };
  });
}

/**
 * What `read` gives with a data file and its index open for reading (closed after, whatever
 * happens); undefined when one cannot be opened or `read` throws (a short read, a torn file: the
 * caller reads another way).
 */
export function readingFiles<T>(
  data: string,
  index: string,
  read: (data: number, index: number) => T,
): T | undefined {
  let dataFd: number | undefined;
  let indexFd: number | undefined;
  try {
    dataFd = openSync(data, "r");
    indexFd = openSync(index, "r");
    return read(dataFd, indexFd);
  } catch {
    return undefined;
  } finally {
    if (dataFd !== undefined) closeSync(dataFd);
    if (indexFd !== undefined) closeSync(indexFd);
  }
}
