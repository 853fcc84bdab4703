import { existsSync } from "node:fs";
import { adrRef } from "../../core/adr/model.js";
import type { AdrWarning } from "../../core/adr/read-adr.js";
import { AdriftError } from "../../core/errors.js";
import { type AppContext, repoPath } from "../context.js";
import { loadProject } from "../load.js";
import { writeEvents } from "../writer.js";
import { adrFilesIn, readAdrAt } from "./files.js";
import { writeAdrIndex } from "./index-file.js";
import { collectAdrs } from "./list.js";

/** Where the three families keep their ADRs by default, tried in order when no folder is given. */
const DEFAULT_DIRS = [
  "doc/adr",
  "docs/decisions",
  "docs/architecture/decisions",
  "docs/adr",
  "adr",
  "decisions",
  ".decisions",
];

/** One imported file. */
export type ImportedAdr = {
  id: string;
  number?: number;
  path: string;
  status: string;
  title: string;
  family: string;
  date?: string;
  supersedes: string[];
  superseded_by: string[];
};

/**
 * Reads an existing ADR folder (adr-tools/Nygard, MADR 2 bullets, MADR 3/4 front matter,
 * log4brains) and records `adr_imported` for each ADR. Files are read, never changed;
 * what cannot be read cleanly comes back as a warning naming file and line.
 */
export async function importAdrs(ctx: AppContext, dir?: string) {
  const dirs = dir
    ? [dir]
    : DEFAULT_DIRS.filter(
        (d) => adrFilesIn(repoPath(ctx, d)).length > 0 && d !== ctx.config.drafts_dir,
      );
  if (dir && !existsSync(repoPath(ctx, dir)))
    throw new AdriftError("not_found", `no folder ${dir} in this repository`, { dir });
  const { state } = await loadProject(ctx);
  const paths = dirs.flatMap((d) => adrFilesIn(repoPath(ctx, d)));
  const files = [];
  for (const [n, file] of paths.entries()) {
    ctx.progress?.("reading ADRs", n + 1, paths.length);
    files.push(await readAdrAt(ctx, file));
  }
  const warnings: AdrWarning[] = files.flatMap((f) => f.warnings);
  const byNumber = new Map<number, string[]>();
  for (const f of files)
    if (f.number !== undefined) byNumber.set(f.number, [...(byNumber.get(f.number) ?? []), f.file]);
  for (const [n, paths] of byNumber)
    if (paths.length > 1)
      for (const p of paths)
        warnings.push({
          file: p,
          line: 1,
          message: `${adrRef(n)} is used by ${paths.length} files (${paths.join(", ")}); imported as they are: run adrift adr renumber`,
        });
  const ids = new Map<string, number>();
  for (const f of files) ids.set(f.id, (ids.get(f.id) ?? 0) + 1);
  const imported: ImportedAdr[] = [];
  let unchanged = 0;
  const drafts = [];
  for (const f of files) {
    // Two files with one id (copied front matter) must not share an ADR id: the path decides.
    const id = (ids.get(f.id) ?? 0) > 1 ? f.file : f.id;
    const known = state.adrs.get(id);
    if (
      known &&
      (known.status === "accepted" ||
        (known.path === f.file &&
          known.imported_status === f.status &&
          known.title === f.title &&
          known.number === f.number))
    ) {
      unchanged++;
      continue;
    }
    const row = {
      id,
      number: f.number,
      path: f.file,
      status: f.status,
      title: f.title,
      family: f.family,
      date: f.date,
      supersedes: f.supersedes,
      superseded_by: f.superseded_by,
    };
    imported.push(row);
    drafts.push({
      type: "adr_imported" as const,
      data: {
        adr_id: id,
        ...(f.number !== undefined ? { number: f.number } : {}),
        path: f.file,
        status: f.status,
        title: f.title.slice(0, 2000),
      },
    });
  }
  if (drafts.length) await writeEvents(ctx, drafts);
  const index = files.length
    ? writeAdrIndex(ctx, await collectAdrs(ctx, (await loadProject(ctx)).state))
    : undefined;
  return { dirs, imported, unchanged, warnings, index };
}
