import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { readRegularFile } from "../../adapters/safe-file.js";
import type { AdrFile } from "../../core/adr/read-adr.js";
import { numberOf } from "../../core/adr/values.js";
import { type AppContext, repoPath } from "../dependencies.js";
import { AdrReadCache, blobIdOf } from "./read-cache.js";
import { readAdrText } from "./read-file.js";

/** Files in an ADR folder that are not ADRs: the folder's index, summary (mkdocs, GitBook) or sidebar. */
const NOT_ADRS = /^(readme|index|summary|_?sidebar)\.md$/i;
/**
 * Template files people keep beside their ADRs: `template.md`, `adr-short-template.md`,
 * `0000-adr-template.md`, `NNNN-adr-template.md`, `TEMPLATE.md` — the word with a few template
 * words around it, never an ADR about templates (`0012-choose-a-template-engine.md`).
 */
const W =
  "(?:adr|madr|short|long|bare|minimal|full|lightweight|simple|decision|record|nygard|default)";
// Numbered like an ADR: `0000-`, or a number's placeholder (`NNNN-`, `XXXX-`) or any number.
const TEMPLATE = new RegExp(
  `^(?:(?:\\d+|n+|x+)[-_])?(?:${W}[-_]){0,3}template(?:[-_]${W}){0,3}$`,
  "i",
);

/** Repo-relative path with forward slashes. */
export function relativePath(ctx: AppContext, absolute: string): string {
  return path.relative(ctx.git.location.root, absolute).split(path.sep).join("/");
}

function markdownIn(dir: string): string[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && /\.md$/i.test(e.name) && !NOT_ADRS.test(e.name))
    .filter((e) => !/\.regenerated\.md$/i.test(e.name))
    .map((e) => e.name)
    .sort();
}

/** The Markdown files of a folder that may be ADRs, sorted by name (not recursive; templates left out). */
export function adrFilesIn(dir: string): string[] {
  return markdownIn(dir)
    .filter((name) => !TEMPLATE.test(name.replace(/\.md$/i, "")))
    .map((name) => path.join(dir, name));
}

/** The template files of a folder (`adr-template.md`, `0000-template.md`, …): skipped on import. */
export function templateFilesIn(dir: string): string[] {
  return markdownIn(dir)
    .filter((name) => TEMPLATE.test(name.replace(/\.md$/i, "")))
    .map((name) => path.join(dir, name));
}

/**
 * Reads ADR files of any family. Each file is parsed once: a file whose bytes (its git blob
 * id) are what they were when last read comes from the read cache under the git dir.
 */
export async function readAdrFiles(
  ctx: AppContext,
  absolutes: readonly string[],
  onFile?: (done: number, total: number) => void,
): Promise<AdrFile[]> {
  const cache = AdrReadCache.open(ctx.git.location.gitDir);
  const out: AdrFile[] = [];
  for (const [n, absolute] of absolutes.entries()) {
    const file = relativePath(ctx, absolute);
    // Listed as regular files (a link is not listed); still read only as one, and bounded.
    const bytes = readRegularFile(absolute, { name: file }) ?? Buffer.alloc(0);
    const blob = blobIdOf(bytes);
    let read = cache.get(file, blob);
    if (!read) {
      read = await readAdrText(bytes.toString("utf8"), file);
      cache.set(file, blob, read);
    }
    out.push(read);
    onFile?.(n + 1, absolutes.length);
  }
  cache.save(ctx.git.location.root);
  return out;
}

/**
 * `readAdrFiles`, except for the files this command has just read (repo-relative path -> read,
 * taken as they are): an import renders its decision log from the reads it made, instead of
 * reading and hashing every file a second time.
 */
export async function readAdrFilesReusing(
  ctx: AppContext,
  absolutes: readonly string[],
  already: ReadonlyMap<string, AdrFile>,
): Promise<AdrFile[]> {
  const relatives = absolutes.map((a) => relativePath(ctx, a));
  const missing = absolutes.filter((_, i) => !already.has(relatives[i]!));
  const read = new Map(
    (missing.length ? await readAdrFiles(ctx, missing) : []).map((f) => [f.file, f]),
  );
  return relatives.map((r) => already.get(r) ?? read.get(r)!);
}

/** Reads one ADR file of any family. */
export async function readAdrAt(ctx: AppContext, absolute: string): Promise<AdrFile> {
  return (await readAdrFiles(ctx, [absolute]))[0]!;
}

/** Every ADR in the configured ADR folder (accepted and imported ones; drafts live below it). */
export async function readAdrFolder(ctx: AppContext, dir = ctx.config.adr_dir): Promise<AdrFile[]> {
  return readAdrFiles(ctx, adrFilesIn(repoPath(ctx, dir)));
}

/** Every draft awaiting review. */
export async function readDrafts(ctx: AppContext): Promise<AdrFile[]> {
  return readAdrFiles(ctx, adrFilesIn(repoPath(ctx, ctx.config.drafts_dir)));
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
