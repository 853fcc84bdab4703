// Where a command's --out goes: the file, resolved from where the command runs and refused
// outside the repository, written whole or in pieces as they are made.
import { openSync, writeFileSync, writeSync } from "node:fs";
import { writePath } from "./common.js";
import type { CommonOptions } from "./io.js";

/**
 * Writes a generated document to --out (relative to where the command runs, inside the
 * repository at `root`) and returns its path; without --out, does nothing.
 */
export function writeOut(
  options: CommonOptions & { out?: string },
  root: string,
  content: string,
): string | undefined {
  if (!options.out) return undefined;
  const file = writePath(options.out, options, root, "--out", true).absolute;
  writeFileSync(file, content);
  return file;
}

/** Bytes gathered before one write to a file. */
const FILE_BATCH_CHARS = 1 << 16;

/** --out opened for writing (relative to where the command runs, inside the repository at `root`). */
export function openOut(
  options: CommonOptions & { out?: string },
  root: string,
): { file: string; fd: number } | undefined {
  if (!options.out) return undefined;
  const file = writePath(options.out, options, root, "--out", true).absolute;
  return { file, fd: openSync(file, "w") };
}

/** Passes the pieces through while writing them, in order, to the open file `fd`. */
export function* teeToFile(fd: number, chunks: Iterable<string>): Generator<string> {
  let buffer = "";
  for (const chunk of chunks) {
    buffer += chunk;
    if (buffer.length >= FILE_BATCH_CHARS) {
      writeSync(fd, buffer);
      buffer = "";
    }
    yield chunk;
  }
  if (buffer !== "") writeSync(fd, buffer);
}

/** Writes pieces to the open file `fd` one after the other, as `writeOut` writes one string. */
export function writeChunksToFile(fd: number, chunks: Iterable<string>): void {
  for (const _ of teeToFile(fd, chunks));
}
