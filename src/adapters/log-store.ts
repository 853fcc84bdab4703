import { isUtf8 } from "node:buffer";
import { closeSync, fstatSync, openSync, readSync, writeSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { AdriftError } from "../core/errors.js";
import type { AdriftEvent } from "../core/events/envelope.js";
import { type LinePosition, type Problem, parseEventLine } from "../core/events/parse.js";
import { type LoadedLine, type OrderedLog, orderLines } from "../core/project/order.js";
import { listLogFiles } from "./log-files.js";

export { LOG_SUFFIX, listLogFiles } from "./log-files.js";

/** Parses one file's bytes into lines and problems; `file` is the name used in positions. */
export function parseLogBuffer(
  buffer: Buffer,
  file: string,
): { lines: LoadedLine[]; problems: Problem[] } {
  const lines: LoadedLine[] = [];
  const problems: Problem[] = [];
  const texts = splitLines(buffer, file, problems);
  const last = texts.length;
  for (let i = 0; i < last; i++) {
    const text = texts[i];
    if (text === undefined || text.length === 0) continue;
    const at: LinePosition = { file, line: i + 1 };
    const parsed = parseEventLine(text, at);
    if (parsed.ok) {
      lines.push({ event: parsed.event, text, at });
      if (parsed.unknown) problems.push(parsed.problem);
      continue;
    }
    const torn = i === last - 1 && buffer.length > 0 && buffer[buffer.length - 1] !== 0x0a;
    if (torn && parsed.problem.code === "invalid_json") {
      problems.push({
        ...parsed.problem,
        code: "torn_line",
        message:
          "the last line is incomplete (a write was cut off); the next append starts on a fresh line",
      });
    } else problems.push(parsed.problem);
  }
  return { lines, problems };
}

/** Splits a buffer into line texts (CRLF accepted), reporting lines that are not UTF-8. */
function splitLines(buffer: Buffer, file: string, problems: Problem[]): (string | undefined)[] {
  if (isUtf8(buffer)) {
    const texts: (string | undefined)[] = buffer.toString("utf8").split("\n");
    if (texts.at(-1) === "") texts.pop();
    for (let i = 0; i < texts.length; i++) {
      const t = texts[i]!;
      if (t.endsWith("\r")) texts[i] = t.slice(0, -1);
    }
    return texts;
  }
  const texts: (string | undefined)[] = [];
  let start = 0;
  while (start < buffer.length) {
    let end = buffer.indexOf(0x0a, start);
    if (end < 0) end = buffer.length;
    let slice = buffer.subarray(start, end);
    if (slice.at(-1) === 0x0d) slice = slice.subarray(0, -1);
    if (isUtf8(slice)) texts.push(slice.toString("utf8"));
    else {
      texts.push(undefined);
      problems.push({
        file,
        line: texts.length,
        severity: "error",
        code: "invalid_utf8",
        message: "the line is not valid UTF-8 (skipped; fix or remove the bytes)",
      });
    }
    start = end + 1;
  }
  return texts;
}

/** Reads, parses, de-duplicates and orders the whole log under `dir`; positions relative to `root`. */
export async function readLog(
  dir: string,
  root: string,
): Promise<OrderedLog & { files: string[] }> {
  const files = await listLogFiles(dir);
  const lines: LoadedLine[] = [];
  const problems: Problem[] = [];
  for (const file of files) {
    const buffer = await readFile(file);
    const parsed = parseLogBuffer(buffer, path.relative(root, file).split(path.sep).join("/"));
    for (const line of parsed.lines) lines.push(line);
    for (const problem of parsed.problems) problems.push(problem);
  }
  const ordered = orderLines(lines);
  return { ...ordered, problems: [...problems, ...ordered.problems], files };
}

/**
 * Appends events to `file` as one write() of whole lines on a descriptor opened for appending,
 * so concurrent writers never interleave and a multi-event operation is all-or-nothing.
 * A torn last line (crash mid-write) is sealed with a newline first.
 */
export async function appendEvents(file: string, events: readonly AdriftEvent[]): Promise<void> {
  if (events.length === 0) return;
  await mkdir(path.dirname(file), { recursive: true });
  let text = "";
  for (const event of events) text += `${JSON.stringify(event)}\n`;
  let fd: number;
  try {
    fd = openSync(file, "a+");
  } catch (error) {
    throw new AdriftError(
      "io_failed",
      `cannot open ${file} for appending: ${(error as Error).message}`,
    );
  }
  try {
    const size = fstatSync(fd).size;
    if (size > 0) {
      const last = Buffer.alloc(1);
      readSync(fd, last, 0, 1, size - 1);
      if (last[0] !== 0x0a) text = `\n${text}`;
    }
    const bytes = Buffer.from(text, "utf8");
    const written = writeSync(fd, bytes);
    if (written !== bytes.length)
      throw new AdriftError(
        "io_failed",
        `short write to ${file}: ${written} of ${bytes.length} bytes`,
      );
  } finally {
    closeSync(fd);
  }
}
