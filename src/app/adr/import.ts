import { existsSync, readdirSync, statSync } from "node:fs";
import { adrRef } from "../../core/adr/model.js";
import type { AdrWarning } from "../../core/adr/read-adr.js";
import { type AdrLink, completeRelations } from "../../core/adr/relations.js";
import { AdriftError } from "../../core/errors.js";
import { indexLeftAloneNote } from "../../core/render/adr-index.js";
import { type AppContext, repoPath } from "../dependencies.js";
import { loadProject, logSizes, stateAfterAppend } from "../log/load.js";
import { checkedWrite } from "../recording/domain-lock.js";
import type { EventDraft } from "../recording/writer.js";
import { adrFilesIn, readAdrFiles, relativePath, templateFilesIn } from "./files.js";
import { writeAdrIndex } from "./index-file.js";
import { collectAdrs } from "./list.js";

/** Where the three families keep their ADRs by default, tried in order when no folder is given. */
const DEFAULT_DIRS = [
  "doc/adr",
  "docs/decisions",
  "docs/architecture/decisions",
  "doc/architecture/decisions",
  "docs/adr",
  "adr",
  "decisions",
  ".decisions",
];

/** The longest status an imported ADR may have (the log's limit for a label). */
const MAX_STATUS = 2_000;

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
  links: AdrLink[];
};

/** A file in an ADR folder that was not imported, and why. */
export type SkippedFile = { path: string; reason: string };

/**
 * Reads an existing ADR folder (adr-tools/Nygard, MADR 2 bullets, MADR 3/4 front matter,
 * log4brains) and records `adr_imported` for each ADR whose number, status, title or path the
 * log does not have yet. Files are read, never changed; each is parsed once, and not at all when
 * its bytes are what they were at the last import. What cannot be read cleanly comes back as a
 * warning naming file and line; template files are skipped, with a note.
 */
async function importAdrsUnlocked(ctx: AppContext, dir?: string) {
  if (dir && !existsSync(repoPath(ctx, dir)))
    throw new AdriftError("not_found", `no folder ${dir} in this repository`, { dir });
  const dirs = dir
    ? [dir]
    : DEFAULT_DIRS.filter(
        (d) => adrFilesIn(repoPath(ctx, d)).length > 0 && d !== ctx.config.drafts_dir,
      );
  // The log's sizes before it is read: an append by anyone else after this shows in them.
  const sizes = await logSizes(ctx);
  const loaded = await loadProject(ctx);
  const { state } = loaded;
  const paths = dirs.flatMap((d) => adrFilesIn(repoPath(ctx, d)));
  const skipped: SkippedFile[] = dirs.flatMap((d) =>
    templateFilesIn(repoPath(ctx, d)).map((file) => ({
      path: relativePath(ctx, file),
      reason: "a template (its name says so), not an ADR",
    })),
  );
  const reads = await readAdrFiles(ctx, paths, (done, total) =>
    ctx.progress?.("reading ADRs", done, total),
  );
  // The decision log is rendered from these reads (completing relations changes them in place).
  const readAlready = new Map(reads.map((f) => [f.file, structuredClone(f)]));
  const files = completeRelations(reads);
  const warnings: AdrWarning[] = files.flatMap((f) => f.warnings);
  const byNumber = new Map<number, string[]>();
  for (const f of files)
    if (f.number !== undefined) byNumber.set(f.number, [...(byNumber.get(f.number) ?? []), f.file]);
  for (const [n, same] of byNumber)
    if (same.length > 1)
      for (const p of same)
        warnings.push({
          file: p,
          line: 1,
          message: `${adrRef(n)} is used by ${same.length} files (${same.join(", ")}); imported as they are: run adrift adr renumber`,
        });
  const ids = new Map<string, number>();
  for (const f of files) ids.set(f.id, (ids.get(f.id) ?? 0) + 1);
  const imported: ImportedAdr[] = [];
  let unchanged = 0;
  const drafts: EventDraft[] = [];
  for (const f of files) {
    // A status is a label: one the log cannot hold skips its file, named, not the whole import.
    if (f.status.length > MAX_STATUS) {
      skipped.push({
        path: f.file,
        reason: `its status is ${f.status.length.toLocaleString("en-US")} characters, over the ${MAX_STATUS.toLocaleString("en-US")} a status may have; shorten it and import again`,
      });
      continue;
    }
    // Two files with one id (copied front matter) must not share an ADR id: the path decides.
    const id = (ids.get(f.id) ?? 0) > 1 ? f.file : f.id;
    const known = state.adrs.get(id);
    if (
      known &&
      (known.status === "accepted" ||
        (known.path === f.file &&
          known.imported_status === f.status &&
          known.title === f.title.slice(0, 2000) &&
          known.number === f.number))
    ) {
      unchanged++;
      continue;
    }
    const { number, status, title, family, date, supersedes, superseded_by, links } = f;
    imported.push({
      id,
      number,
      path: f.file,
      status,
      title,
      family,
      date,
      supersedes,
      superseded_by,
      links,
    });
    drafts.push({
      type: "adr_imported" as const,
      data: {
        adr_id: id,
        ...(number !== undefined ? { number } : {}),
        path: f.file,
        status,
        title: title.slice(0, 2000),
      },
    });
  }
  // The ADR index is made from the state with the new events folded in: read from the log only
  // when something besides this append changed it. The writer (and the hook gate it keeps) is
  // loaded only to write: a re-import with nothing new does without it.
  const write = async () => (await import("../recording/writer.js")).writeEventsToFile(ctx, drafts);
  const after = drafts.length ? await stateAfterAppend(ctx, loaded, sizes, await write()) : state;
  const indexed = files.length > 0 && indexBelongs(ctx, dirs);
  const index = indexed
    ? writeAdrIndex(ctx, await collectAdrs(ctx, after, readAlready))
    : undefined;
  const notes = [
    ...nothingToReadNote(ctx, dir, dirs),
    ...(indexed && index === undefined ? [indexLeftAloneNote(ctx.config.adr_index)] : []),
    ...(files.length && !indexed
      ? [
          `${ctx.config.adr_index} was not written: the ADRs imported live in ${dirs.join(", ")}, and ${ctx.config.adr_dir} has none (set adr_dir and adr_index in .decisions/config.json to keep the index beside them)`,
        ]
      : []),
  ];
  return { dirs, imported, unchanged, skipped, warnings, index, notes };
}

/** Why nothing was read: no folder of the usual ones holds ADRs, or the folder named holds none. */
function nothingToReadNote(ctx: AppContext, dir: string | undefined, dirs: readonly string[]) {
  if (dir === undefined && dirs.length === 0)
    return [
      `no ADR folder found (looked in ${DEFAULT_DIRS.join(", ")}): name yours, adrift adr import <dir>`,
    ];
  if (dir === undefined || adrFilesIn(repoPath(ctx, dir)).length > 0) return [];
  const absolute = repoPath(ctx, dir);
  const folders = statSync(absolute).isDirectory()
    ? readdirSync(absolute, { withFileTypes: true }).filter((e) => e.isDirectory()).length
    : 0;
  return [
    folders > 0
      ? `${dir} holds no Markdown file; adr import reads the files of one folder, not of its ${folders} subfolder(s): name the folder the ADRs are in`
      : `${dir} holds no Markdown file to import`,
  ];
}

/**
 * Whether the decision log (`adr_index`) is this import's to write: it exists already, or the
 * ADR folder it indexes holds ADRs or was imported. Importing `src/adr` alone does not create a
 * `docs/adr/README.md` in a folder the project does not use.
 */
function indexBelongs(ctx: AppContext, dirs: readonly string[]): boolean {
  const trim = (p: string) => p.replace(/\/+$/, "");
  return (
    existsSync(repoPath(ctx, ctx.config.adr_index)) ||
    dirs.some((d) => trim(d) === trim(ctx.config.adr_dir)) ||
    adrFilesIn(repoPath(ctx, ctx.config.adr_dir)).length > 0
  );
}

/** `importAdrsUnlocked` as one critical section: the log read, checked and appended under the clone's lock. */
export const importAdrs = checkedWrite(importAdrsUnlocked);
