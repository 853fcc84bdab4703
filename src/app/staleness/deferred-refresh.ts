// The pre-commit hook marks records while git waits for it. Bringing the staleness cache up to
// date with those marks (the cached records, the stored report, the hook gate: a few MB
// rewritten on a big log) is left to the next adrift that reads the cache — usually the
// post-commit refresh, in the background — through a note saying what was appended. The note
// holds only while the file is exactly as the append left it: any other write to it, and the
// cache is derived again from the log instead.
import { readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { writeFileAtomically } from "../../adapters/atomic-file.js";
import { stateDir } from "../../adapters/local-state.js";
import { statIdentity } from "../../adapters/log-files.js";

/** What an append of marks left for the cache to take in: see `refreshAfterMarks`. */
export type DeferredRefresh = {
  /** the log file written, repo-relative */
  file: string;
  /** bytes the append added */
  appended: number;
  /** the HEAD of the report the marks were made from */
  head: string;
  /** the records marked */
  marked: string[];
};

type Note = DeferredRefresh & { version: 1; identity: string };

const noteFile = (gitDir: string) => path.join(stateDir(gitDir), "deferred-refresh.json");

/** The file's stat identity (`statIdentity`), undefined when it is gone. */
function identityOf(file: string): string | undefined {
  const s = statSync(file, { throwIfNoEntry: false });
  return s ? statIdentity(s) : undefined;
}

/**
 * Leaves the cache refresh after an append of marks to the next reader. Returns false when the
 * note could not be written (then the caller refreshes now).
 */
export function deferRefresh(gitDir: string, root: string, refresh: DeferredRefresh): boolean {
  const identity = identityOf(path.join(root, refresh.file));
  if (identity === undefined) return false;
  const note: Note = { version: 1, identity, ...refresh };
  try {
    writeFileAtomically(noteFile(gitDir), JSON.stringify(note), { mkdir: true });
    return true;
  } catch {
    return false;
  }
}

/** True when a refresh is waiting (a cheap check before taking the lock). */
export function refreshDeferred(gitDir: string): boolean {
  return statSync(noteFile(gitDir), { throwIfNoEntry: false }) !== undefined;
}

/**
 * Takes the waiting refresh (the note is removed either way): undefined when there is none, or
 * when the file is no longer exactly as the append left it. Call under the marks lock.
 */
export function takeDeferredRefresh(gitDir: string, root: string): DeferredRefresh | undefined {
  const file = noteFile(gitDir);
  let note: Note | undefined;
  try {
    note = JSON.parse(readFileSync(file, "utf8")) as Note;
  } catch {
    return undefined;
  } finally {
    rmSync(file, { force: true });
  }
  if (note?.version !== 1 || !Array.isArray(note.marked) || typeof note.file !== "string")
    return undefined;
  if (identityOf(path.join(root, note.file)) !== note.identity) return undefined;
  const { version: _version, identity: _identity, ...refresh } = note;
  return refresh;
}
