import type { Root } from "mdast";
import { fnv1a } from "../fnv.js";
import type { ProjectState, RecordView } from "../project/state.js";
import type { CorrespondenceAdr, CorrespondenceOverview } from "../reports/correspondence.js";
import type { Hunk } from "../review/line-diff.js";
import type { CoverageReport } from "../rules/coverage.js";
import type { ComputedState, StaleFinding } from "../staleness/types.js";

/** One file's change since a stale record's basis: its hunks, or why none are shown. */
export type SiteDiff = {
  path: string;
  from: string;
  to: string;
  hunks?: Hunk[];
  /** why the change is described, not shown (binary, too large, deleted, a rewrite) */
  note?: string;
};

/**
 * An ADR as the site shows it: the report's view, its date and its Markdown body as written
 * (front matter left out; parsed only when its page is rendered).
 */
export type SiteAdr = CorrespondenceAdr & { date?: string; source?: string };

/** Everything the site is rendered from (pure data: the build reads it, the pages render it). */
export type SiteInput = {
  /** the repository's name, for titles */
  name: string;
  state: ProjectState;
  /** the correspondence report but its records (a record's paths are taken when its page is drawn) */
  report: CorrespondenceOverview;
  /** how many files of HEAD's tree a scope entry matches */
  countMatches: (entry: string) => number;
  /**
   * record id -> its finding at HEAD: every record's in a full build; in a rebuild that took
   * staleness as the last build left it, only those of the records named in `complete`
   */
  findings: ReadonlyMap<string, StaleFinding>;
  /** record id -> its computed state at HEAD (every record with a finding): what the lists show */
  states: ReadonlyMap<string, ComputedState>;
  /**
   * when `findings` holds only some records' findings: those records (the only record pages
   * such an input can draw); undefined when it holds every record's
   */
  complete?: ReadonlySet<string>;
  adrs: readonly SiteAdr[];
  /** the records whose pages show the changes that made them stale (at most 500 stale ones) */
  diffRecords: ReadonlySet<string>;
  /**
   * record id -> the changes that made it stale: filled by the build, before it draws them, for
   * the records of `diffRecords` whose pages it draws (reading them costs git's blobs)
   */
  diffs: ReadonlyMap<string, SiteDiff[]>;
  coverage: CoverageReport;
  /**
   * a rebuild after the log only grew by new records (the last `added` of the fold, none stale,
   * every other record showing what it showed): the page the last build wrote at a path (as it
   * wrote it, else undefined), to which the lists add the new records instead of drawing every row
   */
  grown?: { added: readonly RecordView[]; page: (path: string) => string | undefined };
  /** the script every page runs when previewed (live reload), with no other script */
  liveReload?: string;
  /** parses an ADR's Markdown (GFM) into mdast */
  parseMarkdown: (text: string) => Root;
  /** base64 SHA-256 of a script's text, for the pages' Content-Security-Policy */
  scriptHash: (script: string) => string;
};

const SAFE_NAME = /^[0-9A-Za-z_-]{1,120}$/;

/** A file name from an id: as it is when it is plain, else its letters with a hash of the rest. */
export function fileNameOf(id: string): string {
  if (SAFE_NAME.test(id)) return id;
  const plain = id
    .normalize("NFKD")
    .replace(/[^0-9A-Za-z_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${plain || "adr"}-${fnv1a(id).toString(36)}`;
}

/** The page of a record, from the site's root. */
export function recordPath(id: string): string {
  return `records/${fileNameOf(id)}.html`;
}

/** The page of an ADR, from the site's root. */
export function adrPath(id: string): string {
  return `adrs/${fileNameOf(id)}.html`;
}
