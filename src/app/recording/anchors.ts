// Anchors at record time: which scope entries name a symbol (`src/a.ts#parse`), and each one's
// fingerprint as the author sees it (the working tree when the file has uncommitted changes).
import { anchorLanguageOf, readSymbols } from "../../adapters/anchors/read-symbols.js";
import { anchorEntry, anchorSplits, closeNames } from "../../core/anchors/anchor-entries.js";
import { AdriftError } from "../../core/errors.js";
import type { Anchor } from "../../core/events/common.js";
import { escapeLiteral, scopeKind, unescapeEntry } from "../../core/rules/scope.js";
import type { AppContext } from "../dependencies.js";

/** Scope entries with the anchors taken out: files in their place, and what was said about them. */
export type ResolvedAnchors = { touched: string[]; anchors: Anchor[]; warnings: string[] };

/**
 * Takes the anchors out of `entries`: an entry with a `#` that is not itself a file at `tree`,
 * and whose part before a `#` is one, names a symbol of that file. Its file joins the scope and
 * the anchor gets its fingerprint. In a file whose kind anchors do not support, the whole file
 * counts (said in `warnings`); a symbol the file does not have is an error naming close ones. A
 * file also named whole keeps no anchors.
 */
export async function resolveAnchors(
  ctx: AppContext,
  tree: string,
  entries: readonly string[],
): Promise<ResolvedAnchors> {
  // Looked up by the path an entry names (`app/[id]/page.tsx#Page`, typed escaped or not): a
  // file with glob characters in its name is a file, and goes into the scope escaped.
  const hashed = entries.filter((e) => e.includes("#")).map(unescapeEntry);
  if (hashed.length === 0) return { touched: [...entries], anchors: [], warnings: [] };
  const asked = new Set<string>();
  for (const entry of hashed) {
    asked.add(entry);
    for (const split of anchorSplits(entry)) asked.add(split.path);
  }
  const ids = await ctx.git.objectIds(tree, [...asked]);
  const blobs = await ctx.git.listFiles(
    tree,
    [...asked].filter((p) => ids.has(p)),
  );
  const isFile = new Set(blobs.map((b) => b.path));
  const touched: string[] = [];
  const wanted = new Map<string, string[]>();
  for (const entry of entries) {
    const named = unescapeEntry(entry);
    const split =
      entry.includes("#") && !isFile.has(named)
        ? anchorSplits(named).find((s) => isFile.has(s.path))
        : undefined;
    if (!split) {
      if (!touched.includes(entry)) touched.push(entry);
      continue;
    }
    const file = escapeLiteral(split.path);
    if (!touched.includes(file)) touched.push(file);
    const list = wanted.get(split.path) ?? [];
    if (!list.includes(split.symbol)) list.push(split.symbol);
    wanted.set(split.path, list);
  }
  const anchors: Anchor[] = [];
  const warnings: string[] = [];
  for (const [file, symbols] of wanted) {
    if (entries.some((e) => !e.includes("#") && unescapeEntry(e) === file)) {
      warnings.push(
        `${file} is named whole as well: its anchors (${symbols.join(", ")}) are not kept`,
      );
      continue;
    }
    const content = anchorLanguageOf(file)
      ? (await ctx.git.readFileAt(tree, file))?.toString("utf8")
      : undefined;
    const found = content === undefined ? undefined : await readSymbols(file, content);
    if (!found) {
      warnings.push(
        `${file}: anchors are not supported for this kind of file${anchorLanguageOf(file) ? " (it does not parse)" : ""}: the whole file counts`,
      );
      continue;
    }
    const byName = new Map(found.map((s) => [s.name, s]));
    for (const symbol of symbols) {
      const hit = byName.get(symbol);
      if (!hit) {
        const close = closeNames(symbol, [...byName.keys()]);
        throw new AdriftError(
          "validation_failed",
          `${file} has no symbol "${symbol}"${close.length ? `: did you mean ${close.map((n) => `${file}#${n}`).join(", ")}?` : " (it declares none adrift can anchor to)"}`,
          { path: file, symbol, close },
        );
      }
      anchors.push({
        path: file,
        symbol,
        fingerprint: hit.fingerprint,
        ...(hit.shape ? { shape: hit.shape } : {}),
      });
    }
  }
  return { touched, anchors, warnings };
}

/**
 * A scope with the files that have anchors given as those anchors (`path#symbol`), for
 * re-basing a record: a file no longer in `paths` (renamed since) keeps no anchors.
 */
export function withAnchorEntries(
  anchors: readonly { path: string; symbol: string }[],
  paths: readonly string[],
): string[] {
  const out: string[] = [];
  for (const p of paths) {
    const named = scopeKind(p) === "path" ? unescapeEntry(p) : undefined;
    const own = anchors.filter((a) => a.path === named);
    if (own.length === 0) out.push(p);
    else for (const a of own) out.push(anchorEntry(a));
  }
  return out;
}

/** Most files of a scope looked at for anchors to suggest (each is parsed twice). */
const MAX_SUGGESTED_FILES = 20;

/**
 * The symbols the author's change touched in each file entry of the scope that has no anchors:
 * the working tree's (staged or not) against HEAD, else the last commit's against its parent.
 * These are what the record is likely about: adrift names them, and `--anchor auto` takes them.
 */
export async function suggestAnchors(
  ctx: AppContext,
  entries: readonly string[],
  anchored: readonly Anchor[],
  head: string,
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  // Keyed by the entry as written; read at the path it names (`app/\[id\]/page.tsx`).
  const byFile = new Map<string, string>();
  for (const e of entries) {
    const file = unescapeEntry(e);
    if (scopeKind(e) !== "path" || e.startsWith("!") || anchorLanguageOf(file) === undefined)
      continue;
    if (!anchored.some((a) => a.path === file) && byFile.size < MAX_SUGGESTED_FILES)
      byFile.set(file, e);
  }
  const files = [...byFile.keys()];
  if (files.length === 0) return out;
  const work = await ctx.git.worktreeTree(files);
  const parent = await ctx.git.resolveRevision(`${head}^`);
  for (const file of files) {
    const [newer, older] = work?.changed.includes(file)
      ? [work.tree, head]
      : parent
        ? [head, parent]
        : [undefined, undefined];
    if (!newer || !older) continue;
    const [after, before] = await Promise.all([
      symbolsOf(ctx, newer, file),
      symbolsOf(ctx, older, file),
    ]);
    if (!after) continue;
    const was = new Map((before ?? []).map((s) => [s.name, s.fingerprint]));
    const changed = after.filter((s) => was.get(s.name) !== s.fingerprint).map((s) => s.name);
    // The innermost: a method changed changes its class too; the method is what was touched.
    const innermost = changed.filter((n) => !changed.some((m) => m.startsWith(`${n}.`)));
    if (innermost.length > 0) out.set(byFile.get(file)!, innermost);
  }
  return out;
}

async function symbolsOf(ctx: AppContext, revision: string, file: string) {
  const bytes = await ctx.git.readFileAt(revision, file);
  return bytes === undefined ? undefined : readSymbols(file, bytes.toString("utf8"));
}
