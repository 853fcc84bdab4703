import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { adrFilesIn } from "./files.js";
import { readFrontMatter, stringList } from "./front-matter.js";

/** A draft adrift wrote earlier, as its front matter says. */
export type ExistingDraft = {
  file: string;
  id: string;
  date: string;
  cluster: string;
  records: string[];
  /** `agent` when an agent wrote its prose */
  drafted_by?: string;
};

/** The drafts in a folder that carry adrift's `cluster` and `id` keys. */
export function existingDrafts(dir: string): ExistingDraft[] {
  const found: ExistingDraft[] = [];
  for (const file of adrFilesIn(dir)) {
    try {
      const { data } = readFrontMatter(readFileSync(file, "utf8"), file);
      if (typeof data.cluster === "string" && typeof data.id === "string")
        found.push({
          file,
          id: data.id,
          date: String(data.date ?? ""),
          cluster: data.cluster,
          records: stringList(data.records),
          ...(typeof data["drafted-by"] === "string" ? { drafted_by: data["drafted-by"] } : {}),
        });
    } catch {
      // A draft whose front matter a person broke is not ours to match; it is left alone.
    }
  }
  return found;
}

/**
 * The earlier draft a cluster continues: the one with its key, else the unclaimed one sharing
 * the most of its records (a cluster's key moves when a tag's records split into code areas or
 * two areas merge; its draft, and the id the ADR keeps, should not).
 */
export function matchDraft(
  key: string,
  records: readonly string[],
  drafts: readonly ExistingDraft[],
  claimed: Set<ExistingDraft>,
  liveKeys: ReadonlySet<string>,
): ExistingDraft | undefined {
  const byKey = drafts.find((d) => d.cluster === key && !claimed.has(d));
  if (byKey) return byKey;
  let best: ExistingDraft | undefined;
  let shared = 0;
  const wanted = new Set(records);
  for (const d of drafts) {
    // A draft whose own cluster still exists is that cluster's.
    if (claimed.has(d) || liveKeys.has(d.cluster)) continue;
    const n = d.records.filter((r) => wanted.has(r)).length;
    if (n > shared) [best, shared] = [d, n];
  }
  return best;
}

/** `<slug>.md` in `dir`, or `<slug>-2.md`, … when taken. */
export function uniqueFile(dir: string, slug: string, taken: Set<string>): string {
  for (let n = 1; ; n++) {
    const file = path.join(dir, n === 1 ? `${slug}.md` : `${slug}-${n}.md`);
    if (!taken.has(file) && !existsSync(file)) {
      taken.add(file);
      return file;
    }
  }
}
