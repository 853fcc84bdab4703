import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { findAdrMentions, type NumberClash, rewriteAdrMentions } from "../../core/adr/mentions.js";
import { adrRef } from "../../core/adr/model.js";
import type { AppContext } from "../dependencies.js";
import { relativePath } from "./files.js";
import { parseMarkdown } from "./markdown.js";

/** A plain-text mention renumber could not attribute: written when both ADRs existed (or never committed). */
export type MentionLeft = { file: string; line: number; ref: string };

/**
 * Which ADR file (name) each clashing number named for the author of `file`: the one of the
 * clashing files present in the ADR folder at the commit that added `file`; undefined when
 * both or neither were there, or the file was never committed.
 */
async function meaningAt(
  ctx: AppContext,
  file: string,
  clashes: readonly NumberClash[],
): Promise<(number: number) => string | undefined> {
  const first = await ctx.git.firstCommitOf(file);
  if (!first) return () => undefined;
  const dir = path.posix.normalize(ctx.config.adr_dir).replace(/\/+$/, "");
  const there = new Set(
    (await ctx.git.listFiles(first.hash, [dir])).map((e) => path.posix.basename(e.path)),
  );
  return (number) => {
    const clash = clashes.find((c) => c.number === number);
    const seen = [clash?.kept, ...(clash?.moved.map((m) => m.old) ?? [])].filter(
      (name): name is string => name !== undefined && there.has(name),
    );
    return seen.length === 1 ? seen[0] : undefined;
  };
}

/**
 * Rewrites plain-text `ADR-0007` mentions that mean a moved ADR in `files` (absolute paths;
 * `committedAs` maps a moved file's new path to the path git knows it by). Returns, per new
 * number, the files rewritten, and the mentions left for a person.
 */
export async function fixMentions(
  ctx: AppContext,
  files: readonly string[],
  clashes: readonly NumberClash[],
  committedAs: ReadonlyMap<string, string>,
): Promise<{ rewritten: Map<number, string[]>; left: MentionLeft[] }> {
  const numbers = new Set(clashes.map((c) => c.number));
  const rewritten = new Map<number, string[]>();
  const left: MentionLeft[] = [];
  for (const absolute of files) {
    let text: string;
    try {
      text = readFileSync(absolute, "utf8");
    } catch {
      continue;
    }
    if (!/\bADR[- ]\d/.test(text)) continue;
    const file = relativePath(ctx, absolute);
    const mentions = findAdrMentions(text, await parseMarkdown(text), numbers, {
      skipTitle: committedAs.has(file),
    });
    if (mentions.length === 0) continue;
    const meant = await meaningAt(ctx, committedAs.get(file) ?? file, clashes);
    const result = rewriteAdrMentions(text, mentions, clashes, meant);
    if (result.text !== text) writeFileSync(absolute, result.text);
    for (const to of new Set(result.rewritten))
      rewritten.set(to, [...(rewritten.get(to) ?? []), file]);
    for (const mention of result.left)
      left.push({ file, line: mention.line, ref: adrRef(mention.number) });
  }
  return { rewritten, left };
}
