// Reading a file adrift did not write (settings, input files) without being led elsewhere: no
// symbolic link, only a regular file (never a device or a pipe, which could hang a reader), and
// never more than a limit. Errors name the file, never its content.
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import path from "node:path";
import { AdriftError } from "../core/errors.js";
import { assertNoLinkOnTheWay } from "./log-files.js";

const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK } = constants;

/** What a setting or input file may weigh: far above any real one, far below memory. */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;

const n = (value: number) => value.toLocaleString("en-US");

/**
 * The bytes of the regular file `file`, or undefined when there is none. With `root`, every
 * part of `file` below it must be a real directory or file, not a symbolic link (a link in the
 * repository leads where git does not track). Refuses a link, a device, a pipe or a directory,
 * and a file larger than `maxBytes`, with `validation_failed` naming `name` (the file as the
 * user knows it). `followLinks`: a file the user named themselves (`--file`), which may be a link.
 */
export function readRegularFile(
  file: string,
  options: { root?: string; name?: string; maxBytes?: number; followLinks?: boolean } = {},
): Buffer | undefined {
  const name = options.name ?? file;
  const max = options.maxBytes ?? MAX_INPUT_BYTES;
  if (options.root) assertNoLinkOnTheWay(options.root, path.relative(options.root, file));
  let fd: number;
  try {
    // Not blocking: opening a pipe for reading would wait for a writer.
    const noFollow = options.followLinks ? 0 : (O_NOFOLLOW ?? 0);
    fd = openSync(file, O_RDONLY | noFollow | (O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    if (code === "ELOOP")
      throw new AdriftError(
        "validation_failed",
        `${name} is a symbolic link: adrift reads only regular files here; replace the link with the file it points to`,
        { path: name },
      );
    throw new AdriftError(
      "io_failed",
      `cannot read ${name} (${code ?? "error"}); check that it is a readable file`,
      { path: name },
    );
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile())
      throw new AdriftError(
        "validation_failed",
        `${name} is not a regular file (a ${stat.isDirectory() ? "directory" : "device, pipe or socket"}); give a regular file`,
        { path: name },
      );
    if (stat.size > max) throw tooLargeError(name, stat.size, max);
    const bytes = Buffer.alloc(stat.size);
    let read = 0;
    while (read < bytes.length) {
      const got = readSync(fd, bytes, read, bytes.length - read, read);
      if (got === 0) break;
      read += got;
    }
    return bytes.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/** The error for an input of `size` bytes over the `max` adrift reads from it (`name` as the user knows it). */
export function tooLargeError(name: string, size: number, max: number): AdriftError {
  return new AdriftError(
    "validation_failed",
    `${name} holds ${n(size)} bytes, over the ${n(max)} bytes adrift reads from such a file; give a smaller file`,
    { path: name, size, limit: max },
  );
}
