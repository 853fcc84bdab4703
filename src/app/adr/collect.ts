import { existsSync } from "node:fs";
import type { AdrFile } from "../../core/adr/read-adr.js";
import { completeRelations } from "../../core/adr/relations.js";
import type { ProjectState } from "../../core/project/state.js";
import { type AppContext, repoPath } from "../dependencies.js";
import { adrFilesIn, readAdrFiles, readAdrFilesReusing, readDrafts } from "./files.js";
import type { AdrSummary } from "./summary.js";

// What reports read of the ADRs (the files joined with the log, the drafts), apart from what
// lists and index files need: a report loads neither the log reader nor the index writer.

/** ADRs on disk (the ADR folder, and imported files elsewhere), joined with what the log says. */
export async function collectAdrs(
  ctx: AppContext,
  state: Pick<ProjectState, "adrs">,
  /** files this command just read (repo-relative path -> read, relations not completed) */
  readAlready?: ReadonlyMap<string, AdrFile>,
): Promise<AdrSummary[]> {
  const paths = adrFilesIn(repoPath(ctx, ctx.config.adr_dir));
  const seen = new Set(paths);
  for (const adr of state.adrs.values()) {
    const absolute = repoPath(ctx, adr.path);
    if (adr.status === "imported" && !seen.has(absolute) && existsSync(absolute)) {
      seen.add(absolute);
      paths.push(absolute);
    }
  }
  const files = completeRelations(
    readAlready
      ? await readAdrFilesReusing(ctx, paths, readAlready)
      : await readAdrFiles(ctx, paths),
  );
  const byPath = new Map([...state.adrs.values()].map((a) => [a.path, a]));
  return files
    .map((f): AdrSummary => {
      const known = state.adrs.get(f.id) ?? byPath.get(f.file);
      return {
        id: known?.id ?? f.id,
        number: f.number,
        title: f.title,
        status: f.status,
        date: f.date,
        path: f.file,
        family: f.family,
        record_ids: f.records.length ? f.records : (known?.record_ids ?? []),
        supersedes: f.supersedes,
        superseded_by: f.superseded_by,
        links: f.links,
        warnings: f.warnings,
      };
    })
    .sort(
      (a, b) =>
        (a.number ?? Number.MAX_SAFE_INTEGER) - (b.number ?? Number.MAX_SAFE_INTEGER) ||
        a.path.localeCompare(b.path),
    );
}

/** A draft awaiting review, as `adr list` and PR comments show it. */
export type DraftSummary = {
  id: string;
  title: string;
  status: string;
  path: string;
  record_ids: string[];
};

/** Drafts awaiting review in the drafts folder. */
export async function listDrafts(ctx: AppContext): Promise<DraftSummary[]> {
  return (await readDrafts(ctx)).map((d) => ({
    id: d.id,
    title: d.title,
    status: d.status,
    path: d.file,
    record_ids: d.records,
  }));
}
