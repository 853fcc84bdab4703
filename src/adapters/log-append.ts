// The one way adrift writes the log: whole lines appended with one write(). Apart from the
// reader, so a writer (the pre-commit hook marking a record) loads no schema validator.
import type { Stats } from "node:fs";
import { closeSync, constants, fstatSync, openSync, readSync, writeSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { AdriftError } from "../core/errors.js";
import type { AdriftEvent } from "../core/events/envelope.js";
import { MAX_LINE_BYTES, oversizeLine } from "../core/events/line-limit.js";

const { O_APPEND, O_CREAT, O_RDWR, O_NOFOLLOW } = constants;
/** `a+` that fails on a symbolic link (O_NOFOLLOW, where the platform has it). */
const APPEND_NO_FOLLOW = O_APPEND | O_CREAT | O_RDWR | (O_NOFOLLOW ?? 0);

/** Refuses a line that readers would refuse (`MAX_LINE_BYTES`): accepted means readable. */
function refuseOversize(line: string, event: AdriftEvent): void {
  const size = oversizeLine(line);
  if (size === undefined) return;
  const n = (value: number) => value.toLocaleString("en-US");
  throw new AdriftError(
    "validation_failed",
    `the ${event.type} event would be a log line of ${n(size)} bytes, over the limit of ${n(MAX_LINE_BYTES)} bytes (4 MiB) that every reader accepts; nothing was written: shorten its text (control characters count six bytes each, as JSON escapes them)`,
    { type: event.type, size, limit: MAX_LINE_BYTES },
  );
}

/**
 * Appends events to `file` as one write() of whole lines on a descriptor opened for appending,
 * so concurrent writers never interleave and a multi-event operation is all-or-nothing.
 * A torn last line (crash mid-write) is sealed with a newline first. Returns the bytes written.
 */
export async function appendEvents(file: string, events: readonly AdriftEvent[]): Promise<number> {
  return (await appendEventsWithStats(file, events)).bytes;
}

/** What an append did: the bytes it wrote, and its file's stat just before and just after the write. */
export type Appended = { bytes: number; before?: Stats; after?: Stats };

/** `appendEvents`, also giving the file's stat on either side of the write (one descriptor). */
export async function appendEventsWithStats(
  file: string,
  events: readonly AdriftEvent[],
): Promise<Appended> {
  if (events.length === 0) return { bytes: 0 };
  let text = "";
  for (const event of events) {
    const line = JSON.stringify(event);
    refuseOversize(line, event);
    text += `${line}\n`;
  }
  await mkdir(path.dirname(file), { recursive: true });
  let fd: number;
  try {
    // Never through a link planted where the file goes ("a+", without following it).
    fd = openSync(file, APPEND_NO_FOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOOP")
      throw new AdriftError(
        "validation_failed",
        `${file} is a symbolic link: adrift appends only to log files it created, never through a link; remove the link (its target is left alone)`,
        { path: file },
      );
    throw new AdriftError(
      "io_failed",
      `cannot open ${file} for appending: ${(error as Error).message}; check the permissions of the log directory`,
    );
  }
  try {
    const before = fstatSync(fd);
    const size = before.size;
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
    return { bytes: written, before, after: fstatSync(fd) };
  } finally {
    closeSync(fd);
  }
}
