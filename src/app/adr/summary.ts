import type { AdrFamily, AdrWarning } from "../../core/adr/read-adr.js";

/** An accepted or imported ADR, as reports, doctor and the index see it. */
export type AdrSummary = {
  id: string;
  number?: number;
  title: string;
  status: string;
  date?: string;
  path: string;
  family: AdrFamily;
  record_ids: string[];
  supersedes: string[];
  superseded_by: string[];
  links: { type: string; target: string }[];
  warnings: AdrWarning[];
};
