import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";

/** Suffix that makes a file part of the log. */
export const LOG_SUFFIX = ".events.ndjson";

/** Every log file below `dir` (absolute paths), sorted for deterministic reads. */
export async function listLogFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (current: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && entry.name.endsWith(LOG_SUFFIX)) found.push(full);
    }
  };
  await walk(dir);
  return found.sort();
}

/** Each log file with its size and modification time: the key of caches derived from the log. */
export async function logFileStamps(dir: string): Promise<[string, number, number][]> {
  const files = await listLogFiles(dir);
  return Promise.all(
    files.map(async (file): Promise<[string, number, number]> => {
      const s = await stat(file);
      return [path.relative(dir, file), s.size, s.mtimeMs];
    }),
  );
}
