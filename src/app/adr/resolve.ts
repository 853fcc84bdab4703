import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { adrRef } from "../../core/adr/model.js";
import { numberOf } from "../../core/adr/values.js";
import { AdriftError } from "../../core/errors.js";
import { type AppContext, repoPath } from "../dependencies.js";
import { adrFilesIn, relativePath } from "./files.js";
import { readFrontMatter } from "./front-matter.js";
import type { AdrSummary } from "./summary.js";

/** A draft found by path or by its front matter id (or a unique prefix of it). */
export type FoundDraft = {
  file: string;
  path: string;
  text: string;
  data: Record<string, unknown>;
};

/** Finds a draft by path (relative to the repository root or absolute) or by id. */
export function findDraft(ctx: AppContext, ref: string): FoundDraft {
  const asPath = path.isAbsolute(ref) ? ref : repoPath(ctx, ref);
  const candidates =
    existsSync(asPath) && /\.md$/i.test(asPath)
      ? [asPath]
      : adrFilesIn(repoPath(ctx, ctx.config.drafts_dir));
  const wanted = ref.trim().toUpperCase();
  const matches: FoundDraft[] = [];
  for (const file of candidates) {
    const text = readFileSync(file, "utf8");
    const { data } = readFrontMatter(text, relativePath(ctx, file));
    const id = typeof data.id === "string" ? data.id.toUpperCase() : "";
    if (candidates.length === 1 && file === asPath)
      return { file, path: relativePath(ctx, file), text, data };
    if (id === wanted || (wanted.length >= 4 && id.startsWith(wanted)))
      matches.push({ file, path: relativePath(ctx, file), text, data });
  }
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1)
    throw new AdriftError(
      "validation_failed",
      `draft id prefix "${ref}" is ambiguous: give more characters`,
      { matches: matches.map((m) => m.path) },
    );
  throw new AdriftError(
    "not_found",
    `no draft "${ref}" (expected a path under ${ctx.config.drafts_dir} or a draft id; run adrift adr list)`,
    { ref },
  );
}

/** Finds one accepted ADR by `ADR-0003`, `3` or its path; ambiguous numbers are a conflict. */
export function findAdr(adrs: readonly AdrSummary[], ref: string): AdrSummary {
  const byPath = adrs.find((a) => a.path === ref || a.path.endsWith(`/${ref}`) || a.id === ref);
  if (byPath) return byPath;
  const number = /^\d+$/.test(ref.trim()) ? Number(ref) : numberOf(ref);
  const hits = adrs.filter((a) => number !== undefined && a.number === number);
  if (hits.length === 1) return hits[0]!;
  if (hits.length > 1)
    throw new AdriftError(
      "conflict",
      `${adrRef(number!)} names ${hits.length} ADRs (${hits.map((h) => h.path).join(", ")}): run adrift adr renumber first`,
    );
  throw new AdriftError(
    "not_found",
    `no ADR "${ref}" in ${adrs.length ? "the ADR folder" : "this repository"}`,
    { ref },
  );
}
