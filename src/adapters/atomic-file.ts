import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Writes `file` whole or not at all: into a temporary file beside it (named for this process),
 * then renamed over it, so a reader never sees half of it and concurrent writers never mix.
 * Creates the directory first when asked.
 */
export function writeFileAtomically(
  file: string,
  data: string | Buffer,
  options: { mkdir?: boolean } = {},
): void {
  if (options.mkdir) mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}
