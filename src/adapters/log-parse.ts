// Checking log lines against the event schemas, a file at a time. Loaded only when a file must
// be checked (its lines are not trusted from an earlier read): it brings zod and every schema.
import { setImmediate } from "node:timers/promises";
import {
  type LinePosition,
  type Problem,
  parseEventLine,
  tornOrInvalid,
} from "../core/events/parse.js";
import type { LoadedLine } from "../core/project/order.js";
import { splitLines } from "./log-files.js";

/**
 * Parses one file's bytes into lines and problems; `file` is the name used in positions.
 * `canonical` tells whether every line is exactly its validated event's JSON (only computed
 * when asked: it decides whether the file may be trusted unchanged next time).
 */
export function parseLogBuffer(
  buffer: Buffer,
  file: string,
  options: { checkCanonical?: boolean } = {},
): ParsedFile {
  const parse = fileParser(buffer, file, options);
  parse.lines(0, parse.count);
  return parse.result();
}

/** What one file's bytes parse into. */
export type ParsedFile = { lines: LoadedLine[]; problems: Problem[]; canonical: boolean };

/** Lines validated between two turns of the event loop when a whole log is read. */
const LINES_PER_TURN = 500;

/**
 * `parseLogBuffer` a slice of lines at a time, letting other work run in between: a report
 * folds a large log while staleness waits for its git commands to be started and read.
 */
export async function parseLogBufferSliced(
  buffer: Buffer,
  file: string,
  options: { checkCanonical?: boolean },
): Promise<ParsedFile> {
  const parse = fileParser(buffer, file, options);
  for (let from = 0; from < parse.count; from += LINES_PER_TURN) {
    if (from > 0) await setImmediate();
    parse.lines(from, Math.min(parse.count, from + LINES_PER_TURN));
  }
  return parse.result();
}

/** One file's lines, parsed by ranges (in order) into one result. */
function fileParser(buffer: Buffer, file: string, options: { checkCanonical?: boolean }) {
  const lines: LoadedLine[] = [];
  const problems: Problem[] = [];
  const texts = splitLines(buffer, file, problems);
  const last = texts.length;
  let canonical = options.checkCanonical === true;
  return {
    count: last,
    lines(from: number, to: number): void {
      for (let i = from; i < to; i++) {
        const text = texts[i];
        if (text === undefined || text.length === 0) continue;
        const at: LinePosition = { file, line: i + 1 };
        const parsed = parseEventLine(text, at);
        if (parsed.ok) {
          lines.push({ event: parsed.event, at });
          if (parsed.unknown) problems.push(parsed.problem);
          else if (canonical && JSON.stringify(parsed.event) !== text) canonical = false;
          continue;
        }
        const unterminated =
          i === last - 1 && buffer.length > 0 && buffer[buffer.length - 1] !== 0x0a;
        problems.push(tornOrInvalid(parsed.problem, text, unterminated));
      }
    },
    result(): ParsedFile {
      return { lines, problems, canonical: canonical && problems.length === 0 };
    },
  };
}
