import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { type AdrFile, readAdrFile } from "../../core/adr/read-adr.js";
import { numberOf } from "../../core/adr/values.js";
import { type AppContext, repoPath } from "../context.js";
import { readFrontMatter } from "./front-matter.js";
import { parseMarkdown } from "./markdown.js";

/** Files in an ADR folder that are not ADRs. */
const NOT_ADRS = /^(readme|index|template|adr-template|_?sidebar)\.md$/i;

/** Repo-relative path with forward slashes. */
export function relativePath(ctx: AppContext, absolute: string): string {
  return path.relative(ctx.git.location.root, absolute).split(path.sep).join("/");
}

/** The Markdown files of a folder that may be ADRs, sorted by name (not recursive). */
export function adrFilesIn(dir: string): string[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter(
      (e) =>
        e.isFile() &&
        /\.md$/i.test(e.name) &&
        !NOT_ADRS.test(e.name) &&
        !/\.regenerated\.md$/i.test(e.name),
    )
    .map((e) => path.join(dir, e.name))
    .sort();
}

/** Reads one ADR file of any family, with its text. */
export async function readAdrAt(
  ctx: AppContext,
  absolute: string,
): Promise<AdrFile & { text: string }> {
  const text = readFileSync(absolute, "utf8");
  const file = relativePath(ctx, absolute);
  let front: Record<string, unknown> = {};
  let frontRaw = "";
  const warnings = [];
  try {
    const parsed = readFrontMatter(text, file);
    front = parsed.data;
    frontRaw = parsed.raw;
  } catch (error) {
    warnings.push({ file, line: 1, message: (error as Error).message });
  }
  const tree = await parseMarkdown(text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n"));
  const read = readAdrFile({ file, front, frontRaw, tree });
  return { ...read, warnings: [...warnings, ...read.warnings], text };
}

/** Every ADR in the configured ADR folder (accepted and imported ones; drafts live below it). */
export async function readAdrFolder(
  ctx: AppContext,
  dir = ctx.config.adr_dir,
): Promise<(AdrFile & { text: string })[]> {
  return Promise.all(adrFilesIn(repoPath(ctx, dir)).map((file) => readAdrAt(ctx, file)));
}

/** Every draft awaiting review. */
export async function readDrafts(ctx: AppContext): Promise<(AdrFile & { text: string })[]> {
  return Promise.all(
    adrFilesIn(repoPath(ctx, ctx.config.drafts_dir)).map((file) => readAdrAt(ctx, file)),
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
