import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { adrRef, nextFreeNumber } from "../../core/adr/model.js";
import { numberOf } from "../../core/adr/values.js";
import { type AppContext, repoPath } from "../context.js";
import { loadProject } from "../load.js";
import { writeEvents } from "../writer.js";
import { adrFilesIn, relativePath } from "./files.js";
import { writeAdrIndex } from "./index-file.js";
import { collectAdrs } from "./list.js";

/** One ADR moved to a new number. */
export type Renumbered = {
  id: string;
  from: number;
  to: number;
  old_path: string;
  new_path: string;
  links_rewritten: string[];
};

/**
 * Gives every ADR that shares its number with an earlier one the next free number: the
 * earliest by its `adr_accepted` event (else by the commit that added the file) keeps it.
 * Links to a moved file are rewritten in every Markdown file of the ADR folder and its drafts.
 */
export async function renumberAdrs(ctx: AppContext) {
  const { state } = await loadProject(ctx);
  const adrs = await collectAdrs(ctx, state);
  const inFolder = adrs.filter(
    (a) =>
      a.number !== undefined &&
      path.posix.dirname(a.path) === path.posix.normalize(ctx.config.adr_dir).replace(/\/+$/, ""),
  );
  const groups = new Map<number, typeof inFolder>();
  for (const adr of inFolder) groups.set(adr.number!, [...(groups.get(adr.number!) ?? []), adr]);
  const taken = new Set(inFolder.map((a) => a.number!));
  const moved: Renumbered[] = [];
  for (const [number, group] of [...groups].sort((a, b) => a[0] - b[0])) {
    if (group.length < 2) continue;
    const keyed = await Promise.all(
      group.map(async (adr) => {
        const accepted = state.adrs.get(adr.id);
        const added = await ctx.git.fileAddedAt(adr.path);
        return {
          adr,
          order:
            accepted?.event_id ?? `~${String(added ?? Number.MAX_SAFE_INTEGER).padStart(16, "0")}`,
        };
      }),
    );
    keyed.sort((a, b) =>
      a.order < b.order ? -1 : a.order > b.order ? 1 : a.adr.path.localeCompare(b.adr.path),
    );
    for (const { adr } of keyed.slice(1)) {
      const to = nextFreeNumber(taken);
      taken.add(to);
      const oldBase = path.posix.basename(adr.path);
      const newBase = oldBase.replace(/^\d+/, String(to).padStart(4, "0"));
      const newPath = path.posix.join(path.posix.dirname(adr.path), newBase);
      renameSync(repoPath(ctx, adr.path), repoPath(ctx, newPath));
      moved.push({
        id: adr.id,
        from: number,
        to,
        old_path: adr.path,
        new_path: newPath,
        links_rewritten: [],
      });
    }
  }
  if (moved.length === 0) return { renumbered: moved };
  const files = [
    ...adrFilesIn(repoPath(ctx, ctx.config.adr_dir)),
    ...adrFilesIn(repoPath(ctx, ctx.config.drafts_dir)),
    repoPath(ctx, ctx.config.adr_index),
  ];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    let next = text;
    for (const m of moved)
      next = rewriteLinks(next, path.posix.basename(m.old_path), path.posix.basename(m.new_path));
    if (next !== text) {
      writeFileSync(file, next);
      for (const m of moved)
        if (text.includes(path.posix.basename(m.old_path)))
          m.links_rewritten.push(relativePath(ctx, file));
    }
  }
  const events = moved.flatMap((m) => {
    const accepted = state.adrs.get(m.id);
    return accepted?.status === "accepted"
      ? [
          {
            type: "adr_accepted" as const,
            data: {
              adr_id: m.id,
              number: m.to,
              path: m.new_path,
              record_ids: accepted.record_ids,
              accepted_by: accepted.accepted_by!,
            },
          },
        ]
      : [];
  });
  if (events.length) await writeEvents(ctx, events);
  const index = writeAdrIndex(ctx, await collectAdrs(ctx, state));
  return { renumbered: moved.map((m) => ({ ...m, ref: adrRef(m.to) })), index };
}

/** Rewrites Markdown link targets naming `oldBase` (a file name) to `newBase`, anywhere in a path. */
export function rewriteLinks(text: string, oldBase: string, newBase: string): string {
  const escaped = oldBase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text
    .replace(new RegExp(`(\\]\\((?:<)?(?:[^)\\s]*/)?)${escaped}(?=[)#?>\\s])`, "g"), `$1${newBase}`)
    .replace(
      new RegExp(`(^\\[[^\\]]+\\]:\\s*(?:[^\\s]*/)?)${escaped}(?=\\s|$|#)`, "gm"),
      `$1${newBase}`,
    );
}

/** Numbers used by more than one file of the ADR folder: number -> files (repo-relative). */
export function duplicateNumbers(ctx: AppContext): Map<number, string[]> {
  const byNumber = new Map<number, string[]>();
  for (const file of adrFilesIn(repoPath(ctx, ctx.config.adr_dir))) {
    const n = numberOf(path.basename(file));
    if (n !== undefined) byNumber.set(n, [...(byNumber.get(n) ?? []), relativePath(ctx, file)]);
  }
  for (const [n, files] of byNumber) if (files.length < 2) byNumber.delete(n);
  return byNumber;
}
