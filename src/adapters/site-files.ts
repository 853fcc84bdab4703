import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { AdriftError } from "../core/errors.js";
import { fnv1a } from "../core/fnv.js";

/** The file in a built site that lists its pages and their digests (what a rebuild compares). */
export const SITE_MANIFEST = ".adrift-site.json";

type Manifest = { format: "adrift.site"; files: Record<string, string> };

/** What writing a site did: pages written, left as they were, removed; bytes of the site. */
export type SiteWriteResult = {
  written: number;
  unchanged: number;
  removed: number;
  bytes: number;
  pages: number;
};

function digest(text: string): string {
  // Two 32-bit hashes (of the text, and of it reversed in halves) and the length: a change that
  // keeps all three equal is not a practical concern for deciding which pages to rewrite.
  const half = text.length >> 1;
  return `${fnv1a(text).toString(36)}.${fnv1a(text.slice(half) + text.slice(0, half)).toString(36)}.${text.length}`;
}

function readManifest(dir: string): Manifest | undefined {
  try {
    const data = JSON.parse(readFileSync(path.join(dir, SITE_MANIFEST), "utf8")) as Manifest;
    return data?.format === "adrift.site" && data.files && typeof data.files === "object"
      ? data
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Refuses a folder that holds files but no site manifest: a build never writes over, nor
 * removes from, a folder some other tool or a person filled.
 */
export function checkSiteFolder(dir: string): void {
  if (!existsSync(dir)) return;
  if (!statSync(dir).isDirectory())
    throw new AdriftError(
      "validation_failed",
      `${dir} is a file, not a folder: give --out a folder`,
    );
  if (readdirSync(dir).length > 0 && !readManifest(dir))
    throw new AdriftError(
      "validation_failed",
      `${dir} holds files that no site build wrote (no ${SITE_MANIFEST}): give --out an empty or new folder`,
    );
}

/**
 * Writes a site's pages into `dir`: only the pages whose content changed since the last build
 * (the manifest keeps each page's digest), removing the pages that are gone, so a rebuild after
 * one new record writes a handful of files.
 */
export function writeSite(
  dir: string,
  pages: Iterable<{ path: string; html: string }>,
): SiteWriteResult {
  checkSiteFolder(dir);
  const before = readManifest(dir)?.files ?? {};
  const files: Record<string, string> = {};
  const made = new Set<string>();
  let written = 0;
  let unchanged = 0;
  let bytes = 0;
  for (const page of pages) {
    const sum = digest(page.html);
    files[page.path] = sum;
    bytes += Buffer.byteLength(page.html);
    const file = path.join(dir, page.path);
    if (before[page.path] === sum && existsSync(file)) {
      unchanged++;
      continue;
    }
    const folder = path.dirname(file);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    writeFileSync(file, page.html);
    written++;
  }
  let removed = 0;
  for (const old of Object.keys(before))
    if (!(old in files)) {
      rmSync(path.join(dir, old), { force: true });
      removed++;
    }
  mkdirSync(dir, { recursive: true });
  const manifest: Manifest = { format: "adrift.site", files };
  writeFileSync(path.join(dir, SITE_MANIFEST), `${JSON.stringify(manifest)}\n`);
  return { written, unchanged, removed, bytes, pages: Object.keys(files).length };
}

/** The search engine's browser script, as the build bundled it beside adrift's code. */
export function readSearchEngineScript(): string {
  const file = new URL("../vendor/site/minisearch.js", import.meta.url);
  try {
    return readFileSync(file, "utf8")
      .replace(/\n\/\/# sourceMappingURL=.*$/m, "")
      .trim();
  } catch {
    throw new AdriftError(
      "not_found",
      "the site's search script is missing from this install (dist/vendor/site/minisearch.js): run npm run build",
    );
  }
}
