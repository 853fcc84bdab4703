// Types the staleness engine (engine.ts) and its content lookups (contents.ts) share.

/** Fingerprints of records whose basis had them but the caller dropped them (the cache does). */
export type FingerprintSource = () => Promise<Map<string, Record<string, string> | undefined>>;

/**
 * What a report needs kept to be carried forward later (see core/staleness/advance.ts): per record id
 * the paths outside its scope its finding followed renames through, and the commits the history
 * read left out.
 */
export type HistoryDetails = {
  follows: Map<string, string[]>;
  excluded?: string[];
  /** true when the history read had no merge */
  linear?: boolean;
  /** basis revisions not in this clone (compared by fingerprints): a fetch may bring them */
  missing?: string[];
};
