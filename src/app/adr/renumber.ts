import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { rewriteLinks, rewriteTitleNumber } from "../../core/adr/links.js";
import type { NumberClash } from "../../core/adr/mentions.js";
import { adrRef, nextFreeNumber } from "../../core/adr/model.js";
import { type AppContext, repoPath } from "../dependencies.js";
import { loadProject } from "../log/load.js";
import { checkedWrite } from "../recording/domain-lock.js";
import { writeEvents } from "../recording/writer.js";
import { adrFilesIn, relativePath } from "./files.js";
import { writeAdrIndex } from "./index-file.js";
import { collectAdrs } from "./list.js";
import { fixMentions } from "./renumber-mentions.js";
import { fixCounterparts } from "./renumber-relations.js";

/** One ADR moved to a new number. */
export type Renumbered = {
  id: string;
  from: number;
  to: number;
  old_path: string;
  new_path: string;
  links_rewritten: string[];
  /** files whose plain-text `ADR-0007` mentions meant this ADR and now name its new number */
  mentions_rewritten: string[];
};

/**
 * Gives every ADR that shares its number with an earlier one the next free number: the
 * earliest by its `adr_accepted` event (else by the commit that added the file) keeps it.
 * Links to a moved file are rewritten in every Markdown file of the ADR folder and its drafts,
 * and so are plain-text mentions of its old number where the file's author can only have meant
 * it (see renumber-mentions); the others are returned in `mentions_left`.
 */
async function renumberAdrsUnlocked(ctx: AppContext) {
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
  const clashes: NumberClash[] = [];
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
    const clash: NumberClash = { number, kept: path.posix.basename(keyed[0]!.adr.path), moved: [] };
    clashes.push(clash);
    for (const { adr } of keyed.slice(1)) {
      const to = nextFreeNumber(taken);
      taken.add(to);
      const oldBase = path.posix.basename(adr.path);
      const newBase = oldBase.replace(/^\d+/, String(to).padStart(4, "0"));
      const newPath = path.posix.join(path.posix.dirname(adr.path), newBase);
      renameSync(repoPath(ctx, adr.path), repoPath(ctx, newPath));
      const movedText = readFileSync(repoPath(ctx, newPath), "utf8");
      const retitled = rewriteTitleNumber(movedText, number, to);
      if (retitled !== movedText) writeFileSync(repoPath(ctx, newPath), retitled);
      moved.push({
        id: adr.id,
        from: number,
        to,
        old_path: adr.path,
        new_path: newPath,
        links_rewritten: [],
        mentions_rewritten: [],
      });
      clash.moved.push({ old: oldBase, new: newBase, to });
    }
  }
  // Always regenerate the index: after a merge it is the file both branches rewrote.
  if (moved.length === 0)
    return { renumbered: moved, index: writeAdrIndex(ctx, adrs), mentions_left: [] };
  const adrMarkdown = [
    ...adrFilesIn(repoPath(ctx, ctx.config.adr_dir)),
    ...adrFilesIn(repoPath(ctx, ctx.config.drafts_dir)),
  ];
  for (const file of [...adrMarkdown, repoPath(ctx, ctx.config.adr_index)]) {
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
  for (const m of moved)
    for (const file of fixCounterparts(ctx, adrs, m))
      if (!m.links_rewritten.includes(file)) m.links_rewritten.push(file);
  // The index is regenerated below; its table is not prose.
  const mentions = await fixMentions(
    ctx,
    adrMarkdown,
    clashes,
    new Map(moved.map((m) => [m.new_path, m.old_path])),
  );
  for (const m of moved) m.mentions_rewritten = mentions.rewritten.get(m.to) ?? [];
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
  return {
    renumbered: moved.map((m) => ({ ...m, ref: adrRef(m.to) })),
    index,
    mentions_left: mentions.left,
  };
}

/** `renumberAdrsUnlocked` as one critical section: the log read, checked and appended under the clone's lock. */
export const renumberAdrs = checkedWrite(renumberAdrsUnlocked);
