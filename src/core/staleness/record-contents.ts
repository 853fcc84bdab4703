import type { Basis } from "../events/common.js";
import type { HistoryIndex } from "./history.js";

/** A record as staleness sees it. */
export type AssessedRecord = {
  id: string;
  kind: "intent" | "decision";
  basis: Basis;
  workline_id?: string;
  /** already marked stale in the log */
  recorded: boolean;
  /**
   * What the author saw where it differed from the basis revision (uncommitted work when the
   * record was written): path -> blob id, NO_FILE where the file was deleted. Everywhere else
   * the record saw the basis revision.
   */
  seen?: Record<string, string>;
};

/**
 * Contents the history index cannot tell (after a merge HEAD's file may be neither side's last
 * change): what HEAD holds at a path, what a basis revision held. NO_FILE where there is no
 * file; undefined when not known (the content rule is then not applied to that file).
 */
export type ContentLookup = {
  now(path: string): string | undefined;
  at(revision: string, path: string): string | undefined;
};

/** What the content rule reads for one record: what it saw at a path, what HEAD holds there. */
export type RecordContents = {
  seen(path: string): string | undefined;
  now(path: string): string | undefined;
};

/**
 * The contents a record is judged by. Without a lookup, on one line of commits, the index says
 * it: HEAD holds what a path's last event left, and the basis what the first commit after it
 * found. Otherwise the lookup answers (and nothing is known without one).
 */
export function recordContents(
  record: AssessedRecord,
  index: Pick<HistoryIndex, "byPath" | "baseBits" | "basePositions" | "linear">,
  lookup?: ContentLookup,
): RecordContents {
  const own = record.seen;
  if (lookup)
    return {
      seen: (path) => own?.[path] ?? lookup.at(record.basis.revision, path),
      now: (path) => lookup.now(path),
    };
  if (!index.linear) return { seen: (path) => own?.[path], now: () => undefined };
  const bit = index.baseBits.get(record.basis.revision);
  const basisAt = bit === undefined ? -1 : index.basePositions[bit]!;
  return {
    seen: (path) => {
      if (own && path in own) return own[path];
      const events = index.byPath.get(path);
      return events?.find((e) => e.commit > basisAt)?.was;
    },
    now: (path) => {
      const events = index.byPath.get(path);
      return events?.[events.length - 1]?.blob;
    },
  };
}
