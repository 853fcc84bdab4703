import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { renderIndexTable, spliceIndex } from "../../core/render/adr-index.js";
import { type AppContext, repoPath } from "../context.js";
import type { AdrSummary } from "./list.js";

/**
 * Rewrites the generated decision log between its markers, or creates it; returns its path,
 * or undefined when the file exists without adrift's markers (a person's file, left alone).
 */
export function writeAdrIndex(ctx: AppContext, adrs: readonly AdrSummary[]): string | undefined {
  const file = repoPath(ctx, ctx.config.adr_index);
  const dir = path.dirname(file);
  const existing = existsSync(file) ? readFileSync(file, "utf8") : undefined;
  if (existing !== undefined && spliceIndex(existing, "") === undefined) return undefined;
  const rows = adrs.map((adr) => ({
    ...adr,
    href: path.relative(dir, repoPath(ctx, adr.path)).split(path.sep).join("/"),
  }));
  const next = spliceIndex(existing, renderIndexTable(rows))!;
  if (next !== existing) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, next);
  }
  return ctx.config.adr_index;
}
