// Anchors at record time: which scope entries name a symbol (`src/a.ts#parse`), and each one's
// fingerprint as the author sees it (the working tree when the file has uncommitted changes).
import { anchorLanguageOf, readSymbols } from "../../adapters/anchors/read-symbols.js";
import { anchorSplits, closeNames } from "../../core/anchors/anchor-entries.js";
import { AdriftError } from "../../core/errors.js";
import type { Anchor } from "../../core/events/common.js";
import { scopeKind } from "../../core/rules/scope.js";
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
  const hashed = entries.filter((e) => e.includes("#") && scopeKind(e) === "path");
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
    const split =
      entry.includes("#") && !isFile.has(entry)
        ? anchorSplits(entry).find((s) => isFile.has(s.path))
        : undefined;
    if (!split) {
      if (!touched.includes(entry)) touched.push(entry);
      continue;
    }
    if (!touched.includes(split.path)) touched.push(split.path);
    const list = wanted.get(split.path) ?? [];
    if (!list.includes(split.symbol)) list.push(split.symbol);
    wanted.set(split.path, list);
  }
  const anchors: Anchor[] = [];
  const warnings: string[] = [];
  for (const [file, symbols] of wanted) {
    if (entries.includes(file)) {
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
