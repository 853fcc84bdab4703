/** The front matter adrift writes on drafts and accepted ADRs (MADR 4 plus adrift's fields). */
export type AdrFrontMatter = {
  id: string;
  title: string;
  status: string;
  date: string;
  "decision-makers": string[];
  /** people whose answers or confirmations the decision rests on (MADR 4) */
  consulted?: string[];
  /** people told of it (MADR 4) */
  informed?: string[];
  tags: string[];
  records: string[];
  paths: string[];
  supersedes?: string[];
  "superseded-by"?: string[];
  cluster?: string;
  /** `agent` when an agent wrote the prose (adrift checked it against the records) */
  "drafted-by"?: string;
};

/** The order of front matter keys in generated files. */
export const FRONT_MATTER_KEYS = [
  "id",
  "title",
  "status",
  "date",
  "decision-makers",
  "consulted",
  "informed",
  "tags",
  "records",
  "paths",
  "supersedes",
  "superseded-by",
  "cluster",
  "drafted-by",
] as const;

/** The statuses adrift understands; anything else is kept as written, with a warning. */
export const KNOWN_STATUSES = [
  "proposed",
  "accepted",
  "rejected",
  "deprecated",
  "superseded",
  "draft",
] as const;

/** A typed ADR reference as written in relations and status strings: `ADR-0012`. */
export function adrRef(number: number): string {
  return `ADR-${String(number).padStart(4, "0")}`;
}

/** A file name for an accepted ADR: `0012-<slug>.md`. */
export function adrFileName(number: number, slug: string): string {
  return `${String(number).padStart(4, "0")}-${slug}.md`;
}

/** The next number not used by any of `taken` (numbers start at 1). */
export function nextFreeNumber(taken: Iterable<number>): number {
  let max = 0;
  for (const n of taken) if (n > max) max = n;
  return max + 1;
}
