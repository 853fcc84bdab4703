import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { writeFileAtomically } from "../../adapters/atomic-file.js";
import { renderIndexTable, spliceIndex } from "../../core/render/adr-index.js";
import { type AppContext, repoPath } from "../dependencies.js";
import { AdrReadCache, hashOf } from "./read-cache.js";
import type { AdrSummary } from "./summary.js";

/**
 * Rewrites the generated decision log between its markers, or creates it; returns its path,
 * or undefined when the file exists without adrift's markers (a person's file, left alone).
 * Rendering hundreds of rows costs more than reading them: when the rows and the file are what
 * they were when adrift last wrote it, nothing is rendered.
 */
export function writeAdrIndex(ctx: AppContext, adrs: readonly AdrSummary[]): string | undefined {
  const file = repoPath(ctx, ctx.config.adr_index);
  const dir = path.dirname(file);
  const existing = existsSync(file) ? readFileSync(file, "utf8") : undefined;
  if (existing !== undefined && spliceIndex(existing, "") === undefined) return undefined;
  const rows = adrs.map((adr) => ({
    number: adr.number,
    title: adr.title,
    status: adr.status,
    date: adr.date,
    // `#`, `?` and `%` in a file name would end the path or start an escape: percent-encoded
    href: path
      .relative(dir, repoPath(ctx, adr.path))
      .split(path.sep)
      .map((segment) => segment.replace(/[%#?]/g, (c) => encodeURIComponent(c)))
      .join("/"),
    supersedes: adr.supersedes,
    superseded_by: adr.superseded_by,
    links: adr.links,
  }));
  const memo = AdrReadCache.open(ctx.git.location.gitDir);
  const rowsHash = hashOf(JSON.stringify(rows));
  if (existing !== undefined && memo.indexIsCurrent(rowsHash, hashOf(existing)))
    return ctx.config.adr_index;
  const next = spliceIndex(existing, renderIndexTable(rows))!;
  if (next !== existing) {
    mkdirSync(dir, { recursive: true });
    writeFileAtomically(file, next);
  }
  memo.rememberIndex(rowsHash, hashOf(next));
  memo.save(ctx.git.location.root);
  return ctx.config.adr_index;
}
