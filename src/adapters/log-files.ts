import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";

/** Suffix that makes a file part of the log. */
export const LOG_SUFFIX = ".events.ndjson";

/** The directory that holds the log and config, relative to the repository root. */
const DECISIONS = ".decisions";

/** The directories whose `*.events.ndjson` files make the log: `.decisions/` and the log dir. */
export function logDirsOf(root: string, logDir: string): string[] {
  const decisions = path.join(root, DECISIONS);
  const configured = path.join(root, logDir);
  const inside = !path.relative(decisions, configured).startsWith("..");
  return inside ? [decisions] : [decisions, configured];
}

/** Every log file below `dirs` (absolute paths, each once), sorted for deterministic reads. */
export async function listLogFiles(dirs: string | readonly string[]): Promise<string[]> {
  const found = new Set<string>();
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
      else if (entry.isFile() && entry.name.endsWith(LOG_SUFFIX)) found.add(full);
    }
  };
  for (const dir of typeof dirs === "string" ? [dirs] : dirs) await walk(dir);
  return [...found].sort();
}

/** Each log file (relative to `root`) with its size and mtime: the key of caches derived from the log. */
export async function logFileStamps(
  dirs: readonly string[],
  root: string,
): Promise<[string, number, number][]> {
  const files = await listLogFiles(dirs);
  return Promise.all(
    files.map(async (file): Promise<[string, number, number]> => {
      const s = await stat(file);
      return [path.relative(root, file), s.size, s.mtimeMs];
    }),
  );
}
