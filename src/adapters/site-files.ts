import { createHash } from "node:crypto";
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

/** The file in a built site that lists its pages and their digests (what a rebuild compares). */
export const SITE_MANIFEST = ".adrift-site.json";

/** Each page: the digest of its HTML, its size, and the digest of its key when it has one. */
type Manifest = {
  format: "adrift.site";
  files: Record<string, string>;
  sizes?: Record<string, number>;
  keys?: Record<string, string>;
};

/** What writing a site did: pages written, left as they were, removed; bytes of the site. */
export type SiteWriteResult = {
  written: number;
  unchanged: number;
  removed: number;
  bytes: number;
  pages: number;
};

function digest(text: string): string {
  // Native and fast: a build digests every page, tens of megabytes on a large log.
  return createHash("sha1").update(text).digest("base64url");
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
 * Writes a site's pages into `dir`: a page whose key is the last build's is not even rendered;
 * another is rendered and written only when its content changed (the manifest keeps each page's
 * digest); the pages that are gone are removed. A rebuild after one new record renders and
 * writes a handful of files.
 */
export function writeSite(
  dir: string,
  pages: Iterable<{ path: string; key?: string; render: () => string }>,
): SiteWriteResult {
  checkSiteFolder(dir);
  const before = readManifest(dir);
  const files: Record<string, string> = {};
  const sizes: Record<string, number> = {};
  const keys: Record<string, string> = {};
  const made = new Set<string>();
  let written = 0;
  let unchanged = 0;
  let bytes = 0;
  for (const page of pages) {
    const file = path.join(dir, page.path);
    const key = page.key === undefined ? undefined : digest(page.key);
    const kept = before?.files[page.path];
    const size = before?.sizes?.[page.path];
    if (
      key !== undefined &&
      kept &&
      size !== undefined &&
      before?.keys?.[page.path] === key &&
      existsSync(file)
    ) {
      files[page.path] = kept;
      sizes[page.path] = size;
      keys[page.path] = key;
      bytes += size;
      unchanged++;
      continue;
    }
    const html = page.render();
    const sum = digest(html);
    files[page.path] = sum;
    sizes[page.path] = Buffer.byteLength(html);
    if (key !== undefined) keys[page.path] = key;
    bytes += sizes[page.path]!;
    if (kept === sum && existsSync(file)) {
      unchanged++;
      continue;
    }
    const folder = path.dirname(file);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    writeFileSync(file, html);
    written++;
  }
  let removed = 0;
  for (const old of Object.keys(before?.files ?? {}))
    if (!(old in files)) {
      rmSync(path.join(dir, old), { force: true });
      removed++;
    }
  mkdirSync(dir, { recursive: true });
  const manifest: Manifest = { format: "adrift.site", files, sizes, keys };
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
