import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { writeFileAtomically } from "../../adapters/atomic-file.js";
import { stateDir } from "../../adapters/local-state.js";
import type { AdrFile } from "../../core/adr/read-adr.js";

/** Bumped whenever reading an ADR file gives a different result for the same bytes. */
const READER_VERSION = 3;

type Entry = { blob: string; read: AdrFile };
/** The decision log last written: a hash of its rows and of the file it gave. */
type IndexMemo = { rows: string; file: string };

/**
 * What each ADR file read as, keyed by its path and git blob id, under `<git dir>/adrift/`:
 * a file whose bytes did not change is not parsed again (re-import, list, the index, reports).
 * Derived: deleting it costs one parse per file.
 */
export class AdrReadCache {
  private readonly entries: Map<string, Entry>;
  private changed = false;
  private index: IndexMemo | undefined;

  private constructor(
    private readonly file: string,
    entries: Map<string, Entry>,
    index?: IndexMemo,
  ) {
    this.entries = entries;
    this.index = index;
  }

  /** The cache of this clone (empty when missing, unreadable or of another reader version). */
  static open(gitDir: string): AdrReadCache {
    const file = path.join(stateDir(gitDir), "adr-files.json");
    try {
      const data = JSON.parse(readFileSync(file, "utf8")) as {
        version: number;
        files: Record<string, Entry>;
        index?: IndexMemo;
      };
      if (data.version === READER_VERSION)
        return new AdrReadCache(file, new Map(Object.entries(data.files)), data.index);
    } catch {
      // missing or damaged: start empty
    }
    return new AdrReadCache(file, new Map());
  }

  /** The read of `relative` when its bytes are still `blob`. */
  get(relative: string, blob: string): AdrFile | undefined {
    const entry = this.entries.get(relative);
    return entry?.blob === blob ? structuredClone(entry.read) : undefined;
  }

  /** Remembers a read. */
  set(relative: string, blob: string, read: AdrFile): void {
    this.entries.set(relative, { blob, read: structuredClone(read) });
    this.changed = true;
  }

  /** True when the index was last written from `rows` and the file still holds what was written. */
  indexIsCurrent(rows: string, file: string): boolean {
    return this.index?.rows === rows && this.index.file === file;
  }

  /** Remembers what the index was written from and what it holds. */
  rememberIndex(rows: string, file: string): void {
    this.index = { rows, file };
    this.changed = true;
  }

  /** Writes the cache when something was added (forgetting files that are gone); a failure only costs speed. */
  save(root: string): void {
    if (!this.changed) return;
    for (const relative of this.entries.keys())
      if (!existsSync(path.join(root, relative))) this.entries.delete(relative);
    try {
      writeFileAtomically(
        this.file,
        JSON.stringify({
          version: READER_VERSION,
          files: Object.fromEntries(this.entries),
          index: this.index,
        }),
        { mkdir: true },
      );
      this.changed = false;
    } catch {
      // a read-only git dir: the next run parses again
    }
  }
}

/** A short hash of a text, for the index memo. */
export function hashOf(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}

/** The git blob id of some bytes (what `git hash-object` prints), without running git. */
export function blobIdOf(bytes: Buffer): string {
  return createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
}
